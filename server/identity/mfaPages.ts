// The sign-in steps after the password: the one-time code, enrolling an authenticator, and
// the account-disabled message. Keycloak's field and button ids (otp, totp, kc-login,
// saveTOTPBtn, kc-totp-secret-key) so scripts written for Keycloak's pages work here too.
import { escapeHtml, layout } from './pages.js';

function errorAlert(error: string | undefined, id: string): string {
  return error ? `<div class="alert alert-error" role="alert"><span id="${id}">${escapeHtml(error)}</span></div>` : '';
}

export function otpPage(options: { action: string; username: string; error?: string }): string {
  const { action, username, error } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="otp-error"' : '';
  return layout({
    title: 'One-time code',
    body: `<h1 id="kc-page-title">Enter your one-time code</h1>
<p>Account: <strong>${escapeHtml(username)}</strong>. Open your authenticator app and enter the 6-digit code it shows for Dataworks.</p>
${errorAlert(error, 'otp-error')}
<form id="kc-otp-login-form" action="${escapeHtml(action)}" method="post" novalidate>
<div class="field">
<label for="otp">One-time code</label>
<input id="otp" name="otp" type="text" inputmode="numeric" pattern="[0-9]*" maxlength="6" autocomplete="one-time-code" autofocus required${invalid}>
</div>
<button id="kc-login" name="login" type="submit">Sign in</button>
</form>`,
  });
}

export function otpSetupPage(options: { action: string; username: string; secret: string; qrSvg: string; error?: string }): string {
  const { action, username, secret, qrSvg, error } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="totp-error"' : '';
  // The key in groups of four is easier to type into an authenticator by hand.
  const grouped = secret.replace(/(.{4})/g, '$1 ').trim();
  const qr = `data:image/svg+xml;base64,${Buffer.from(qrSvg, 'utf8').toString('base64')}`;
  return layout({
    title: 'Set up one-time codes',
    body: `<h1 id="kc-page-title">Set up one-time codes</h1>
<p>Your organisation asks for a one-time code at every sign-in. Account: <strong>${escapeHtml(username)}</strong>.</p>
<ol>
<li>Install an authenticator app (for example FreeOTP, Google Authenticator or Microsoft Authenticator).</li>
<li>Scan this QR code with it, or enter the key below by hand.</li>
<li>Enter the 6-digit code the app then shows.</li>
</ol>
<p><img id="kc-totp-qr" src="${qr}" width="200" height="200" alt="QR code of the one-time code key for ${escapeHtml(username)}"></p>
<p>Key: <code id="kc-totp-secret-key">${escapeHtml(grouped)}</code></p>
<p>This key is shown only now. If you leave this page, a new key is made next time.</p>
${errorAlert(error, 'totp-error')}
<form id="kc-totp-settings-form" action="${escapeHtml(action)}" method="post" novalidate>
<div class="field">
<label for="totp">One-time code</label>
<input id="totp" name="totp" type="text" inputmode="numeric" pattern="[0-9]*" maxlength="6" autocomplete="one-time-code" autofocus required${invalid}>
</div>
<button id="saveTOTPBtn" type="submit">Confirm and sign in</button>
</form>`,
  });
}
