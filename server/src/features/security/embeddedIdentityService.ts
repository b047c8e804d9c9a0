// The IdentityService over the embedded identity server's admin API
// (server/identity/adminApi.ts), reached over HTTP as a separate service would be, with a
// client-credentials token of the `dataworks-portal-admin` client. The secret is read from the
// file the identity server writes (never logged); the token is reused until shortly before it
// expires. Answers are checked against the contract's schemas before they are trusted.
import { promises as fs } from 'node:fs';
import { z } from 'zod';
import {
  group,
  invitationResult,
  member,
  memberPage,
  platformSettings,
  roleHolder,
  session,
  signInEventPage,
  signInPolicy,
  signOutEverywhereResult,
} from '@common/security/securityContract';
import {
  IdentityConflictError,
  IdentityInvalidError,
  IdentityNotFoundError,
  IdentityUnavailableError,
  type IdentityService,
  type SignInEventQuery,
} from './identityService.js';

export interface EmbeddedIdentitySettings {
  /** Base URL of the identity server, e.g. http://localhost:8180. */
  url: string;
  realm: string;
  /** The JSON file holding `{ clientId, secret }` of the portal's admin client. */
  secretFile: string;
  /** Per-request time limit (ms). */
  timeoutMs?: number;
}

const tokenAnswer = z.object({ access_token: z.string(), expires_in: z.number() });
const errorAnswer = z.object({ error: z.string().optional(), error_description: z.string().optional(), field: z.string().optional() });

