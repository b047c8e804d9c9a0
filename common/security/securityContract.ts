// The security API (/api/security/*): the organisation's members and their sessions, portal
// roles and the access review, the sign-in policy and event log, the platform's read-only
// settings and the area's audit trail. The browser imports types only.
import { z } from 'zod';
import { SECURITY_LIMITS } from './securityRules';

const iso = z.string();
const id = (label: string) => z.string().trim().min(1, `${label} must not be empty`).max(200, `${label} must be at most 200 characters`);

export const memberIdParams = z.object({ memberId: id('memberId') });
export const sessionIdParams = z.object({ sessionId: id('sessionId') });
export const memberGroupParams = z.object({ memberId: id('memberId'), groupId: id('groupId') });
export const memberRoleParams = z.object({ memberId: id('memberId'), role: id('role') });

export const requiredAction = z.enum(['UPDATE_PASSWORD', 'CONFIGURE_TOTP', 'VERIFY_EMAIL', 'UPDATE_PROFILE']);

export const member = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  enabled: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: iso,
  requiredActions: z.array(requiredAction),
  mfaConfigured: z.boolean(),
  groups: z.array(z.string()),
  roles: z.array(z.string()),
});
export type Member = z.infer<typeof member>;

export const memberQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  first: z.coerce
    .number({ error: 'first must be a number' })
    .int('first must be a whole number')
    .min(0, 'first must not be negative')
    .default(0),
  max: z.coerce
    .number({ error: 'max must be a number' })
    .int('max must be a whole number')
    .min(1, 'max must be at least 1')
    .max(500, 'max must be at most 500')
    .default(50),
});
export type MemberQuery = z.input<typeof memberQuery>;

export const memberPage = z.object({ members: z.array(member), total: z.number() });
export type MemberPage = z.infer<typeof memberPage>;

const name = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const invitationRequest = z.object({
  username: name('username', 50).regex(/^[A-Za-z0-9._-]{3,50}$/, 'username must be 3 to 50 letters, digits, dots, hyphens or underscores'),
  email: name('email', 254).email('email is not a valid e-mail address'),
  firstName: name('firstName', 100),
  lastName: name('lastName', 100),
  roles: z.array(z.string().max(100)).max(20).default([]),
  groups: z.array(z.string().max(200)).max(50).default([]),
});
export type InvitationRequest = z.input<typeof invitationRequest>;

export const invitationResult = z.object({
  member,
  /** The one-time link where the new member chooses a password; shown once, never again. */
  actionLink: z.string().nullable(),
  emailSent: z.boolean(),
});
export type InvitationResult = z.infer<typeof invitationResult>;

export const group = z.object({ id: z.string(), name: z.string() });
export type Group = z.infer<typeof group>;
export const groupList = z.object({ groups: z.array(group) });

export const session = z.object({
  id: z.string(),
  memberId: z.string(),
  username: z.string(),
  device: z.string().nullable(),
  address: z.string().nullable(),
  startedAt: iso,
  lastAccessAt: iso,
  clients: z.array(z.string()),
});
export type Session = z.infer<typeof session>;
export const sessionList = z.object({ sessions: z.array(session) });
export type SessionList = z.infer<typeof sessionList>;

export const signOutEverywhereResult = z.object({ memberId: z.string(), notBefore: iso, sessionsEnded: z.number() });
export type SignOutEverywhereResult = z.infer<typeof signOutEverywhereResult>;

export const roleHolder = z.object({ memberId: z.string(), username: z.string(), role: z.string() });
export type RoleHolder = z.infer<typeof roleHolder>;
export const roleOverview = z.object({
  holders: z.array(roleHolder),
  /** The roles the caller may grant and revoke. */
  grantable: z.array(z.string()),
  /** Every portal role, in order. */
  roles: z.array(z.string()),
});
export type RoleOverview = z.infer<typeof roleOverview>;

