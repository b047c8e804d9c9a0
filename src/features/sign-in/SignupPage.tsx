import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { getAuthClient } from '../../api/authClient';
import { selectAuthStatus } from '../../auth';
import { StatusPage } from '../../components/StatusPage';
import { useAppSelector } from '../../state/hooks';

/** /auth/signup-2: registration happens on the identity service. */
export default function SignupPage() {
  const status = useAppSelector(selectAuthStatus);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'unauthenticated') return;
    getAuthClient()
      .register()
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'Registration could not start.'));
  }, [status]);

  if (status === 'authenticated') return <Navigate to="/" replace />;
  return (
    <StatusPage title={failure ? 'Registration is unavailable' : 'Taking you to registration…'}>
      {failure ? <p>{failure}</p> : <span className="spinner-border text-primary" role="status" aria-label="Redirecting" />}
    </StatusPage>
  );
}
