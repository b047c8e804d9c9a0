/**
 * The identity server's own pages under /realms/dataworks/login-actions: sign-in and
 * registration (oidc-provider interactions). The pages reached from a link in a mail (choosing a
 * new password, verifying an address) are in actionLinks.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { normaliseUsername, type AccountStore } from './accounts.js';
import { type IdentityConfig } from './config.js';
import { DEMO_ACCOUNTS } from './demoAccounts.js';
import type { ModelStore } from './fileStore.js';
import { readForm, sendHtml } from './http.js';
import type { Logger } from './log.js';
import { errorPage, loginPage, registrationPage, type RegistrationErrors, type RegistrationValues } from './pages.js';
import { createActionLinkPages, issueVerificationLink } from './actionLinks.js';
import { ACCOUNT_DISABLED, type LoginSteps } from './loginSteps.js';
import type { Outbox } from './outbox.js';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
const EXPIRED = 'Your sign-in attempt has expired or was opened in another browser. Go back to the application and sign in again.';

export interface LoginActionDeps {
  config: IdentityConfig;
  provider: Provider;
  accounts: AccountStore;
  store: ModelStore;
  log: Logger;
  /** Path of the realm, e.g. /realms/dataworks. */
  prefix: string;
  /** Grants the requested scopes without a consent screen. */
  grantFor(accountId: string, clientId: string, scope: string): Promise<string>;
  /** Disabled accounts, one-time codes, required actions and the event log (loginSteps.ts). */
  steps: LoginSteps;
  /** Where the mail the server would send goes (outbox.ts). */
  outbox: Outbox;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function validateRegistration(
  values: RegistrationValues & { password: string; confirm: string },
  accounts: AccountStore,
): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const username = normaliseUsername(values.username ?? '');
  if (!username) errors.username = 'Please specify a username.';
  else if (username.length < 3 || username.length > 50) errors.username = 'Username must be between 3 and 50 characters.';
  else if (!/^[a-z0-9._-]+$/.test(username)) errors.username = 'Username may only contain letters, digits, dots, hyphens and underscores.';
  else if (accounts.findByUsername(username)) errors.username = 'Username already exists.';

  const email = (values.email ?? '').trim();
  if (!email) errors.email = 'Please specify an email address.';
  else if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Invalid email address.';
  else if (accounts.findByEmail(email)) errors.email = 'Email already exists.';

  const firstName = (values.firstName ?? '').trim();
  if (!firstName) errors.firstName = 'Please specify your first name.';
  else if (firstName.length > 100) errors.firstName = 'First name must be at most 100 characters.';

  const lastName = (values.lastName ?? '').trim();
  if (!lastName) errors.lastName = 'Please specify your last name.';
  else if (lastName.length > 100) errors.lastName = 'Last name must be at most 100 characters.';

  if (!values.password) errors.password = 'Please specify a password.';
  else if (values.password.length < 8) errors.password = 'Password must be at least 8 characters.';
  else if (values.password.length > 256) errors.password = 'Password must be at most 256 characters.';
  else if (values.password === username) errors.password = 'Password must not be the same as the username.';

  if (!errors.password && values.confirm !== values.password) errors['password-confirm'] = "Password confirmation doesn't match.";
  return errors;
}

