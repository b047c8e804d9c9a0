// /app/security/authentication: the organisation's sign-in policy, self sign-up by e-mail domain,
// the sign-in event log, and
// the platform-wide settings (password policy, brute-force protection), read-only.
import { useState } from 'react';
import { describeDuration } from '@common/security/securityRules';
import { Panel } from '../../components/Panel';
import { QueryResult } from '../../components/QueryResult';
import { PolicyForm } from './PolicyForm';
import { useGetPlatformSettingsQuery, useGetPolicyQuery } from '../../api/securityApi';
import { useGetSignUpSettingsQuery } from '../../api/signUpApi';
import { SignInEventsPanel } from './SignInEventsPanel';
import { SignUpForm } from './SignUpForm';
import { StatusMessage } from './StatusMessage';

export default function AuthenticationPage() {
  const policy = useGetPolicyQuery();
  const platform = useGetPlatformSettingsQuery();
  const signUp = useGetSignUpSettingsQuery();
  const [message, setMessage] = useState('');
  return (
    <section aria-labelledby="authentication-title">
      <h1 id="authentication-title" className="h3 mb-1">
        Authentication
      </h1>
      <p className="text-body-secondary">How your organisation&apos;s members sign in.</p>
      <StatusMessage message={message} />
      <section className="card dw-card mb-4" aria-labelledby="policy-title">
        <div className="card-body">
          <h2 id="policy-title" className="h5">
            Sign-in policy
          </h2>
          <QueryResult query={policy} loadingLabel="Loading the sign-in policy…" errorTitle="The sign-in policy could not be loaded">
            {(data) => <PolicyForm key={JSON.stringify(data)} policy={data} onSaved={setMessage} />}
          </QueryResult>
        </div>
      </section>
      <section className="card dw-card mb-4" aria-labelledby="sign-up-title">
        <div className="card-body">
          <h2 id="sign-up-title" className="h5">
            Self sign-up
          </h2>
          <p className="text-body-secondary small">
            People who register themselves join your organisation when their verified e-mail address is at one of these domains. Anyone else
            can ask you for an invitation; you are told in your notifications.
          </p>
          <QueryResult
            query={signUp}
            loadingLabel="Loading the self sign-up settings…"
            errorTitle="The self sign-up settings could not be loaded"
          >
            {(data) => <SignUpForm key={JSON.stringify(data)} settings={data} onSaved={setMessage} />}
          </QueryResult>
        </div>
      </section>
      <SignInEventsPanel />
      <Panel title="Platform settings" description="Set for the whole platform; shown here for reference.">
        <QueryResult query={platform} loadingLabel="Loading the platform settings…" errorTitle="The platform settings could not be loaded">
          {(data) => (
            <dl className="row mb-0">
              <dt className="col-sm-5">Identity provider</dt>
              <dd className="col-sm-7">{data.provider === 'keycloak' ? 'Keycloak' : 'Built-in identity server'}</dd>
              <dt className="col-sm-5">Password policy</dt>
              <dd className="col-sm-7">
                At least {data.passwordPolicy.minLength} characters{data.passwordPolicy.notUsername ? ', not the username' : ''}
                {data.passwordPolicy.requireDigits ? `, ${data.passwordPolicy.requireDigits} digit(s)` : ''}
                {data.passwordPolicy.requireUpperCase ? `, ${data.passwordPolicy.requireUpperCase} upper-case` : ''}
                {data.passwordPolicy.requireLowerCase ? `, ${data.passwordPolicy.requireLowerCase} lower-case` : ''}
                {data.passwordPolicy.requireSpecialChars ? `, ${data.passwordPolicy.requireSpecialChars} special character(s)` : ''}
                {data.passwordPolicy.passwordHistory ? `, not one of the last ${data.passwordPolicy.passwordHistory}` : ''}
              </dd>
              <dt className="col-sm-5">Brute-force protection</dt>
              <dd className="col-sm-7">
                {data.bruteForce.enabled
                  ? `${data.bruteForce.failureFactor} failed sign-ins in a row lock the account ${data.bruteForce.permanentLockout ? 'until an administrator unlocks it' : `for ${describeDuration(data.bruteForce.waitSeconds)}`}.`
                  : 'Off'}
              </dd>
            </dl>
          )}
        </QueryResult>
      </Panel>
    </section>
  );
}
