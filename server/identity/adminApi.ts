// A small admin REST API over the organisation's members, sessions, roles, sign-in policy and
// events, for the portal's security area, under /admin/realms/dataworks/portal/… as Keycloak's
// admin API sits under /admin/realms/{realm}/…. Only the portal's service client
// (portalAdminClient.ts, client-credentials grant) may call it, and every call names the
// organisation: an account, session or group of another organisation answers 404.
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hashPassword, type Account, type AccountStore } from './accounts.js';
import { bearerToken } from './bearerAuth.js';
import { AdminError, eventJson, isRoleName, memberView, parseInvitation, parsePolicy, sessionJson } from './adminViews.js';
import type { ModelStore } from './fileStore.js';
import { BodyTooLarge, readBody, sendJson } from './http.js';
import { verifyRs256 } from './jwt.js';
import type { IdentityKeys } from './keys.js';
import type { Logger } from './log.js';
import { issueActionLink } from './actionLinks.js';
import type { OrganisationStore } from './organisations.js';
import type { OtpCredentialStore } from './otpCredentials.js';
import { PORTAL_ADMIN_CLIENT_ID } from './portalAdminClient.js';
import { nowSeconds } from './scalars.js';
import type { SessionTracker } from './sessionTracker.js';
import type { SignInEventLog, SignInEventType } from './signInEvents.js';

const INVITATION_TTL_SECONDS = 72 * 3600;
const EVENT_TYPES: readonly SignInEventType[] = ['LOGIN', 'LOGIN_ERROR', 'LOCKOUT', 'LOGOUT'];

export interface AdminApiDeps {
  issuer: string;
  keys: IdentityKeys;
  accounts: AccountStore;
  store: ModelStore;
  organisations: OrganisationStore;
  otp: OtpCredentialStore;
  sessions: SessionTracker;
  events: SignInEventLog;
  log: Logger;
  /** Where an invited member lands after choosing a password (the portal). */
  portalUrl: string;
}

export const ADMIN_BASE = '/admin/realms/dataworks/portal';