export function createLoginActions(deps: LoginActionDeps) {
  const { config, provider, accounts, store, log, prefix } = deps;
  const linkPages = createActionLinkPages(deps);
  const demoRows = config.demo
    ? DEMO_ACCOUNTS.map((demo) => ({
        username: demo.username,
        name: `${demo.firstName} ${demo.lastName}`,
        organization: demo.organization,
        roles: demo.realmRoles,
      }))
    : undefined;

  function resetUrlFor(clientId: string, redirectUri: string): string {
    return `${prefix}/login-actions/reset-credentials?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri }).toString()}`;
  }

  async function finishLogin(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    await provider.interactionFinished(req, res, { login: { accountId, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
  }

  async function interaction(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    screen: 'login' | 'register' | undefined,
  ): Promise<void> {
    let details: Interaction;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      sendHtml(res, 400, errorPage(EXPIRED));
      return;
    }
    if (details.uid !== uid) {
      sendHtml(res, 400, errorPage(EXPIRED));
      return;
    }
    const params = details.params;
    const clientId = str(params.client_id);
    const redirectUri = str(params.redirect_uri);
    const base = `${prefix}/login-actions/authenticate/${uid}`;

    if (details.prompt.name !== 'login') {
      // Consent is never asked: the dev server grants what the portal requests.
      const accountId = details.session?.accountId;
      if (!accountId) {
        sendHtml(res, 400, errorPage(EXPIRED));
        return;
      }
      const grantId = await deps.grantFor(accountId, clientId, str(params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }

    const wantsRegister = screen === 'register' || (screen === undefined && str(params.dw_screen) === 'register');
    const loginUrl = `${base}?screen=login`;
    const registerUrl = `${base}/register`;
    const resetUrl = resetUrlFor(clientId, redirectUri);

    if (wantsRegister) {
      if (req.method !== 'POST') {
        sendHtml(res, 200, registrationPage({ action: registerUrl, loginUrl, values: {}, errors: {} }));
        return;
      }
      const form = await readForm(req);
      const values = {
        username: form.get('username') ?? '',
        email: form.get('email') ?? '',
        firstName: form.get('firstName') ?? '',
        lastName: form.get('lastName') ?? '',
      };
      const password = form.get('password') ?? '';
      const errors = validateRegistration({ ...values, password, confirm: form.get('password-confirm') ?? '' }, accounts);
      if (Object.keys(errors).length > 0) {
        sendHtml(res, 200, registrationPage({ action: registerUrl, loginUrl, values, errors }));
        return;
      }
      let accountId: string;
      try {
        accountId = (await accounts.create({ ...values, password })).id;
      } catch {
        sendHtml(res, 200, registrationPage({ action: registerUrl, loginUrl, values, errors: { username: 'Username already exists.' } }));
        return;
      }
      log('info', 'account registered', { username: normaliseUsername(values.username), accountId });
      // The address is unverified until its link is followed: the portal lets an account join an
      // organisation by e-mail domain only once it is verified.
      await deps.outbox({
        to: values.email.trim(),
        subject: 'Verify your e-mail address',
        link: await issueVerificationLink(store, config.issuer, { accountId, redirectUri }),
        username: normaliseUsername(values.username),
      });
      await finishLogin(req, res, accountId);
      return;
    }

    const hint = str(params.login_hint);
    if (req.method !== 'POST') {
      sendHtml(res, 200, loginPage({ action: base, username: hint, registerUrl, resetUrl, demoAccounts: demoRows }));
      return;
    }
    const form = await readForm(req);
    const username = (form.get('username') ?? '').trim();
    const password = form.get('password') ?? '';
    const attempt = username && password ? await accounts.attempt(username, password) : undefined;
    if (attempt?.outcome !== 'ok') {
      log('info', 'sign-in failed', { username: username.slice(0, 100) });
      if (attempt)
        await deps.steps.passwordFailed(
          req,
          attempt.account,
          username,
          clientId,
          attempt.outcome,
          attempt.outcome === 'invalid' && attempt.lockedNow,
        );
      sendHtml(res, 200, loginPage({ action: base, username, error: INVALID_CREDENTIALS, registerUrl, resetUrl, demoAccounts: demoRows }));
      return;
    }
    const account = attempt.account;
    if ((await deps.steps.afterPassword(req, res, uid, account, clientId)) === 'disabled') {
      log('info', 'sign-in refused: account disabled', { username: account.username, accountId: account.id });
      sendHtml(res, 200, loginPage({ action: base, username, error: ACCOUNT_DISABLED, registerUrl, resetUrl, demoAccounts: demoRows }));
      return;
    }
    log('info', 'password accepted', { username: account.username, accountId: account.id });
  }

  /** Answers true when the request was one of the login-action pages. */
  return async function handleLoginAction(req: IncomingMessage, res: ServerResponse, rel: string, url: URL): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'POST') return false;
    const step = /^\/login-actions\/authenticate\/([A-Za-z0-9_-]{1,64})\/(otp|otp-setup|update-password)$/.exec(rel);
    if (step) {
      await deps.steps.handleStep(req, res, step[1] ?? '', step[2] ?? '');
      return true;
    }
    const match = /^\/login-actions\/authenticate\/([A-Za-z0-9_-]{1,64})(\/register)?$/.exec(rel);
    if (match) {
      const screenParam = url.searchParams.get('screen');
      const screen = match[2] ? 'register' : screenParam === 'login' ? 'login' : undefined;
      await interaction(req, res, match[1] ?? '', screen);
      return true;
    }
    return linkPages(req, res, rel, url);
  };
}
