// For a signed-in account that may not open any page yet. Someone who registered themselves
// belongs to no organisation: they join theirs by e-mail domain or ask it for an invitation.
// A member of an organisation without a role asks its administrators for one.
import { getAuthClient } from '../../api/authClient';
import { displayName, organisationOf, selectSession } from '../../auth';
import { useAppSelector } from '../../state/hooks';
import { JoinOrAsk } from './JoinOrAsk';

export default function NoAccessPage() {
  const session = useAppSelector(selectSession);
  const claims = session?.tokenParsed;
  const organisation = organisationOf(claims);
  return (
    <section className="card dw-card" aria-labelledby="no-access-title">
      <div className="card-body">
        <h1 id="no-access-title" className="h4">
          No access yet
        </h1>
        <p>
          You are signed in as <strong>{displayName(session)}</strong>
          {claims?.email ? ` (${claims.email})` : ''}
          {organisation
            ? `, a member of ${organisation}, but this account has not been given access to any part of Dataworks yet.`
            : ', but this account does not belong to an organisation yet.'}
        </p>
        {organisation ? (
          <p className="text-body-secondary">Ask your organisation’s Dataworks administrator to grant you a role.</p>
        ) : (
          <div className="mb-4">
            <JoinOrAsk />
          </div>
        )}
        <button type="button" className="btn btn-outline-primary" onClick={() => void getAuthClient().logout()}>
          Sign out
        </button>
      </div>
    </section>
  );
}
