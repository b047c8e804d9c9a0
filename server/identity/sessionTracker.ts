// What the organisation admins see of sign-in sessions and how they end them. oidc-provider's
// Session model holds the account and login time; the device (user agent), address and last
// access are recorded here beside it (model `SessionInfo`, keyed by the session's uid) when a
// session signs in and whenever it gets tokens. A session's id, as the admin API shows it, is
// the `sid` its portal tokens carry, so the portal can refuse those tokens once it is revoked.
//
// Ending a session removes it with its grants and every token of them, so its refresh token
// stops working at once. The same sweep ends sessions past their organisation's idle or
// maximum lifetime (a refresh token never outlives the idle time either: providerConfig.ts).
import type { Account, AccountStore } from './accounts.js';
import { CLIENT_ID } from './config.js';
import type { ModelStore, Payload } from './fileStore.js';
import type { OrganisationStore } from './organisations.js';
import type { SignInEventLog } from './signInEvents.js';

export const SESSION_INFO_MODEL = 'SessionInfo';
const TOKEN_MODELS = ['AccessToken', 'RefreshToken', 'AuthorizationCode'] as const;

export interface SessionView {
  id: string;
  accountId: string;
  username: string;
  device: string | null;
  address: string | null;
  startedAt: number;
  lastAccessAt: number;
  clients: string[];
}

interface SessionInfo {
  accountId: string;
  device: string | null;
  address: string | null;
  startedAt: number;
  lastAccessAt: number;
}

type Authorizations = Record<string, { sid?: string; grantId?: string } | undefined>;

function authorizationsOf(payload: Payload): Authorizations {
  return (payload.authorizations ?? {}) as Authorizations;
}

/** The id admins see: the portal client's sid (what its tokens carry), else the session's uid. */
export function sessionIdOf(payload: Payload): string {
  const authorizations = authorizationsOf(payload);
  return authorizations[CLIENT_ID]?.sid ?? Object.values(authorizations).find((entry) => entry?.sid)?.sid ?? String(payload.uid ?? '');
}

export interface SessionTrackerDeps {
  store: ModelStore;
  accounts: AccountStore;
  organisations: OrganisationStore;
  events: SignInEventLog;
  /** Upper bound for any SessionInfo record (the server's session lifetime, seconds). */
  sessionTtl: number;
}

