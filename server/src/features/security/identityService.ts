// The one interface the security area talks to for the organisation's own sign-in: its members,
// their sessions and portal roles, the organisation's sign-in policy and event log, and the
// platform's read-only settings. Two implementations provide it: the embedded identity server
// (over its small admin API) and a real Keycloak 26 (admin REST API, organizations feature).
// The area (area.ts) picks one from the settings; the routes never know which.
//
// Every call names the organisation (its alias, the token's `organization` claim) and only ever
// sees that organisation: a member, session or event of another organisation is "not found"
// (IdentityNotFoundError), never its data. Times are ISO 8601 strings (UTC). Nothing returned
// here carries a secret except the one-time invitation link, which is returned once.
import type { CurrentAccess } from '../../platform/http/auth/currentAccess.js';
import { DomainError } from '../../platform/errors/domainError.js';

/** Whether a member is enabled and which roles they hold now (the platform's shape, answered here). */
export type { CurrentAccess };

/** A required action the member must complete at their next sign-in (Keycloak's names). */
export type RequiredAction = 'UPDATE_PASSWORD' | 'CONFIGURE_TOTP' | 'VERIFY_EMAIL' | 'UPDATE_PROFILE';

export interface IdentityMember {
  /** Stable id; the `sub` of the member's tokens. */
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  requiredActions: RequiredAction[];
  /** Whether the member has a one-time-code (TOTP) credential. */
  mfaConfigured: boolean;
  /** Group names (paths without the leading slash in Keycloak). */
  groups: string[];
  /** Realm roles the member holds directly (portal roles among them). */
  roles: string[];
}

export interface MemberQuery {
  /** Matched against username, e-mail, first and last name (case-insensitive, substring). */
  search?: string;
  /** Offset of the first member returned (default 0). */
  first?: number;
  /** At most this many members (default 50, at most 500). */
  max?: number;
}

export interface MemberPage {
  members: IdentityMember[];
  /** How many members match the query in total. */
  total: number;
}

export interface Invitation {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Portal roles to hold from the start; checked by the caller against what it may grant. */
  roles?: string[];
  groups?: string[];
}

export interface InvitationResult {
  member: IdentityMember;
  /**
   * Where the invited member sets a password. Returned once, for the admin to pass on; null
   * when the identity service e-mailed the link itself.
   */
  actionLink: string | null;
  emailSent: boolean;
}

export interface IdentityGroup {
  id: string;
  name: string;
}

export interface IdentitySession {
  /** The session id: the `sid` claim of the tokens issued in this session. */
  id: string;
  memberId: string;
  username: string;
  /** The user agent the session started from, as sent. */
  device: string | null;
  /** The client IP address the session started from (or last used). */
  address: string | null;
  startedAt: string;
  lastAccessAt: string;
  /** Client ids that hold tokens in this session. */
  clients: string[];
}

export interface SessionRevocation {
  sessionId: string;
  memberId: string;
}

export interface SignOutEverywhereResult {
  memberId: string;
  /** Tokens of this member issued before this time are no longer accepted. */
  notBefore: string;
  /** How many sessions were ended. */
  sessionsEnded: number;
}

export interface RoleHolder {
  memberId: string;
  username: string;
  role: string;
}

export interface SignInPolicy {
  /** Members must sign in with a one-time code after the password (enrolling if they have none). */
  requireMfa: boolean;
  /** A session with no activity for this long ends (seconds). */
  sessionIdleSeconds: number;
  /** A session ends this long after it started, active or not (seconds). */
  sessionMaxSeconds: number;
}

export type SignInEventType = 'LOGIN' | 'LOGIN_ERROR' | 'LOCKOUT' | 'LOGOUT';

export interface SignInEvent {
  id: string;
  time: string;
  type: SignInEventType;
  /** The member, when the event can be tied to one of the organisation's members. */
  memberId: string | null;
  username: string | null;
  address: string | null;
  client: string | null;
  /** For failures: why (Keycloak's error code, e.g. "invalid_user_credentials", "user_disabled"). */
  error: string | null;
}

export interface SignInEventQuery {
  types?: SignInEventType[];
  memberId?: string;
  /** Inclusive bounds (ISO 8601). */
  from?: string;
  to?: string;
  first?: number;
  /** At most this many events, newest first (default 100, at most 1000). */
  max?: number;
}

export interface SignInEventPage {
  events: SignInEvent[];
  /** More events match beyond this page. */
  hasMore: boolean;
}

/** Realm-wide settings the organisation may see but not change. */
export interface PlatformSettings {
  passwordPolicy: {
    minLength: number;
    requireDigits: number;
    requireUpperCase: number;
    requireLowerCase: number;
    requireSpecialChars: number;
    notUsername: boolean;
    /** How many previous passwords may not be reused (0: no history). */
    passwordHistory: number;
    /** The policy as the identity service states it (Keycloak's policy string), for display. */
    description: string;
  };
  bruteForce: {
    enabled: boolean;
    /** Consecutive failures that lock the account. */
    failureFactor: number;
    /** How long a lock lasts (seconds). */
    waitSeconds: number;
    permanentLockout: boolean;
  };
  /** Whether the identity service is the embedded one or a Keycloak; shown on the page. */
  provider: 'embedded' | 'keycloak';
}