export function createEmbeddedIdentityService(settings: EmbeddedIdentitySettings): IdentityService {
  const base = `${settings.url}/admin/realms/${settings.realm}/portal`;
  const tokenUrl = `${settings.url}/realms/${settings.realm}/protocol/openid-connect/token`;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let cached: { token: string; until: number } | undefined;

  async function credentials(): Promise<{ clientId: string; secret: string }> {
    try {
      const parsed = z
        .object({ clientId: z.string(), secret: z.string() })
        .parse(JSON.parse(await fs.readFile(settings.secretFile, 'utf8')));
      return parsed;
    } catch {
      throw new IdentityUnavailableError('The identity service cannot be reached: the portal admin client is not set up.');
    }
  }

  // One token request at a time: a burst of calls waits for the same answer instead of each asking.
  let pending: Promise<string> | null = null;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function fetchToken(): Promise<string> {
    const { clientId, secret } = await credentials();
    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new IdentityUnavailableError('The identity service cannot be reached.');
    }
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success)
      throw new IdentityUnavailableError(`The identity service refused the portal's admin client (HTTP ${response.status}).`);
    // Renew 30 s early so a token never expires between this check and the call.
    cached = { token: parsed.data.access_token, until: Date.now() + Math.max(0, parsed.data.expires_in - 30) * 1000 };
    return cached.token;
  }

  async function call<T>(
    schema: z.ZodType<T>,
    method: string,
    path: string,
    body?: unknown,
    kind: 'member' | 'session' | 'group' = 'member',
    retried = false,
  ): Promise<T> {
    const token = await accessToken();
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new IdentityUnavailableError('The identity service cannot be reached.');
    }
    const payload: unknown = await response.json().catch(() => null);
    if (response.status === 401 && !retried) {
      cached = undefined;
      return call(schema, method, path, body, kind, true);
    }
    if (!response.ok) {
      const error = errorAnswer.safeParse(payload);
      const message = (error.success && error.data.error_description) || `The identity service answered HTTP ${response.status}.`;
      const field = error.success ? error.data.field : undefined;
      if (response.status === 404) throw new IdentityNotFoundError(kind, decodeURIComponent(path.split('/').filter(Boolean)[3] ?? ''));
      if (response.status === 409) throw new IdentityConflictError(message, field);
      if (response.status === 400) throw new IdentityInvalidError(message, field);
      throw new IdentityUnavailableError(message);
    }
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new IdentityUnavailableError('The identity service answered in an unexpected shape.');
    return parsed.data;
  }

  const org = (organisation: string) => `/organizations/${encodeURIComponent(organisation)}`;
  const m = (organisation: string, memberId: string) => `${org(organisation)}/members/${encodeURIComponent(memberId)}`;

  return {
    listMembers: (organisation, query = {}) => {
      const params = new URLSearchParams();
      if (query.search) params.set('search', query.search);
      if (query.first !== undefined) params.set('first', String(query.first));
      if (query.max !== undefined) params.set('max', String(query.max));
      return call(memberPage, 'GET', `${org(organisation)}/members?${params.toString()}`);
    },
    getMember: (organisation, memberId) => call(member, 'GET', m(organisation, memberId)),
    // The embedded server has no composite or group roles: the member's own roles are their effective ones.
    currentAccess: async (organisation, memberId) => {
      try {
        const current = await call(member, 'GET', m(organisation, memberId));
        return { enabled: current.enabled, roles: current.roles };
      } catch (error) {
        if (error instanceof IdentityNotFoundError) return null;
        throw error;
      }
    },
    inviteMember: (organisation, invitation) => call(invitationResult, 'POST', `${org(organisation)}/members`, invitation),
    admitMember: (organisation, userId, role) => call(member, 'POST', `${org(organisation)}/admissions`, { userId, role }),
    disableMember: (organisation, memberId) => call(member, 'PUT', `${m(organisation, memberId)}/enabled`, { enabled: false }),
    enableMember: (organisation, memberId) => call(member, 'PUT', `${m(organisation, memberId)}/enabled`, { enabled: true }),
    requirePasswordReset: (organisation, memberId) => call(member, 'PUT', `${m(organisation, memberId)}/required-actions/UPDATE_PASSWORD`),
    resetMfa: (organisation, memberId) => call(member, 'DELETE', `${m(organisation, memberId)}/otp`),
    listGroups: (organisation) => call(z.array(group), 'GET', `${org(organisation)}/groups`),
    addToGroup: (organisation, memberId, groupId) =>
      call(member, 'PUT', `${m(organisation, memberId)}/groups/${encodeURIComponent(groupId)}`),
    removeFromGroup: (organisation, memberId, groupId) =>
      call(member, 'DELETE', `${m(organisation, memberId)}/groups/${encodeURIComponent(groupId)}`),
    listSessions: (organisation, memberId) =>
      call(z.array(session), 'GET', `${org(organisation)}/sessions${memberId ? `?member=${encodeURIComponent(memberId)}` : ''}`),
    revokeSession: (organisation, sessionId) =>
      call(
        z.object({ sessionId: z.string(), memberId: z.string() }),
        'DELETE',
        `${org(organisation)}/sessions/${encodeURIComponent(sessionId)}`,
        undefined,
        'session',
      ),
    signOutEverywhere: (organisation, memberId) => call(signOutEverywhereResult, 'POST', `${m(organisation, memberId)}/logout`),
    listRoleHolders: (organisation, roles) => {
      const params = new URLSearchParams(roles.map((role): [string, string] => ['role', role]));
      return call(z.array(roleHolder), 'GET', `${org(organisation)}/role-holders?${params.toString()}`);
    },
    grantRole: (organisation, memberId, role) => call(member, 'PUT', `${m(organisation, memberId)}/roles/${encodeURIComponent(role)}`),
    revokeRole: (organisation, memberId, role) => call(member, 'DELETE', `${m(organisation, memberId)}/roles/${encodeURIComponent(role)}`),
    getSignInPolicy: (organisation) => call(signInPolicy, 'GET', `${org(organisation)}/policy`),
    updateSignInPolicy: (organisation, policy) => call(signInPolicy, 'PUT', `${org(organisation)}/policy`, policy),
    querySignInEvents: (organisation, query: SignInEventQuery = {}) => {
      const params = new URLSearchParams();
      for (const type of query.types ?? []) params.append('type', type);
      if (query.memberId) params.set('member', query.memberId);
      if (query.from) params.set('from', query.from);
      if (query.to) params.set('to', query.to);
      if (query.first !== undefined) params.set('first', String(query.first));
      if (query.max !== undefined) params.set('max', String(query.max));
      return call(signInEventPage, 'GET', `${org(organisation)}/events?${params.toString()}`);
    },
    getPlatformSettings: () => call(platformSettings, 'GET', '/platform-settings'),
  };
}
