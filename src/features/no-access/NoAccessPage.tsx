import { getAuthClient } from '../../api/authClient';
import { displayName, selectSession } from '../../auth';
import { useAppSelector } from '../../state/hooks';

/** For a signed-in account that may not open any page yet (e.g. just registered). */
export default function NoAccessPage() {
  const session = useAppSelector(selectSession);
  const claims = session?.tokenParsed;
  return (
    <section className="card dw-card" aria-labelledby="no-access-title">
      <div className="card-body">
        <h1 id="no-access-title" className="h4">
          No access yet
        </h1>
        <p>
          You are signed in as <strong>{displayName(session)}</strong>
          {claims?.email ? ` (${claims.email})` : ''}, but this account has not been given access to any part of Dataworks yet.
        </p>
        <p className="text-body-secondary">Ask your organisation’s Dataworks administrator to grant you a role.</p>
        <button type="button" className="btn btn-outline-primary" onClick={() => void getAuthClient().logout()}>
          Sign out
        </button>
      </div>
    </section>
  );
}