export const accessReviewQuery = z.object({
  dormantDays: z.coerce
    .number({ error: 'dormantDays must be a number' })
    .int('dormantDays must be a whole number')
    .min(1, 'dormantDays must be at least 1')
    .max(3650, 'dormantDays must be at most 3650')
    .default(SECURITY_LIMITS.dormantDaysDefault),
});
export const accessReviewRow = z.object({
  memberId: z.string(),
  username: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.string()),
  powerfulRoles: z.array(z.string()),
  mfaConfigured: z.boolean(),
  lastSignInAt: iso.nullable(),
  dormant: z.boolean(),
});
export type AccessReviewRow = z.infer<typeof accessReviewRow>;
export const accessReview = z.object({ dormantDays: z.number(), generatedAt: iso, rows: z.array(accessReviewRow) });
export type AccessReview = z.infer<typeof accessReview>;

export const signInPolicy = z.object({
  requireMfa: z.boolean({ error: 'requireMfa must be true or false' }),
  sessionIdleSeconds: z
    .number({ error: 'sessionIdleSeconds must be a number' })
    .int('sessionIdleSeconds must be a whole number')
    .min(SECURITY_LIMITS.idleMin, `sessionIdleSeconds must be at least ${SECURITY_LIMITS.idleMin}`)
    .max(SECURITY_LIMITS.idleMax, `sessionIdleSeconds must be at most ${SECURITY_LIMITS.idleMax}`),
  sessionMaxSeconds: z
    .number({ error: 'sessionMaxSeconds must be a number' })
    .int('sessionMaxSeconds must be a whole number')
    .min(SECURITY_LIMITS.maxMin, `sessionMaxSeconds must be at least ${SECURITY_LIMITS.maxMin}`)
    .max(SECURITY_LIMITS.maxMax, `sessionMaxSeconds must be at most ${SECURITY_LIMITS.maxMax}`),
});
export type SignInPolicy = z.infer<typeof signInPolicy>;

export const signInEventType = z.enum(['LOGIN', 'LOGIN_ERROR', 'LOCKOUT', 'LOGOUT']);
export type SignInEventType = z.infer<typeof signInEventType>;
export const signInEvent = z.object({
  id: z.string(),
  time: iso,
  type: signInEventType,
  memberId: z.string().nullable(),
  username: z.string().nullable(),
  address: z.string().nullable(),
  client: z.string().nullable(),
  error: z.string().nullable(),
});
export type SignInEvent = z.infer<typeof signInEvent>;

const isoTime = (field: string) => z.string().refine((value) => !Number.isNaN(Date.parse(value)), `${field} must be an ISO 8601 time`);
export const signInEventQuery = z.object({
  type: z.union([signInEventType, z.array(signInEventType)], { error: 'type must be LOGIN, LOGIN_ERROR, LOCKOUT or LOGOUT' }).optional(),
  memberId: z.string().max(200).optional(),
  from: isoTime('from').optional(),
  to: isoTime('to').optional(),
  first: z.coerce
    .number({ error: 'first must be a number' })
    .int('first must be a whole number')
    .min(0, 'first must not be negative')
    .default(0),
  max: z.coerce
    .number({ error: 'max must be a number' })
    .int('max must be a whole number')
    .min(1, 'max must be at least 1')
    .max(1000, 'max must be at most 1000')
    .default(100),
});
export type SignInEventQuery = z.input<typeof signInEventQuery>;
export const signInEventPage = z.object({ events: z.array(signInEvent), hasMore: z.boolean() });
export type SignInEventPage = z.infer<typeof signInEventPage>;

export const platformSettings = z.object({
  passwordPolicy: z.object({
    minLength: z.number(),
    requireDigits: z.number(),
    requireUpperCase: z.number(),
    requireLowerCase: z.number(),
    requireSpecialChars: z.number(),
    notUsername: z.boolean(),
    passwordHistory: z.number(),
    description: z.string(),
  }),
  bruteForce: z.object({ enabled: z.boolean(), failureFactor: z.number(), waitSeconds: z.number(), permanentLockout: z.boolean() }),
  provider: z.enum(['embedded', 'keycloak']),
});
export type PlatformSettings = z.infer<typeof platformSettings>;

export const securityAuditEntry = z.object({
  id: z.string(),
  at: iso,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  outcome: z.string(),
});
export type SecurityAuditEntry = z.infer<typeof securityAuditEntry>;
export const securityAuditList = z.object({ entries: z.array(securityAuditEntry) });
export type SecurityAuditList = z.infer<typeof securityAuditList>;
