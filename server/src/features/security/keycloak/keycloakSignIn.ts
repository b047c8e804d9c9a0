// An organisation's sign-in as Keycloak holds it: the policy kept in the organization's attributes
// (falling back to the realm's session lifetimes) and the sign-in events of its members, which
// Keycloak keeps per realm and which are filtered to the organisation here.
import type { PlatformSettings, SignInEvent, SignInEventPage, SignInEventQuery, SignInPolicy } from '../identityService.js';
import { IdentityInvalidError, IdentityNotFoundError, SESSION_LIFETIME_LIMITS } from '../identityService.js';
import type { KeycloakDirectory } from './keycloakDirectory.js';
import { SIGN_IN_EVENT_TYPES, toPlatformSettings, toSignInEvent } from './representations.js';

/** Organization attributes that hold the organisation's sign-in policy. */
export const POLICY_ATTRIBUTES = {
  requireMfa: 'dataworks.requireMfa',
  sessionIdleSeconds: 'dataworks.sessionIdleSeconds',
  sessionMaxSeconds: 'dataworks.sessionMaxSeconds',
} as const;

/** Keycloak is asked for events in pages of this size while filtering them to the organisation. */
const EVENT_PAGE = 500;

export async function readSignInPolicy(directory: KeycloakDirectory, organisation: string): Promise<SignInPolicy> {
  const { client, settings } = directory;
  const org = await directory.organisation(organisation);
  const realm = await directory.call('read the realm', () => client.realms.findOne({ realm: settings.realm }));
  const attribute = (name: string) => {
    const value = (org.attributes as Record<string, string[]> | undefined)?.[name]?.[0];
    return value === undefined ? undefined : value;
  };
  const seconds = (name: string, fallback: number) => {
    const value = Number(attribute(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    requireMfa: attribute(POLICY_ATTRIBUTES.requireMfa) === 'true',
    sessionIdleSeconds: seconds(POLICY_ATTRIBUTES.sessionIdleSeconds, realm?.ssoSessionIdleTimeout ?? 1800),
    sessionMaxSeconds: seconds(POLICY_ATTRIBUTES.sessionMaxSeconds, realm?.ssoSessionMaxLifespan ?? 36000),
  };
}

export async function saveSignInPolicy(directory: KeycloakDirectory, organisation: string, policy: SignInPolicy): Promise<SignInPolicy> {
  const { idleMin, idleMax, maxMin, maxMax } = SESSION_LIFETIME_LIMITS;
  if (!Number.isInteger(policy.sessionIdleSeconds) || policy.sessionIdleSeconds < idleMin || policy.sessionIdleSeconds > idleMax) {
    throw new IdentityInvalidError(
      `The idle lifetime must be a whole number of seconds from ${idleMin} to ${idleMax}.`,
      'sessionIdleSeconds',
    );
  }
  if (!Number.isInteger(policy.sessionMaxSeconds) || policy.sessionMaxSeconds < maxMin || policy.sessionMaxSeconds > maxMax) {
    throw new IdentityInvalidError(
      `The maximum lifetime must be a whole number of seconds from ${maxMin} to ${maxMax}.`,
      'sessionMaxSeconds',
    );
  }
  if (policy.sessionIdleSeconds > policy.sessionMaxSeconds) {
    throw new IdentityInvalidError('The idle lifetime cannot be longer than the maximum lifetime.', 'sessionIdleSeconds');
  }
  const { client } = directory;
  // Keycloak replaces the whole organization on update: send it back with only our attributes changed.
  const { id } = await directory.organisation(organisation);
  const org = await directory.call('read the organisation', () => client.organizations.findOne({ id }), {
    kind: 'organisation',
    id: organisation,
  });
  const attributes = {
    ...((org.attributes as Record<string, string[]> | undefined) ?? {}),
    [POLICY_ATTRIBUTES.requireMfa]: [String(policy.requireMfa)],
    [POLICY_ATTRIBUTES.sessionIdleSeconds]: [String(policy.sessionIdleSeconds)],
    [POLICY_ATTRIBUTES.sessionMaxSeconds]: [String(policy.sessionMaxSeconds)],
  };
  await directory.call('save the sign-in policy', () => client.organizations.updateById({ id }, { ...org, attributes }), {
    kind: 'organisation',
    id: organisation,
  });
  directory.forgetOrganisation(organisation);
  return readSignInPolicy(directory, organisation);
}

export async function findSignInEvents(
  directory: KeycloakDirectory,
  organisation: string,
  query: SignInEventQuery = {},
): Promise<SignInEventPage> {
  const { client, settings } = directory;
  const max = Math.min(1000, Math.max(1, query.max ?? 100));
  const first = Math.max(0, query.first ?? 0);
  const members = new Map((await directory.membersOf(organisation)).map((user) => [user.id ?? '', user.username ?? '']));
  if (query.memberId && !members.has(query.memberId)) throw new IdentityNotFoundError('member', query.memberId);
  const wanted = new Set(query.types ?? ['LOGIN', 'LOGIN_ERROR', 'LOCKOUT', 'LOGOUT']);
  const from = query.from ? Date.parse(query.from) : -Infinity;
  const to = query.to ? Date.parse(query.to) : Infinity;
  // Keycloak filters by day; the exact bounds and the organisation are applied here, page by page.
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const matched: SignInEvent[] = [];
  for (let offset = 0; matched.length <= first + max; offset += EVENT_PAGE) {
    const page = await directory.call('read the sign-in events', () =>
      client.realms.findEvents({
        realm: settings.realm,
        type: [...SIGN_IN_EVENT_TYPES],
        ...(query.memberId ? { user: query.memberId } : {}),
        ...(Number.isFinite(from) ? { dateFrom: day(from) } : {}),
        ...(Number.isFinite(to) ? { dateTo: day(to) } : {}),
        first: offset,
        max: EVENT_PAGE,
      }),
    );
    page.forEach((event, index) => {
      if (!event.userId || !members.has(event.userId)) return;
      const time = event.time ?? 0;
      if (time < from || time > to) return;
      const mapped = toSignInEvent(event, members.get(event.userId) ?? null, offset + index);
      if (wanted.has(mapped.type)) matched.push(mapped);
    });
    if (page.length < EVENT_PAGE) break;
  }
  return { events: matched.slice(first, first + max), hasMore: matched.length > first + max };
}

export async function readPlatformSettings(directory: KeycloakDirectory): Promise<PlatformSettings> {
  const realm = await directory.call('read the realm', () => directory.client.realms.findOne({ realm: directory.settings.realm }));
  return toPlatformSettings(realm ?? {});
}
