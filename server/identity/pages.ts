/**
 * Server-rendered pages of the dev identity server: plain HTML, one inline stylesheet allowed
 * by hash in the Content-Security-Policy, no external fonts, scripts or CSS, every dynamic
 * value HTML-escaped.
 */
import { createHash } from 'node:crypto';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;background:#eef2f6}
body{margin:0;padding:2rem 1rem}
main{max-width:30rem;margin:0 auto;background:#fff;border:1px solid #d5dde5;border-radius:8px;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
main.wide{max-width:40rem}
.realm{text-align:center;margin:0 0 1.5rem;font-size:1.1rem;letter-spacing:.04em;text-transform:uppercase;color:#52606d}
h1{font-size:1.5rem;margin:0 0 1rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input[type=text],input[type=email],input[type=password]{display:block;width:100%;padding:.55rem .7rem;font:inherit;border:1px solid #9aa5b1;border-radius:4px;background:#fff;color:inherit}
input[aria-invalid=true]{border-color:#b42318}
.field{margin:0 0 1rem}
.field-error{color:#b42318;font-size:.9rem;margin:.25rem 0 0}
.alert{padding:.75rem 1rem;border-radius:4px;margin:0 0 1rem;border:1px solid}
.alert-error{background:#fef3f2;border-color:#fda29b;color:#7a271a}
.alert-info{background:#eff8ff;border-color:#84caff;color:#194185}
.alert-success{background:#ecfdf3;border-color:#6ce9a6;color:#05603a}
button,.button{display:inline-block;width:100%;padding:.6rem 1rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;color:#fff;background:#1858a8;border:1px solid #1858a8;border-radius:4px;cursor:pointer}
button.secondary,.button.secondary{background:#fff;color:#1858a8}
button:hover,.button:hover{background:#12457f}
button.secondary:hover,.button.secondary:hover{background:#eef2f6}
a{color:#1858a8}
a:focus-visible,button:focus-visible,input:focus-visible,.button:focus-visible{outline:3px solid #f79009;outline-offset:2px}
.options{display:flex;justify-content:space-between;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem;font-size:.95rem}
.register{margin:1.25rem 0 0;text-align:center}
.demo{margin:1.5rem 0 0;border-top:1px solid #d5dde5;padding-top:1rem}
.demo h2{font-size:1rem;margin:0 0 .5rem}
table{border-collapse:collapse;width:100%;font-size:.85rem}
th,td{text-align:left;padding:.3rem .4rem;border-bottom:1px solid #e4e7eb;vertical-align:top}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.actions{display:flex;flex-direction:column;gap:.5rem}
`;

export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** CSP of the pages; `frameAncestors` lists who may frame them (default: nobody). */
export function pageCsp(extra: { scriptHashes?: string[]; frameAncestors?: string[] } = {}): string {
  const script = extra.scriptHashes?.length ? extra.scriptHashes.join(' ') : "'none'";
  const ancestors = extra.frameAncestors?.length ? extra.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'none'",
    `script-src ${script}`,
    `style-src ${STYLE_HASH}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

export interface LayoutOptions {
  title: string;
  body: string;
  wide?: boolean;
}

/** `body` must already be safe HTML. */
export function layout({ title, body, wide }: LayoutOptions): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} | Dataworks</title>
<style>${STYLE}</style>
</head>
<body>
<main${wide ? ' class="wide"' : ''}>
<p class="realm">Dataworks</p>
${body}
</main>
</body>
</html>
`;
}

function fieldError(id: string, message: string | undefined): string {
  return message ? `<p class="field-error" id="${id}-error">${escapeHtml(message)}</p>` : '';
}

function input(options: {
  id: string;
  label: string;
  type: string;
  value?: string;
  error?: string;
  autocomplete: string;
  autofocus?: boolean;
}): string {
  const { id, label, type, value, error, autocomplete, autofocus } = options;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<div class="field">
<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${id}" type="${type}" value="${type === 'password' ? '' : escapeHtml(value ?? '')}" autocomplete="${autocomplete}"${autofocus ? ' autofocus' : ''}${invalid}>
${fieldError(id, error)}</div>`;
}

export interface DemoRow {
  username: string;
  name: string;
  organization: string;
  roles: readonly string[];
}

export interface LoginPageOptions {
  action: string;
  username?: string;
  error?: string;
  info?: string;
  registerUrl: string;
  resetUrl: string;
  demoAccounts?: readonly DemoRow[];
}

export function loginPage(options: LoginPageOptions): string {
  const { action, username, error, info, registerUrl, resetUrl, demoAccounts } = options;
  const invalid = error ? ' aria-invalid="true" aria-describedby="input-error"' : '';
  const demo =
    demoAccounts && demoAccounts.length > 0
      ? `<section class="demo" aria-labelledby="demo-heading">
<h2 id="demo-heading">Demo accounts</h2>
<p>The password of each demo account is its username.</p>
<table>
<thead><tr><th scope="col">Username</th><th scope="col">Organisation</th><th scope="col">Realm roles</th></tr></thead>
<tbody>
${demoAccounts.map((row) => `<tr><td><code>${escapeHtml(row.username)}</code></td><td>${escapeHtml(row.organization)}</td><td>${row.roles.length ? escapeHtml(row.roles.join(', ')) : '(none)'}</td></tr>`).join('\n')}
</tbody>
</table>
</section>`
      : '';
  return layout({
    title: 'Sign in',
    wide: !!demo,
    body: `<h1 id="kc-page-title">Sign in to your account</h1>
${info ? `<div class="alert alert-info" role="status">${escapeHtml(info)}</div>` : ''}
${error ? `<div class="alert alert-error" role="alert"><span id="input-error">${escapeHtml(error)}</span></div>` : ''}
<form id="kc-form-login" action="${escapeHtml(action)}" method="post" novalidate>
<div class="field">
<label for="username">Username or email</label>
<input id="username" name="username" type="text" value="${escapeHtml(username ?? '')}" autocomplete="username" autocapitalize="none" spellcheck="false" autofocus required${invalid}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
</div>
<div class="options" id="kc-form-options">
<a href="${escapeHtml(resetUrl)}">Forgot password?</a>
</div>
<button id="kc-login" name="login" type="submit">Sign in</button>
</form>
<p class="register" id="kc-registration">New user? <a href="${escapeHtml(registerUrl)}">Register</a></p>
${demo}`,
  });
}

export interface RegistrationValues {
  username?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
}

export type RegistrationErrors = Partial<Record<'username' | 'email' | 'firstName' | 'lastName' | 'password' | 'password-confirm', string>>;

export function registrationPage(options: {
  action: string;
  loginUrl: string;
  values: RegistrationValues;
  errors: RegistrationErrors;
}): string {
  const { action, loginUrl, values, errors } = options;
  const count = Object.keys(errors).length;
  return layout({
    title: 'Register',
    body: `<h1 id="kc-page-title">Register</h1>
${count ? `<div class="alert alert-error" role="alert">Please correct the ${count === 1 ? 'field' : `${count} fields`} marked below.</div>` : ''}
<form id="kc-register-form" action="${escapeHtml(action)}" method="post" novalidate>
${input({ id: 'username', label: 'Username', type: 'text', value: values.username, error: errors.username, autocomplete: 'username', autofocus: true })}
${input({ id: 'email', label: 'Email', type: 'email', value: values.email, error: errors.email, autocomplete: 'email' })}
${input({ id: 'firstName', label: 'First name', type: 'text', value: values.firstName, error: errors.firstName, autocomplete: 'given-name' })}
${input({ id: 'lastName', label: 'Last name', type: 'text', value: values.lastName, error: errors.lastName, autocomplete: 'family-name' })}
${input({ id: 'password', label: 'Password (at least 8 characters)', type: 'password', error: errors.password, autocomplete: 'new-password' })}
${input({ id: 'password-confirm', label: 'Confirm password', type: 'password', error: errors['password-confirm'], autocomplete: 'new-password' })}
<button id="kc-register" type="submit">Register</button>
</form>
<p class="register"><a href="${escapeHtml(loginUrl)}">« Back to sign in</a></p>`,
  });
}

export function resetRequestPage(options: {
  action: string;
  loginUrl?: string;
  username?: string;
  error?: string;
  message?: string;
}): string {
  const { action, loginUrl, username, error, message } = options;
  return layout({
    title: 'Forgot your password?',
    body: `<h1 id="kc-page-title">Forgot your password?</h1>
${message ? `<div class="alert alert-success" role="status">${escapeHtml(message)}</div>` : ''}
<p>Enter your username or email address and we will create a link to choose a new password. This development server writes the link to its log instead of sending an email.</p>
<form id="kc-reset-password-form" action="${escapeHtml(action)}" method="post" novalidate>
${input({ id: 'username', label: 'Username or email', type: 'text', value: username, error, autocomplete: 'username', autofocus: true })}
<button id="kc-reset-submit" type="submit">Send reset link</button>
</form>
${loginUrl ? `<p class="register"><a href="${escapeHtml(loginUrl)}">« Back to sign in</a></p>` : ''}`,
  });
}

export function newPasswordPage(options: {
  action: string;
  username: string;
  errors: Partial<Record<'password-new' | 'password-confirm', string>>;
}): string {
  const { action, username, errors } = options;
  return layout({
    title: 'Choose a new password',
    body: `<h1 id="kc-page-title">Choose a new password</h1>
<p>Account: <strong>${escapeHtml(username)}</strong></p>
<form id="kc-passwd-update-form" action="${escapeHtml(action)}" method="post" novalidate>
${input({ id: 'password-new', label: 'New password (at least 8 characters)', type: 'password', error: errors['password-new'], autocomplete: 'new-password', autofocus: true })}
${input({ id: 'password-confirm', label: 'Confirm password', type: 'password', error: errors['password-confirm'], autocomplete: 'new-password' })}
<button id="kc-passwd-submit" type="submit">Change password</button>
</form>`,
  });
}

export function messagePage(options: {
  title: string;
  message: string;
  tone?: 'info' | 'success' | 'error';
  link?: { href: string; label: string };
}): string {
  const { title, message, tone = 'info', link } = options;
  return layout({
    title,
    body: `<h1 id="kc-page-title">${escapeHtml(title)}</h1>
<div class="alert alert-${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</div>
${link ? `<p><a class="button" id="kc-back" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`,
  });
}

export function errorPage(message: string, title = 'We are sorry…'): string {
  return messagePage({ title, message, tone: 'error' });
}

export function logoutConfirmPage(formHtml: string, host: string): string {
  return layout({
    title: 'Sign out',
    body: `<h1 id="kc-page-title">Do you want to sign out?</h1>
<p>You are signed in at ${escapeHtml(host)}.</p>
${formHtml}
<div class="actions">
<button id="kc-logout" type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>
</div>`,
  });
}
