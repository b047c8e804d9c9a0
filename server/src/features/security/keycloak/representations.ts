// Keycloak's admin representations turned into the identity service's shapes. Keycloak times are
// epoch milliseconds (sessions and events) or seconds (nothing used here); ours are ISO strings.
import type CredentialRepresentation from '@keycloak/keycloak-admin-client/lib/defs/credentialRepresentation.js';
import type EventRepresentation from '@keycloak/keycloak-admin-client/lib/defs/eventRepresentation.js';
import type RealmRepresentation from '@keycloak/keycloak-admin-client/lib/defs/realmRepresentation.js';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import type UserSessionRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userSessionRepresentation.js';
import type {
  IdentityMember,
  IdentitySession,
  PlatformSettings,
  RequiredAction,
  SignInEvent,
  SignInEventType,
} from '../identityService.js';

const REQUIRED_ACTIONS: readonly RequiredAction[] = ['UPDATE_PASSWORD', 'CONFIGURE_TOTP', 'VERIFY_EMAIL', 'UPDATE_PROFILE'];

const isoFromMillis = (millis: number | undefined): string => new Date(millis ?? 0).toISOString();

export interface MemberDetails {
  credentials: CredentialRepresentation[];
  groups: string[];
  roles: string[];
}

export function toMember(user: UserRepresentation, details: MemberDetails): IdentityMember {
  return {
    id: user.id ?? '',
    username: user.username ?? '',
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    enabled: user.enabled ?? false,
    emailVerified: user.emailVerified ?? false,
    createdAt: isoFromMillis(user.createdTimestamp),
    requiredActions: (user.requiredActions ?? []).filter((action): action is RequiredAction =>
      REQUIRED_ACTIONS.includes(action as RequiredAction),
    ),
    mfaConfigured: details.credentials.some((credential) => credential.type === 'otp'),
    groups: details.groups,
    roles: details.roles,
  };
}

export function toSession(session: UserSessionRepresentation, member: { id: string; username: string }): IdentitySession {
  return {
    id: session.id ?? '',
    memberId: member.id,
    username: session.username ?? member.username,
    // Keycloak's session representation does not keep the user agent.
    device: null,
    address: session.ipAddress ?? null,
    startedAt: isoFromMillis(session.start),
    lastAccessAt: isoFromMillis(session.lastAccess),
    clients: Object.values(session.clients ?? {}),
  };
}

/** Keycloak's event types that are sign-in events, and the errors that mean a locked account. */
export const SIGN_IN_EVENT_TYPES = ['LOGIN', 'LOGIN_ERROR', 'LOGOUT'] as const;
const LOCKOUT_ERRORS = new Set(['user_temporarily_disabled', 'user_disabled_by_permanent_lockout']);

export function toSignInEvent(event: EventRepresentation, username: string | null, index: number): SignInEvent {
  const type: SignInEventType =
    event.type === 'LOGIN_ERROR' && event.error && LOCKOUT_ERRORS.has(event.error) ? 'LOCKOUT' : (event.type as SignInEventType);
  return {
    // Keycloak's event list has no ids; time, session and position identify an event in one answer.
    id: `${event.time ?? 0}-${event.sessionId ?? event.userId ?? 'anonymous'}-${index}`,
    time: isoFromMillis(event.time),
    type,
    memberId: event.userId ?? null,
    username,
    address: event.ipAddress ?? null,
    client: event.clientId ?? null,
    error: event.error ?? null,
  };
}

/** One `name(value)` term of Keycloak's password policy string ("length(12) and digits(1) and notUsername(undefined)"). */
function policyTerms(policy: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const [, name = '', value = ''] of policy.matchAll(/([A-Za-z]+)\(([^)]*)\)/g)) terms.set(name, value);
  return terms;
}

export function toPlatformSettings(realm: RealmRepresentation): PlatformSettings {
  const policy = realm.passwordPolicy ?? '';
  const terms = policyTerms(policy);
  const count = (name: string) => {
    const value = Number(terms.get(name));
    return Number.isFinite(value) ? value : 0;
  };
  return {
    passwordPolicy: {
      // Keycloak's default minimum when no length term is set.
      minLength: terms.has('length') ? count('length') : 8,
      requireDigits: count('digits'),
      requireUpperCase: count('upperCase'),
      requireLowerCase: count('lowerCase'),
      requireSpecialChars: count('specialChars'),
      notUsername: terms.has('notUsername'),
      passwordHistory: count('passwordHistory'),
      description: policy || 'No password policy is set on the realm.',
    },
    bruteForce: {
      enabled: realm.bruteForceProtected ?? false,
      failureFactor: realm.failureFactor ?? 0,
      waitSeconds: realm.waitIncrementSeconds ?? 0,
      permanentLockout: realm.permanentLockout ?? false,
    },
    provider: 'keycloak',
  };
}
