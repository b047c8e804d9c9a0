import { useEffect } from 'react';
import { getAuthClient } from '../../api/authClient';
import { StatusPage } from '../../components/StatusPage';

/** /auth/reset-password-1: the identity service's reset-credentials flow does the work. */
export default function ResetPasswordPage() {
  const url = getAuthClient().resetPasswordUrl();
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <StatusPage title="Taking you to password reset…">
      <p>
        If nothing happens, <a href={url}>continue to the password reset page</a>.
      </p>
    </StatusPage>
  );
}
