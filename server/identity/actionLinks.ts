/**
 * The identity server's pages reached from a link in a mail: asking for a password reset, choosing
 * the new password (also an invitation's first password) and verifying a new account's e-mail
 * address. Each link carries a random single-use key; only the key's hash is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { displayName, type AccountStore } from './accounts.js';
import { CLIENT_ID, type IdentityConfig } from './config.js';
import type { ModelStore } from './fileStore.js';
import { readForm, sendHtml } from './http.js';
import type { Logger } from './log.js';
import type { Outbox } from './outbox.js';
import { errorPage, messagePage, newPasswordPage, resetRequestPage } from './pages.js';
import { redirectUriMatches } from './redirects.js';

export const RESET_SENT =
  'If an account matches what you entered, a link to choose a new password has been written to the server log. The link expires in 15 minutes.';
const RESET_TTL_SECONDS = 15 * 60;
const RESET_MODEL = 'PasswordReset';
/** How long the link that verifies a new account's e-mail address stays valid. */
const VERIFY_TTL_SECONDS = 24 * 60 * 60;
const VERIFY_MODEL = 'EmailVerification';

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/**
 * A single-use link where the account chooses a password (the reset flow's page), e.g. for an
 * invitation. Only the key's hash is stored; the link itself is returned once and not logged.
 */
export async function issueActionLink(
  store: ModelStore,
  issuer: string,
  target: { accountId: string; redirectUri: string },
  ttlSeconds: number,
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await store.set(
    RESET_MODEL,
    hashKey(key),
    { accountId: target.accountId, clientId: CLIENT_ID, redirectUri: target.redirectUri },
    ttlSeconds,
  );
  return `${issuer}/login-actions/action-token?${new URLSearchParams({ key }).toString()}`;
}

/** The link sent at registration; following it marks the account's address verified. */
export async function issueVerificationLink(
  store: ModelStore,
  issuer: string,
  target: { accountId: string; redirectUri: string },
): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await store.set(VERIFY_MODEL, hashKey(key), target, VERIFY_TTL_SECONDS);
  return `${issuer}/login-actions/verify-email?${new URLSearchParams({ key }).toString()}`;
}

function newPasswordErrors(password: string, confirm: string): Partial<Record<'password-new' | 'password-confirm', string>> {
  if (!password) return { 'password-new': 'Please specify a password.' };
  if (password.length < 8) return { 'password-new': 'Password must be at least 8 characters.' };
  if (password.length > 256) return { 'password-new': 'Password must be at most 256 characters.' };
  if (password !== confirm) return { 'password-confirm': "Password confirmation doesn't match." };
  return {};
}

interface LinkPageDeps {
  config: IdentityConfig;
  accounts: AccountStore;
  store: ModelStore;
  log: Logger;
  /** Path of the realm, e.g. /realms/dataworks. */
  prefix: string;
  /** Where the mail the server would send goes (outbox.ts). */
  outbox: Outbox;
}