export interface IdentityService {
  // Members
  listMembers(organisation: string, query?: MemberQuery): Promise<MemberPage>;
  getMember(organisation: string, memberId: string): Promise<IdentityMember>;
  /**
   * Whether the member is enabled and which realm roles they hold now, effective ones included
   * (what a token issued now would carry); null when they are not a member of the organisation.
   * Sensitive changes are authorised against this, not against the roles in the caller's token.
   */
  currentAccess(organisation: string, memberId: string): Promise<CurrentAccess | null>;
  /**
   * Makes an account that belongs to no organisation yet a member of this one, with `role` (self
   * sign-up by e-mail domain). Conflict when the account already belongs to an organisation or
   * its e-mail address is not verified; not found when there is no such account.
   */
  admitMember(organisation: string, userId: string, role: string): Promise<IdentityMember>;
  /** Creates the member in the organisation with the UPDATE_PASSWORD required action. Conflict when the username or e-mail is taken. */
  inviteMember(organisation: string, invitation: Invitation): Promise<InvitationResult>;
  /** Disabled members cannot sign in; their sessions end. Returns the member as it is now. */
  disableMember(organisation: string, memberId: string): Promise<IdentityMember>;
  enableMember(organisation: string, memberId: string): Promise<IdentityMember>;
  /** Adds the UPDATE_PASSWORD required action: a new password is asked for at the next sign-in. */
  requirePasswordReset(organisation: string, memberId: string): Promise<IdentityMember>;
  /** Removes the member's one-time-code credential (lost device); they enrol again when MFA is required. */
  resetMfa(organisation: string, memberId: string): Promise<IdentityMember>;
  listGroups(organisation: string): Promise<IdentityGroup[]>;
  addToGroup(organisation: string, memberId: string, groupId: string): Promise<IdentityMember>;
  removeFromGroup(organisation: string, memberId: string, groupId: string): Promise<IdentityMember>;

  // Sessions
  /** Active sessions of one member, or of the whole organisation when memberId is omitted. */
  listSessions(organisation: string, memberId?: string): Promise<IdentitySession[]>;
  /** Ends one session (its refresh tokens stop working). Not found when it is not the organisation's. */
  revokeSession(organisation: string, sessionId: string): Promise<SessionRevocation>;
  /** Ends every session of the member and refuses tokens issued before now. */
  signOutEverywhere(organisation: string, memberId: string): Promise<SignOutEverywhereResult>;

  // Portal roles
  /** Who holds which of the given realm roles in the organisation. */
  listRoleHolders(organisation: string, roles: readonly string[]): Promise<RoleHolder[]>;
  /** Idempotent: granting a role the member holds changes nothing. Returns the member as it is now. */
  grantRole(organisation: string, memberId: string, role: string): Promise<IdentityMember>;
  revokeRole(organisation: string, memberId: string, role: string): Promise<IdentityMember>;

  // Sign-in policy and events
  getSignInPolicy(organisation: string): Promise<SignInPolicy>;
  /** Invalid when a lifetime is out of range or idle exceeds max. Returns the policy as stored. */
  updateSignInPolicy(organisation: string, policy: SignInPolicy): Promise<SignInPolicy>;
  querySignInEvents(organisation: string, query?: SignInEventQuery): Promise<SignInEventPage>;

  // Platform (read-only)
  getPlatformSettings(): Promise<PlatformSettings>;
}

/** Limits every implementation enforces on a sign-in policy (seconds). */
export const SESSION_LIFETIME_LIMITS = {
  idleMin: 300,
  idleMax: 30 * 24 * 3600,
  maxMin: 900,
  maxMax: 365 * 24 * 3600,
} as const;

/** Base of the errors an identity service throws; each carries its HTTP answer. */
export abstract class IdentityError extends DomainError {}

/** The member, session or group does not exist, or belongs to another organisation (HTTP 404). */
export class IdentityNotFoundError extends IdentityError {
  constructor(
    readonly kind: 'member' | 'session' | 'group' | 'organisation',
    readonly id: string,
  ) {
    super(`No ${kind} "${id}" in this organisation.`, { status: 404, code: 'not_found' });
    this.name = 'IdentityNotFoundError';
  }
}

/** The change clashes with what exists, e.g. a username or e-mail already taken (HTTP 409). */
export class IdentityConflictError extends IdentityError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message, { status: 409, code: 'conflict', ...(field ? { field } : {}) });
    this.name = 'IdentityConflictError';
  }
}

/** The input is not acceptable to the identity service; the message and field say why (HTTP 400). */
export class IdentityInvalidError extends IdentityError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message, { status: 400, code: 'invalid_request', ...(field ? { field } : {}) });
    this.name = 'IdentityInvalidError';
  }
}

/** The identity service cannot be reached or answered unexpectedly (HTTP 503). Never carries a secret. */
export class IdentityUnavailableError extends IdentityError {
  constructor(message: string) {
    super(message, { status: 503, code: 'unavailable' });
    this.name = 'IdentityUnavailableError';
  }
}
