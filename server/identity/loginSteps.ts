// What happens between a correct password and a finished sign-in: a disabled account is
// refused; an account with a one-time-code credential enters a code; an account whose
// organisation requires one-time codes and has none enrols one (key shown once, confirmed with
// a code); an account with the UPDATE_PASSWORD required action (reset by an admin, or an
// invitation) chooses a new password. Each outcome goes to the sign-in event log.
//
// The step an interaction has reached is kept in the store under the interaction's uid
// (model `LoginStep`), which only the browser holding that interaction's cookie can use.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Account, AccountStore } from './accounts.js';
import type { ModelStore } from './fileStore.js';
import { readForm, sendHtml } from './http.js';
import { otpPage, otpSetupPage } from './mfaPages.js';
import type { OrganisationStore } from './organisations.js';
import { newEnrolment, type OtpCredentialStore } from './otpCredentials.js';
import { errorPage, newPasswordPage } from './pages.js';
import { asString } from './scalars.js';
import type { SignInEventLog, SignInEventType } from './signInEvents.js';

const STEP_MODEL = 'LoginStep';
const STEP_TTL_SECONDS = 1800;
export const ACCOUNT_DISABLED = 'Account is disabled, contact your administrator.';
const INVALID_CODE = 'Invalid one-time code.';
const EXPIRED = 'Your sign-in attempt has expired or was opened in another browser. Go back to the application and sign in again.';

interface StepState {
  accountId: string;
  clientId: string;
  otpDone?: boolean;
  /** The key being enrolled; replaced each time the enrolment page is shown. */
  pendingSecret?: string;
  [key: string]: unknown;
}

export interface LoginStepDeps {
  provider: Provider;
  accounts: AccountStore;
  store: ModelStore;
  organisations: OrganisationStore;
  otp: OtpCredentialStore;
  events: SignInEventLog;
  /** Issuer name shown in authenticator apps. */
  otpIssuer: string;
  /** Path of the realm, e.g. /realms/dataworks. */
  prefix: string;
}

/** The client's address as this server sees it (the dev server is reached directly, not through a proxy). */
export function clientAddress(req: IncomingMessage): string | null {
  return req.socket.remoteAddress ?? null;
}

function passwordErrors(password: string, confirm: string, username: string): Partial<Record<'password-new' | 'password-confirm', string>> {
  if (!password) return { 'password-new': 'Please specify a password.' };
  if (password.length < 8) return { 'password-new': 'Password must be at least 8 characters.' };
  if (password.length > 256) return { 'password-new': 'Password must be at most 256 characters.' };
  if (password === username) return { 'password-new': 'Password must not be the same as the username.' };
  if (password !== confirm) return { 'password-confirm': "Password confirmation doesn't match." };
  return {};
}

