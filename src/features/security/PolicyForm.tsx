// The organisation's sign-in policy: one-time codes at every sign-in, and how long a session
// may stay idle and live at most. Lifetimes are edited in minutes and hours and checked here
// as the server checks them (common/security/securityRules).
import { useState, type FormEvent } from 'react';
import type { SignInPolicy } from '@common/security/securityContract';
import { describeDuration, SECURITY_LIMITS } from '@common/security/securityRules';
import { apiErrorMessage } from '../../api/apiError';
import { CheckField } from '../../components/CheckField';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { useUpdatePolicyMutation } from '../../api/securityApi';

export function PolicyForm({ policy, onSaved }: { policy: SignInPolicy; onSaved: (message: string) => void }) {
  const [requireMfa, setRequireMfa] = useState(policy.requireMfa);
  const [idleMinutes, setIdleMinutes] = useState(String(Math.round(policy.sessionIdleSeconds / 60)));
  const [maxHours, setMaxHours] = useState(String(Math.round((policy.sessionMaxSeconds / 3600) * 100) / 100));
  const [errors, setErrors] = useState<{ idle?: string; max?: string }>({});
  const [update, { isLoading, error }] = useUpdatePolicyMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const idle = Math.round(Number(idleMinutes) * 60);
    const max = Math.round(Number(maxHours) * 3600);
    const found: { idle?: string; max?: string } = {};
    if (!idleMinutes.trim() || !Number.isFinite(idle) || idle < SECURITY_LIMITS.idleMin || idle > SECURITY_LIMITS.idleMax) {
      found.idle = `Enter ${SECURITY_LIMITS.idleMin / 60} to ${SECURITY_LIMITS.idleMax / 60} minutes.`;
    }
    if (!maxHours.trim() || !Number.isFinite(max) || max < SECURITY_LIMITS.maxMin || max > SECURITY_LIMITS.maxMax) {
      found.max = `Enter ${SECURITY_LIMITS.maxMin / 3600} to ${SECURITY_LIMITS.maxMax / 3600} hours.`;
    }
    if (!found.idle && !found.max && idle > max) found.idle = 'The idle time cannot be longer than the maximum lifetime.';
    setErrors(found);
    if (found.idle || found.max) return;
    update({ requireMfa, sessionIdleSeconds: idle, sessionMaxSeconds: max })
      .unwrap()
      .then(
        (saved) =>
          onSaved(
            `Sign-in policy saved: one-time codes ${saved.requireMfa ? 'required' : 'optional'}, idle ${describeDuration(saved.sessionIdleSeconds)}, at most ${describeDuration(saved.sessionMaxSeconds)}.`,
          ),
        () => undefined,
      );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="policy-title">
      {error ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <CheckField
        id="policy-require-mfa"
        label="Require one-time codes at sign-in"
        help="Members enter a code from an authenticator app after their password; members without one set it up at their next sign-in."
        asSwitch
        className="mb-3"
        checked={requireMfa}
        onChecked={setRequireMfa}
      />
      <div className="row g-3">
        <FormField
          className="col-sm-6"
          id="policy-idle"
          label="Session idle time (minutes)"
          inputMode="numeric"
          value={idleMinutes}
          onValue={setIdleMinutes}
          error={errors.idle}
          help="A session without activity for this long ends."
        />
        <FormField
          className="col-sm-6"
          id="policy-max"
          label="Maximum session lifetime (hours)"
          inputMode="decimal"
          value={maxHours}
          onValue={setMaxHours}
          error={errors.max}
          help="A session ends this long after sign-in, active or not."
        />
      </div>
      <button type="submit" className="btn btn-primary mt-3" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Save policy'}
      </button>
    </form>
  );
}