export function createAdminApi(deps: AdminApiDeps) {
  const { accounts, organisations, otp, sessions, events, log } = deps;

  function authorised(req: IncomingMessage): boolean {
    const token = bearerToken(req);
    const claims = token ? verifyRs256(token, deps.keys.publicKeys) : undefined;
    return (
      !!claims &&
      claims.iss === deps.issuer &&
      typeof claims.exp === 'number' &&
      claims.exp > nowSeconds() &&
      (claims.client_id === PORTAL_ADMIN_CLIENT_ID || claims.azp === PORTAL_ADMIN_CLIENT_ID)
    );
  }

  function member(organisation: string, id: string): Account {
    const account = accounts.findById(id);
    if (!account || !account.organizations.includes(organisation))
      throw new AdminError(404, 'not_found', `No member "${id}" in this organisation.`);
    return account;
  }

  const view = (organisation: string, account: Account) => memberView(account, organisations.groups(organisation), otp.has(account.id));

  function inOrganisation(organisation: string): Account[] {
    return accounts.all().filter((account) => account.organizations.includes(organisation));
  }

  function intParam(url: URL, name: string, fallback: number, max: number): number {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > max)
      throw new AdminError(400, 'invalid_request', `${name} must be a whole number up to ${max}.`, name);
    return Number(raw);
  }

  function timeParam(url: URL, name: string): number | undefined {
    const raw = url.searchParams.get(name);
    if (raw === null) return undefined;
    const time = Date.parse(raw);
    if (Number.isNaN(time)) throw new AdminError(400, 'invalid_request', `${name} must be an ISO 8601 time.`, name);
    return time;
  }

  async function jsonBody(req: IncomingMessage): Promise<unknown> {
    const text = (await readBody(req)).toString('utf8');
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AdminError(400, 'invalid_request', 'The body is not valid JSON.');
    }
  }

  async function invite(organisation: string, body: unknown) {
    const input = parseInvitation(body);
    if (accounts.findByUsername(input.username))
      throw new AdminError(409, 'conflict', `The username "${input.username}" is taken.`, 'username');
    if (accounts.findByEmail(input.email)) throw new AdminError(409, 'conflict', 'Another account uses this e-mail address.', 'email');
    const groups = organisations.groups(organisation);
    const groupIds = input.groups.map((name) => groups.find((group) => group.id === name || group.name === name)?.id ?? '');
    if (groupIds.includes('')) throw new AdminError(404, 'not_found', 'One of the groups does not exist in this organisation.', 'groups');
    const account: Account = {
      id: randomUUID(),
      username: input.username,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      emailVerified: false,
      organizations: [organisation],
      realmRoles: [...new Set(['user', ...input.roles])],
      // Nobody knows this password: the member sets their own through the invitation link.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      createdAt: Date.now(),
      failedLogins: 0,
      lockedUntil: null,
      enabled: true,
      requiredActions: ['UPDATE_PASSWORD'],
      groups: groupIds,
    };
    await accounts.add(account);
    const actionLink = await issueActionLink(
      deps.store,
      deps.issuer,
      { accountId: account.id, redirectUri: deps.portalUrl },
      INVITATION_TTL_SECONDS,
    );
    log('info', 'member invited', { organisation, username: account.username, accountId: account.id });
    return { member: view(organisation, account), actionLink, emailSent: false };
  }

  /**
   * Self sign-up by e-mail domain (the portal decided the domain matches): an account that belongs
   * to no organisation and whose address is verified becomes a member, with the given role.
   */
  async function admit(organisation: string, body: unknown) {
    const { userId, role } = (typeof body === 'object' && body !== null ? body : {}) as { userId?: unknown; role?: unknown };
    if (typeof userId !== 'string' || !userId) throw new AdminError(400, 'invalid_request', 'userId must be an account id.', 'userId');
    if (typeof role !== 'string' || !isRoleName(role)) throw new AdminError(400, 'invalid_request', 'Not a role name.', 'role');
    const account = accounts.findById(userId);
    if (!account) throw new AdminError(404, 'not_found', `No account "${userId}".`);
    if (account.organizations.length > 0) throw new AdminError(409, 'conflict', 'The account already belongs to an organisation.');
    if (!account.emailVerified) throw new AdminError(409, 'conflict', 'The account’s e-mail address is not verified yet.', 'email');
    const admitted = await accounts.update(account.id, (target) => {
      target.organizations = [organisation];
      target.realmRoles = [...new Set([...target.realmRoles, role])];
    });
    log('info', 'account joined an organisation by e-mail domain', { organisation, username: account.username, accountId: account.id });
    return view(organisation, admitted ?? account);
  }

  async function route(req: IncomingMessage, url: URL, rest: string): Promise<[number, unknown]> {
    const method = req.method ?? 'GET';
    if (rest === '/platform-settings' && method === 'GET') {
      const lockout = accounts.lockoutPolicy();
      return [
        200,
        {
          passwordPolicy: {
            minLength: 8,
            requireDigits: 0,
            requireUpperCase: 0,
            requireLowerCase: 0,
            requireSpecialChars: 0,
            notUsername: true,
            passwordHistory: 0,
            description: 'length(8) and notUsername',
          },
          bruteForce: { enabled: true, failureFactor: lockout.failures, waitSeconds: lockout.seconds, permanentLockout: false },
          provider: 'embedded',
        },
      ];
    }
    const match = /^\/organizations\/([A-Za-z0-9][A-Za-z0-9_.-]{0,99})(\/.*)?$/.exec(rest);
    if (!match) throw new AdminError(404, 'not_found', 'No such admin resource.');
    const organisation = match[1] ?? '';
    const path = match[2] ?? '/';
    const parts = path
      .split('/')
      .filter(Boolean)
      .map((part) => decodeURIComponent(part));
    const [head, id, sub, subId] = parts;

    if (head === 'admissions' && !id && method === 'POST') return [201, await admit(organisation, await jsonBody(req))];
    if (head === 'members' && !id) {
      if (method === 'POST') return [201, await invite(organisation, await jsonBody(req))];
      if (method !== 'GET') throw new AdminError(405, 'method_not_allowed', 'Method not allowed.');
      const search = (url.searchParams.get('search') ?? '').trim().toLowerCase();
      const first = intParam(url, 'first', 0, 1_000_000);
      const max = intParam(url, 'max', 50, 500);
      const all = inOrganisation(organisation)
        .filter(
          (account) =>
            !search ||
            [account.username, account.email, account.firstName, account.lastName].some((field) => field.toLowerCase().includes(search)),
        )
        .sort((a, b) => a.username.localeCompare(b.username));
      return [200, { members: all.slice(first, first + max).map((account) => view(organisation, account)), total: all.length }];
    }
    if (head === 'members' && id) {
      const account = member(organisation, id);
      if (!sub && method === 'GET') return [200, view(organisation, account)];
      if (sub === 'enabled' && method === 'PUT') {
        const body = (await jsonBody(req)) as { enabled?: unknown };
        if (typeof body.enabled !== 'boolean') throw new AdminError(400, 'invalid_request', 'enabled must be true or false.', 'enabled');
        await accounts.update(account.id, (target) => {
          target.enabled = body.enabled as boolean;
          if (target.enabled) {
            target.failedLogins = 0;
            target.lockedUntil = null;
          }
        });
        if (!body.enabled) await sessions.endAll(account, 'user_disabled');
        return [200, view(organisation, account)];
      }
      if (sub === 'required-actions' && subId === 'UPDATE_PASSWORD' && method === 'PUT') {
        await accounts.update(account.id, (target) => {
          if (!target.requiredActions.includes('UPDATE_PASSWORD')) target.requiredActions.push('UPDATE_PASSWORD');
        });
        return [200, view(organisation, account)];
      }
      if (sub === 'otp' && !subId && method === 'DELETE') {
        await otp.remove(account.id);
        return [200, view(organisation, account)];
      }
      if (sub === 'groups' && subId && (method === 'PUT' || method === 'DELETE')) {
        const group = organisations.groups(organisation).find((entry) => entry.id === subId);
        if (!group) throw new AdminError(404, 'not_found', `No group "${subId}" in this organisation.`);
        await accounts.update(account.id, (target) => {
          target.groups =
            method === 'PUT' ? [...new Set([...target.groups, group.id])] : target.groups.filter((entry) => entry !== group.id);
        });
        return [200, view(organisation, account)];
      }
      if (sub === 'roles' && subId && (method === 'PUT' || method === 'DELETE')) {
        if (!isRoleName(subId)) throw new AdminError(400, 'invalid_request', 'Not a role name.', 'role');
        await accounts.update(account.id, (target) => {
          target.realmRoles =
            method === 'PUT' ? [...new Set([...target.realmRoles, subId])] : target.realmRoles.filter((role) => role !== subId);
        });
        return [200, view(organisation, account)];
      }
      if (sub === 'logout' && method === 'POST') {
        const notBefore = new Date(Math.ceil(Date.now() / 1000) * 1000).toISOString();
        const ended = await sessions.endAll(account, 'sign_out_everywhere');
        return [200, { memberId: account.id, notBefore, sessionsEnded: ended }];
      }
      throw new AdminError(404, 'not_found', 'No such admin resource.');
    }
    if (head === 'groups' && !id && method === 'GET') return [200, organisations.groups(organisation)];
    if (head === 'sessions' && !id && method === 'GET') {
      const memberId = url.searchParams.get('member') ?? undefined;
      if (memberId) member(organisation, memberId);
      return [200, sessions.list(organisation, memberId).map(sessionJson)];
    }
    if (head === 'sessions' && id && !sub && method === 'DELETE') {
      const revoked = await sessions.revoke(organisation, id);
      if (!revoked) throw new AdminError(404, 'not_found', `No session "${id}" in this organisation.`);
      return [200, { sessionId: revoked.sessionId, memberId: revoked.accountId }];
    }
    if (head === 'role-holders' && method === 'GET') {
      const roles = url.searchParams.getAll('role');
      return [
        200,
        inOrganisation(organisation).flatMap((account) =>
          account.realmRoles
            .filter((role) => roles.includes(role))
            .map((role) => ({ memberId: account.id, username: account.username, role })),
        ),
      ];
    }
    if (head === 'policy' && !id) {
      if (method === 'GET') return [200, organisations.policy(organisation)];
      if (method === 'PUT') {
        const policy = await organisations.setPolicy(organisation, parsePolicy(await jsonBody(req)));
        // Sessions already past a shorter lifetime end now rather than at the next sweep.
        await sessions.sweep();
        return [200, policy];
      }
    }
    if (head === 'events' && !id && method === 'GET') {
      const types = url.searchParams.getAll('type');
      if (types.some((type) => !EVENT_TYPES.includes(type as SignInEventType)))
        throw new AdminError(400, 'invalid_request', `type must be one of ${EVENT_TYPES.join(', ')}.`, 'type');
      const memberId = url.searchParams.get('member') ?? undefined;
      const page = events.query({
        organisation,
        types: types.length > 0 ? (types as SignInEventType[]) : undefined,
        accountId: memberId,
        from: timeParam(url, 'from'),
        to: timeParam(url, 'to'),
        first: intParam(url, 'first', 0, 1_000_000),
        max: intParam(url, 'max', 100, 1000),
      });
      return [200, { events: page.events.map(eventJson), hasMore: page.hasMore }];
    }
    throw new AdminError(404, 'not_found', 'No such admin resource.');
  }

  /** Answers true when the request was for the admin API. */
  return async function handleAdmin(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) return false;
    if (!authorised(req)) {
      sendJson(res, 401, { error: 'unauthorized', error_description: 'A token of the portal admin client is required.' });
      return true;
    }
    const url = new URL(req.url ?? '/', 'http://identity.invalid');
    try {
      const [status, body] = await route(req, url, pathname.slice(ADMIN_BASE.length));
      sendJson(res, status, body);
    } catch (error) {
      if (error instanceof AdminError)
        sendJson(res, error.status, {
          error: error.code,
          error_description: error.message,
          ...(error.field ? { field: error.field } : {}),
        });
      else if (error instanceof BodyTooLarge) sendJson(res, 413, { error: 'invalid_request', error_description: 'The body is too large.' });
      else throw error;
    }
    return true;
  };
}