export function createLoginSteps(deps: LoginStepDeps) {
  const { provider, accounts, store, organisations, otp, events, prefix } = deps;

  function stepUrl(uid: string, step: 'otp' | 'otp-setup' | 'update-password'): string {
    return `${prefix}/login-actions/authenticate/${uid}/${step}`;
  }

  async function event(
    req: IncomingMessage,
    type: SignInEventType,
    account: Account | undefined,
    clientId: string,
    error: string | null,
    username?: string,
  ): Promise<void> {
    await events.record({
      type,
      organisation: account?.organizations[0] ?? null,
      accountId: account?.id ?? null,
      username: account?.username ?? (username ? username.slice(0, 100) : null),
      address: clientAddress(req),
      client: clientId || null,
      error,
    });
  }

  /** Decides the next step of a signed-in-by-password interaction, renders it or finishes. */
  async function proceed(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    state: StepState,
    notice?: { error?: string },
  ): Promise<void> {
    const account = accounts.findById(state.accountId);
    if (!account || !account.enabled) {
      await store.delete(STEP_MODEL, uid);
      sendHtml(res, 200, errorPage(ACCOUNT_DISABLED));
      return;
    }
    const requireMfa = organisations.policyForOrganisations(account.organizations).requireMfa;
    if (!state.otpDone && otp.has(account.id)) {
      sendHtml(res, 200, otpPage({ action: stepUrl(uid, 'otp'), username: account.username, error: notice?.error }));
      return;
    }
    if (!state.otpDone && requireMfa) {
      const enrolment = await newEnrolment('Dataworks', account.username);
      await store.set(STEP_MODEL, uid, { ...state, pendingSecret: enrolment.secret }, STEP_TTL_SECONDS);
      sendHtml(
        res,
        200,
        otpSetupPage({
          action: stepUrl(uid, 'otp-setup'),
          username: account.username,
          secret: enrolment.secret,
          qrSvg: enrolment.qrSvg,
          error: notice?.error,
        }),
      );
      return;
    }
    if (account.requiredActions.includes('UPDATE_PASSWORD')) {
      sendHtml(res, 200, newPasswordPage({ action: stepUrl(uid, 'update-password'), username: account.username, errors: {} }));
      return;
    }
    await store.delete(STEP_MODEL, uid);
    await event(req, 'LOGIN', account, state.clientId, null);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id, amr: state.otpDone ? ['pwd', 'otp'] : ['pwd'] } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The password was right: refuse a disabled account, else go on to the next step. */
  async function afterPassword(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    account: Account,
    clientId: string,
  ): Promise<'disabled' | 'continued'> {
    if (!account.enabled) {
      await event(req, 'LOGIN_ERROR', account, clientId, 'user_disabled');
      return 'disabled';
    }
    const state: StepState = { accountId: account.id, clientId };
    await store.set(STEP_MODEL, uid, state, STEP_TTL_SECONDS);
    await proceed(req, res, uid, state);
    return 'continued';
  }

  /** A failed password check, for the event log (and a lockout when this one locked the account). */
  async function passwordFailed(
    req: IncomingMessage,
    account: Account | undefined,
    username: string,
    clientId: string,
    outcome: 'invalid' | 'locked',
    lockedNow: boolean,
  ): Promise<void> {
    const error = !account ? 'user_not_found' : outcome === 'locked' ? 'user_temporarily_disabled' : 'invalid_user_credentials';
    await event(req, 'LOGIN_ERROR', account, clientId, error, username);
    if (lockedNow) await event(req, 'LOCKOUT', account, clientId, 'too_many_failures', username);
  }

  /** The step pages (GET shows the step again, POST answers it). */
  async function handleStep(req: IncomingMessage, res: ServerResponse, uid: string, step: string): Promise<void> {
    let details;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      sendHtml(res, 400, errorPage(EXPIRED));
      return;
    }
    const state = details.uid === uid ? (store.get(STEP_MODEL, uid) as StepState | undefined) : undefined;
    const account = state ? accounts.findById(asString(state.accountId)) : undefined;
    if (!state || !account) {
      sendHtml(res, 400, errorPage(EXPIRED));
      return;
    }
    if (req.method !== 'POST') {
      await proceed(req, res, uid, state);
      return;
    }
    const form = await readForm(req);
    if (step === 'otp') {
      if (state.otpDone || !otp.has(account.id)) return proceed(req, res, uid, state);
      if (!(await otp.check(account.id, form.get('otp') ?? ''))) {
        await event(req, 'LOGIN_ERROR', account, state.clientId, 'invalid_user_credentials');
        return proceed(req, res, uid, state, { error: INVALID_CODE });
      }
      const next = { ...state, otpDone: true };
      await store.set(STEP_MODEL, uid, next, STEP_TTL_SECONDS);
      return proceed(req, res, uid, next);
    }
    if (step === 'otp-setup') {
      const secret = asString(state.pendingSecret);
      if (state.otpDone || !secret) return proceed(req, res, uid, state);
      if (!(await otp.enrol(account.id, secret, form.get('totp') ?? ''))) {
        return proceed(req, res, uid, state, { error: 'Invalid one-time code. Scan the new QR code and try again.' });
      }
      const { pendingSecret: _used, ...rest } = state;
      const next = { ...rest, otpDone: true };
      await store.set(STEP_MODEL, uid, next, STEP_TTL_SECONDS);
      return proceed(req, res, uid, next);
    }
    if (step === 'update-password') {
      if (!account.requiredActions.includes('UPDATE_PASSWORD')) return proceed(req, res, uid, state);
      const password = form.get('password-new') ?? '';
      const errors = passwordErrors(password, form.get('password-confirm') ?? '', account.username);
      if (Object.keys(errors).length > 0) {
        sendHtml(res, 200, newPasswordPage({ action: stepUrl(uid, 'update-password'), username: account.username, errors }));
        return;
      }
      await accounts.setPassword(account.id, password);
      return proceed(req, res, uid, state);
    }
    sendHtml(res, 404, errorPage('Page not found.'));
  }

  return { afterPassword, passwordFailed, handleStep };
}

export type LoginSteps = ReturnType<typeof createLoginSteps>;