/** The link pages' handler: answers true when the request was one of them. */
export function createActionLinkPages(deps: LinkPageDeps) {
  const { config, accounts, store, log, prefix } = deps;

  function validClientAndRedirect(url: URL): { clientId: string; redirectUri: string } | undefined {
    const clientId = url.searchParams.get('client_id') ?? '';
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (
      clientId !== CLIENT_ID ||
      url.searchParams.getAll('redirect_uri').length !== 1 ||
      !redirectUriMatches(redirectUri, config.redirectUris)
    ) {
      return undefined;
    }
    return { clientId, redirectUri };
  }

  async function resetCredentials(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const target = validClientAndRedirect(url);
    if (!target) {
      sendHtml(
        res,
        400,
        errorPage(url.searchParams.get('client_id') === CLIENT_ID ? 'Invalid parameter: redirect_uri' : 'Client not found.'),
      );
      return;
    }
    const action = `${prefix}/login-actions/reset-credentials?${new URLSearchParams({ client_id: target.clientId, redirect_uri: target.redirectUri }).toString()}`;
    if (req.method !== 'POST') {
      sendHtml(res, 200, resetRequestPage({ action, loginUrl: target.redirectUri }));
      return;
    }
    const form = await readForm(req);
    const username = (form.get('username') ?? '').trim();
    if (!username) {
      sendHtml(res, 200, resetRequestPage({ action, loginUrl: target.redirectUri, error: 'Please specify your username or email.' }));
      return;
    }
    const account = accounts.findByUsernameOrEmail(username);
    if (account) {
      const key = randomBytes(32).toString('base64url');
      await store.set(
        RESET_MODEL,
        hashKey(key),
        { accountId: account.id, clientId: target.clientId, redirectUri: target.redirectUri },
        RESET_TTL_SECONDS,
      );
      const link = `${config.issuer}/login-actions/action-token?${new URLSearchParams({ key }).toString()}`;
      await deps.outbox({
        to: account.email,
        subject: 'Choose a new password (valid 15 minutes, single use)',
        link,
        username: account.username,
      });
    } else {
      log('info', 'password reset requested for an unknown account', { username: username.slice(0, 100) });
    }
    sendHtml(res, 200, resetRequestPage({ action, loginUrl: target.redirectUri, message: RESET_SENT }));
  }

  async function actionToken(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const key = url.searchParams.get('key') ?? '';
    const reset = key ? store.get(RESET_MODEL, hashKey(key)) : undefined;
    const account = reset ? accounts.findById(str(reset.accountId)) : undefined;
    if (!reset || !account) {
      sendHtml(res, 400, errorPage('This password reset link is invalid or has expired. Ask for a new one from the sign-in page.'));
      return;
    }
    const action = `${prefix}/login-actions/action-token?${new URLSearchParams({ key }).toString()}`;
    if (req.method !== 'POST') {
      sendHtml(res, 200, newPasswordPage({ action, username: account.username, errors: {} }));
      return;
    }
    const form = await readForm(req);
    const password = form.get('password-new') ?? '';
    const errors = newPasswordErrors(password, form.get('password-confirm') ?? '');
    if (Object.keys(errors).length > 0) {
      sendHtml(res, 200, newPasswordPage({ action, username: account.username, errors }));
      return;
    }
    await accounts.setPassword(account.id, password);
    await store.deleteWhere(RESET_MODEL, (payload) => payload.accountId === account.id);
    log('info', 'password changed through reset link', { username: account.username, accountId: account.id });
    const redirectUri = str(reset.redirectUri);
    sendHtml(
      res,
      200,
      messagePage({
        title: 'Password changed',
        message: `The password of ${displayName(account)} (${account.username}) has been changed. You can now sign in with it.`,
        tone: 'success',
        link: redirectUriMatches(redirectUri, config.redirectUris) ? { href: redirectUri, label: 'Back to sign in' } : undefined,
      }),
    );
  }

  /** The link sent at registration: the account's e-mail address is verified from now on. */
  async function verifyEmail(res: ServerResponse, url: URL): Promise<void> {
    const key = url.searchParams.get('key') ?? '';
    const pending = key ? store.get(VERIFY_MODEL, hashKey(key)) : undefined;
    const account = pending ? accounts.findById(str(pending.accountId)) : undefined;
    if (!pending || !account) {
      sendHtml(
        res,
        400,
        errorPage('This verification link is invalid or has expired. Sign in and ask your administrator for an invitation.'),
      );
      return;
    }
    await accounts.update(account.id, (changed) => {
      changed.emailVerified = true;
    });
    await store.deleteWhere(VERIFY_MODEL, (payload) => payload.accountId === account.id);
    log('info', 'e-mail address verified', { username: account.username, accountId: account.id });
    const redirectUri = str(pending.redirectUri);
    sendHtml(
      res,
      200,
      messagePage({
        title: 'E-mail address verified',
        message: `${account.email} is verified. Go back to Dataworks to join your organisation.`,
        tone: 'success',
        link: redirectUriMatches(redirectUri, config.redirectUris) ? { href: redirectUri, label: 'Back to Dataworks' } : undefined,
      }),
    );
  }

  return async function handleLinkPage(req: IncomingMessage, res: ServerResponse, rel: string, url: URL): Promise<boolean> {
    if (rel === '/login-actions/reset-credentials') {
      await resetCredentials(req, res, url);
      return true;
    }
    if (rel === '/login-actions/verify-email' && req.method === 'GET') {
      await verifyEmail(res, url);
      return true;
    }
    if (rel === '/login-actions/action-token') {
      await actionToken(req, res, url);
      return true;
    }
    return false;
  };
}