export function createSessionTracker({ store, accounts, organisations, events, sessionTtl }: SessionTrackerDeps) {
  function sessions(): Array<{ jti: string; payload: Payload }> {
    return store
      .entries('Session')
      .filter(([, payload]) => typeof payload.accountId === 'string')
      .map(([jti, payload]) => ({ jti, payload }));
  }

  function infoOf(uid: string): SessionInfo | undefined {
    return store.get(SESSION_INFO_MODEL, uid) as SessionInfo | undefined;
  }

  /** A session signed in or got tokens: remember where from and when. */
  async function touch(
    uid: string | undefined,
    accountId: string | undefined,
    device: string | null,
    address: string | null,
    loginTs?: number,
  ): Promise<void> {
    if (!uid || !accountId) return;
    const now = Date.now();
    const known = infoOf(uid);
    const info: SessionInfo =
      known && known.accountId === accountId
        ? { ...known, lastAccessAt: now, address: address ?? known.address, device: known.device ?? device }
        : { accountId, device, address, startedAt: typeof loginTs === 'number' ? loginTs * 1000 : now, lastAccessAt: now };
    await store.set(SESSION_INFO_MODEL, uid, { ...info }, sessionTtl);
  }

  function view(payload: Payload): SessionView | undefined {
    const accountId = String(payload.accountId);
    const account = accounts.findById(accountId);
    if (!account) return undefined;
    const uid = String(payload.uid ?? '');
    const info = infoOf(uid);
    const loginMs = typeof payload.loginTs === 'number' ? payload.loginTs * 1000 : Date.now();
    return {
      id: sessionIdOf(payload),
      accountId,
      username: account.username,
      device: info?.device ?? null,
      address: info?.address ?? null,
      startedAt: info?.startedAt ?? loginMs,
      lastAccessAt: info?.lastAccessAt ?? loginMs,
      clients: Object.keys(authorizationsOf(payload)),
    };
  }

  function inOrganisation(account: Account | undefined, organisation: string): account is Account {
    return !!account && account.organizations.includes(organisation);
  }

  /** Live sessions of the organisation's members (of one member when given), newest first. */
  function list(organisation: string, accountId?: string): SessionView[] {
    return sessions()
      .filter(
        ({ payload }) =>
          (accountId === undefined || payload.accountId === accountId) &&
          inOrganisation(accounts.findById(String(payload.accountId)), organisation),
      )
      .map(({ payload }) => view(payload))
      .filter((entry): entry is SessionView => entry !== undefined)
      .sort((a, b) => b.startedAt - a.startedAt);
  }

  async function end(jti: string, payload: Payload): Promise<void> {
    for (const entry of Object.values(authorizationsOf(payload))) {
      const grantId = entry?.grantId;
      if (!grantId) continue;
      for (const model of TOKEN_MODELS) await store.deleteWhere(model, (token) => token.grantId === grantId);
      await store.delete('Grant', grantId);
    }
    await store.delete('Session', jti);
    if (typeof payload.uid === 'string') await store.delete(SESSION_INFO_MODEL, payload.uid);
  }

  async function logoutEvent(account: Account, reason: string): Promise<void> {
    await events.record({
      type: 'LOGOUT',
      organisation: account.organizations[0] ?? null,
      accountId: account.id,
      username: account.username,
      address: null,
      client: null,
      error: reason,
    });
  }

  /** Ends one session of the organisation; undefined when there is no such session in it. */
  async function revoke(organisation: string, sessionId: string): Promise<{ sessionId: string; accountId: string } | undefined> {
    const found = sessions().find(
      ({ payload }) => payload.uid === sessionId || Object.values(authorizationsOf(payload)).some((entry) => entry?.sid === sessionId),
    );
    const account = found ? accounts.findById(String(found.payload.accountId)) : undefined;
    if (!found || !inOrganisation(account, organisation)) return undefined;
    await end(found.jti, found.payload);
    await logoutEvent(account, 'session_revoked');
    return { sessionId: sessionIdOf(found.payload), accountId: account.id };
  }

  /** Ends every session of the account; answers how many. */
  async function endAll(account: Account, reason: string): Promise<number> {
    const own = sessions().filter(({ payload }) => payload.accountId === account.id);
    for (const { jti, payload } of own) await end(jti, payload);
    if (own.length > 0) await logoutEvent(account, reason);
    return own.length;
  }

  /** The member signed out themselves (oidc-provider ended the session): log it, forget its details. */
  async function signedOut(
    uid: string | undefined,
    accountId: string | undefined,
    address: string | null,
    client: string | null,
  ): Promise<void> {
    const account = accountId ? accounts.findById(accountId) : undefined;
    if (!account) return;
    if (uid) await store.delete(SESSION_INFO_MODEL, uid);
    await events.record({
      type: 'LOGOUT',
      organisation: account.organizations[0] ?? null,
      accountId: account.id,
      username: account.username,
      address,
      client,
      error: null,
    });
  }

  /** Ends sessions past their organisation's idle or maximum lifetime. */
  async function sweep(now = Date.now()): Promise<number> {
    let ended = 0;
    for (const { jti, payload } of sessions()) {
      const account = accounts.findById(String(payload.accountId));
      if (!account) continue;
      const policy = organisations.policyForOrganisations(account.organizations);
      const info = infoOf(String(payload.uid ?? ''));
      const started = info?.startedAt ?? (typeof payload.loginTs === 'number' ? payload.loginTs * 1000 : now);
      const last = info?.lastAccessAt ?? started;
      if (now - last > policy.sessionIdleSeconds * 1000 || now - started > policy.sessionMaxSeconds * 1000) {
        await end(jti, payload);
        await logoutEvent(account, 'session_expired');
        ended += 1;
      }
    }
    return ended;
  }

  return { touch, list, revoke, endAll, sweep, signedOut };
}

export type SessionTracker = ReturnType<typeof createSessionTracker>;
