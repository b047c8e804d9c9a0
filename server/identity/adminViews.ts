// How the admin API (adminApi.ts) shows accounts, sessions and events, and how it checks what
// it is sent. Shapes match the portal's IdentityService contract
// (server/src/features/security/identityService.ts); times are ISO 8601.
import type { Account } from './accounts.js';
import type { OrganisationGroup, OrganisationPolicy } from './organisations.js';
import type { SessionView } from './sessionTracker.js';
import type { StoredSignInEvent } from './signInEvents.js';

export class AdminError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export function memberView(account: Account, groups: readonly OrganisationGroup[], hasOtp: boolean) {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    enabled: account.enabled,
    emailVerified: account.emailVerified,
    createdAt: iso(account.createdAt),
    requiredActions: [...account.requiredActions],
    mfaConfigured: hasOtp,
    groups: groups.filter((group) => account.groups.includes(group.id)).map((group) => group.name),
    roles: [...account.realmRoles],
  };
}

export function sessionJson(session: SessionView) {
  return {
    id: session.id,
    memberId: session.accountId,
    username: session.username,
    device: session.device,
    address: session.address,
    startedAt: iso(session.startedAt),
    lastAccessAt: iso(session.lastAccessAt),
    clients: session.clients,
  };
}

export function eventJson(event: StoredSignInEvent) {
  return {
    id: event.id,
    time: iso(event.time),
    type: event.type,
    memberId: event.accountId,
    username: event.username,
    address: event.address,
    client: event.client,
    error: event.error,
  };
}

export const POLICY_LIMITS = { idleMin: 300, idleMax: 30 * 24 * 3600, maxMin: 900, maxMax: 365 * 24 * 3600 } as const;

export function parsePolicy(body: unknown): OrganisationPolicy {
  const value = (body ?? {}) as Record<string, unknown>;
  if (typeof value.requireMfa !== 'boolean')
    throw new AdminError(400, 'invalid_request', 'requireMfa must be true or false.', 'requireMfa');
  const idle = value.sessionIdleSeconds;
  const max = value.sessionMaxSeconds;
  if (typeof idle !== 'number' || !Number.isInteger(idle) || idle < POLICY_LIMITS.idleMin || idle > POLICY_LIMITS.idleMax) {
    throw new AdminError(
      400,
      'invalid_request',
      `sessionIdleSeconds must be a whole number from ${POLICY_LIMITS.idleMin} to ${POLICY_LIMITS.idleMax}.`,
      'sessionIdleSeconds',
    );
  }
  if (typeof max !== 'number' || !Number.isInteger(max) || max < POLICY_LIMITS.maxMin || max > POLICY_LIMITS.maxMax) {
    throw new AdminError(
      400,
      'invalid_request',
      `sessionMaxSeconds must be a whole number from ${POLICY_LIMITS.maxMin} to ${POLICY_LIMITS.maxMax}.`,
      'sessionMaxSeconds',
    );
  }
  if (idle > max)
    throw new AdminError(400, 'invalid_request', 'The idle lifetime cannot be longer than the maximum lifetime.', 'sessionIdleSeconds');
  return { requireMfa: value.requireMfa, sessionIdleSeconds: idle, sessionMaxSeconds: max };
}

export interface InvitationInput {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  roles: string[];
  groups: string[];
}

const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;

function text(value: Record<string, unknown>, field: string, max: number): string {
  const raw = value[field];
  if (typeof raw !== 'string' || raw.trim() === '') throw new AdminError(400, 'invalid_request', `${field} is required.`, field);
  if (raw.trim().length > max) throw new AdminError(400, 'invalid_request', `${field} must be at most ${max} characters.`, field);
  return raw.trim();
}

export function parseInvitation(body: unknown): InvitationInput {
  const value = (body ?? {}) as Record<string, unknown>;
  const username = text(value, 'username', 50).toLowerCase();
  if (username.length < 3 || !/^[a-z0-9._-]+$/.test(username)) {
    throw new AdminError(400, 'invalid_request', 'username must be 3 to 50 letters, digits, dots, hyphens or underscores.', 'username');
  }
  const email = text(value, 'email', 254);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new AdminError(400, 'invalid_request', 'email is not a valid e-mail address.', 'email');
  const list = (field: string) => {
    const raw = value[field] ?? [];
    // Role names follow the realm's naming rule; group entries are ids or names, checked against the organisation's groups.
    if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string' || (field === 'roles' && !ROLE_NAME.test(item)))) {
      throw new AdminError(400, 'invalid_request', `${field} must be a list of names.`, field);
    }
    return [...new Set(raw as string[])];
  };
  return {
    username,
    email,
    firstName: text(value, 'firstName', 100),
    lastName: text(value, 'lastName', 100),
    roles: list('roles'),
    groups: list('groups'),
  };
}

export function isRoleName(value: string): boolean {
  return ROLE_NAME.test(value);
}
