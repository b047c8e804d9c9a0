import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { defaultPathFor } from '@common/access/access';
import { getAuthClient } from '../../api/authClient';
import { selectAuthError, selectAuthStatus, selectRealmRoles } from '../../auth';
import { StatusPage } from '../../components/StatusPage';
import { isSafeLocalPath } from '@common/paths';
import { useAppSelector } from '../../state/hooks';

/**
 * /login and /auth/signin-2. Signed in: back to the page they came from (only a local path),
 * else the default page. Signed out: straight on to the identity service, which returns here.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const status = useAppSelector(selectAuthStatus);
  const roles = useAppSelector(selectRealmRoles);
  const authError = useAppSelector(selectAuthError);
  const [failure, setFailure] = useState<string | null>(null);
  const next = params.get('next');
  const target = isSafeLocalPath(next) ? next : null;

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    getAuthClient()
      .login(target ?? undefined)
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'Sign-in could not start.'));
  }, [status, target]);

  if (status === 'authenticated') return <Navigate to={target ?? defaultPathFor(roles)} replace />;

  const problem = failure ?? authError;
  if (problem) {
    return (
      <StatusPage title="Sign-in is unavailable" code="Sign-in">
        <p>{problem}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </StatusPage>
    );
  }
  return (
    <StatusPage title="Taking you to sign-in…">
      <span className="spinner-border text-primary" role="status" aria-label="Redirecting to sign-in" />
    </StatusPage>
  );
}
