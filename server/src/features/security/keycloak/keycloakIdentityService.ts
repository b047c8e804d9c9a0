// The identity service over a real Keycloak 26: the organisation is a Keycloak organization whose
// alias is the `organization` claim, its members are the organization's members, portal roles are
// realm roles, the organisation's groups are the subgroups of a top-level realm group named by the
// alias, and the organisation's sign-in policy is kept in the organization's attributes.
//
// What Keycloak enforces itself is the realm's: session lifetimes and one-time codes follow the
// realm's settings and authentication flows. The policy attributes are what the portal shows and
// changes; enforcing them per organisation needs a browser flow with conditions on them (README).
import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import type OrganizationRepresentation from '@keycloak/keycloak-admin-client/lib/defs/organizationRepresentation.js';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import {
  IdentityInvalidError,
  IdentityNotFoundError,
  SESSION_LIFETIME_LIMITS,
  type CurrentAccess,
  type IdentityGroup,
  type IdentityMember,
  type IdentityService,
  type IdentitySession,
  type Invitation,
  type InvitationResult,
  type MemberPage,
  type MemberQuery,
  type PlatformSettings,
  type RoleHolder,
  type SessionRevocation,
  type SignInEventPage,
  type SignInEvent,
  type SignInEventQuery,
  type SignInPolicy,
  type SignOutEverywhereResult,
} from '../identityService.js';
import { connectToKeycloak, translateKeycloakError, type KeycloakSettings } from './keycloakConnection.js';
import { SIGN_IN_EVENT_TYPES, toMember, toPlatformSettings, toSession, toSignInEvent } from './representations.js';

/** Organization attributes that hold the organisation's sign-in policy. */
export const POLICY_ATTRIBUTES = {
  requireMfa: 'dataworks.requireMfa',
  sessionIdleSeconds: 'dataworks.sessionIdleSeconds',
  sessionMaxSeconds: 'dataworks.sessionMaxSeconds',
} as const;

/** How many members one organisation may have for the lists here (read in one page from Keycloak). */
const MEMBER_LIMIT = 5000;
/** Keycloak is asked for events in pages of this size while filtering them to the organisation. */
const EVENT_PAGE = 500;
/** Calls made at once when details are fetched per member. */
const PARALLEL = 8;
/** How long an organization's id is remembered (aliases do not change; deletion is rare). */
const ORGANISATION_CACHE_MS = 5 * 60_000;

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += PARALLEL) {
    results.push(...(await Promise.all(items.slice(index, index + PARALLEL).map(work))));
  }
  return results;
}

export class KeycloakIdentityService implements IdentityService {
  private readonly organisations = new Map<string, { org: OrganizationRepresentation; at: number }>();

  constructor(
    private readonly settings: KeycloakSettings,
    private readonly client: KeycloakAdminClient = connectToKeycloak(settings),
  ) {}

  /** Runs one admin call, turning Keycloak's refusals into the identity service's errors. */
  private async call<T>(
    action: string,
    run: () => Promise<T>,
    notFound: { kind: IdentityNotFoundError['kind']; id: string } = { kind: 'organisation', id: this.settings.realm },
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw translateKeycloakError(error, notFound.kind, notFound.id, action);
    }
  }

  private async organisation(alias: string): Promise<OrganizationRepresentation & { id: string }> {
    const cached = this.organisations.get(alias);
    if (cached && Date.now() - cached.at < ORGANISATION_CACHE_MS) return cached.org as OrganizationRepresentation & { id: string };
    const found = await this.call(
      'find the organisation',
      () =>
        this.client.organizations.find({ search: alias, exact: true, briefRepresentation: false } as Parameters<
          KeycloakAdminClient['organizations']['find']
        >[0]),
      { kind: 'organisation', id: alias },
    );
    const org = found.find((candidate) => candidate.alias === alias);
    if (!org?.id) throw new IdentityNotFoundError('organisation', alias);
    this.organisations.set(alias, { org, at: Date.now() });
    return org as OrganizationRepresentation & { id: string };
  }

  private async membersOf(alias: string, search?: string): Promise<UserRepresentation[]> {
    const org = await this.organisation(alias);
    return this.call("list the organisation's members", () =>
      this.client.organizations.listMembers({ orgId: org.id, first: 0, max: MEMBER_LIMIT, ...(search ? { search } : {}) } as Parameters<
        KeycloakAdminClient['organizations']['listMembers']
      >[0]),
    );
  }

  /** The member as Keycloak has it, or not found when the user is not in the organisation. */
  private async memberUser(alias: string, memberId: string): Promise<UserRepresentation> {
    const org = await this.organisation(alias);
    return this.call('read the member', () => this.client.organizations.getMember({ orgId: org.id, userId: memberId }), {
      kind: 'member',
      id: memberId,
    });
  }

  private async groupRoot(alias: string) {
    const groups = await this.call("read the organisation's groups", () =>
      this.client.groups.find({ search: alias, exact: true, briefRepresentation: true } as Parameters<
        KeycloakAdminClient['groups']['find']
      >[0]),
    );
    return groups.find((group) => group.name === alias && group.path === `/${alias}`) ?? null;
  }

  private async withDetails(alias: string, user: UserRepresentation): Promise<IdentityMember> {
    const id = user.id ?? '';
    const notFound = { kind: 'member' as const, id };
    const [credentials, groups, roles] = await Promise.all([
      this.call("read the member's credentials", () => this.client.users.getCredentials({ id }), notFound),
      this.call("read the member's groups", () => this.client.users.listGroups({ id, briefRepresentation: true }), notFound),
      this.call("read the member's roles", () => this.client.users.listRealmRoleMappings({ id }), notFound),
    ]);
    const prefix = `/${alias}/`;
    return toMember(user, {
      credentials,
      groups: groups.filter((group) => group.path?.startsWith(prefix)).map((group) => group.name ?? ''),
      roles: roles.map((role) => role.name ?? '').filter(Boolean),
    });
  }

  async listMembers(organisation: string, query: MemberQuery = {}): Promise<MemberPage> {
    const first = Math.max(0, query.first ?? 0);
    const max = Math.min(500, Math.max(1, query.max ?? 50));
    const users = await this.membersOf(organisation, query.search?.trim() || undefined);
    const sorted = [...users].sort((a, b) => (a.username ?? '').localeCompare(b.username ?? ''));
    const members = await inBatches(sorted.slice(first, first + max), (user) => this.withDetails(organisation, user));
    return { members, total: users.length };
  }

  async currentAccess(organisation: string, memberId: string): Promise<CurrentAccess | null> {
    let user: UserRepresentation;
    try {
      user = await this.memberUser(organisation, memberId);
    } catch (error) {
      if (error instanceof IdentityNotFoundError) return null;
      throw error;
    }
    // Composite mappings: roles held through groups and composite roles count, as in a token.
    const roles = await this.call(
      "read the member's effective roles",
      () => this.client.users.listCompositeRealmRoleMappings({ id: memberId }),
      { kind: 'member', id: memberId },
    );
    return { enabled: user.enabled !== false, roles: roles.map((role) => role.name ?? '').filter(Boolean) };
  }

  async getMember(organisation: string, memberId: string): Promise<IdentityMember> {
    return this.withDetails(organisation, await this.memberUser(organisation, memberId));
  }

  async inviteMember(organisation: string, invitation: Invitation): Promise<InvitationResult> {
    const org = await this.organisation(organisation);
    const roles = await this.realmRoles(invitation.roles ?? []);
    const root = invitation.groups?.length ? await this.groupRoot(organisation) : null;
    const subgroups = root?.id
      ? await this.call("read the organisation's groups", () =>
          this.client.groups.listSubGroups({ parentId: root.id as string, first: 0, max: 1000 }),
        )
      : [];
    const groupIds = (invitation.groups ?? []).map((name) => {
      const group = subgroups.find((candidate) => candidate.name === name || candidate.id === name);
      if (!group?.id) throw new IdentityInvalidError(`No group "${name}" in this organisation.`, 'groups');
      return group.id;
    });
    const created = await this.call('create the member', () =>
      this.client.users.create({
        username: invitation.username,
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        enabled: true,
        requiredActions: ['UPDATE_PASSWORD', 'VERIFY_EMAIL'],
      }),
    );
    // Nothing half-written: a user that cannot be made a member (with its roles and groups) is removed again.
    try {
      await this.call('add the member to the organisation', () =>
        this.client.organizations.addMember({ orgId: org.id, userId: created.id }),
      );
      if (roles.length)
        await this.call("grant the member's roles", () => this.client.users.addRealmRoleMappings({ id: created.id, roles }));
      for (const groupId of groupIds)
        await this.call('add the member to a group', () => this.client.users.addToGroup({ id: created.id, groupId }));
    } catch (error) {
      await this.client.users.del({ id: created.id }).catch(() => undefined);
      throw error;
    }
    let emailSent = true;
    try {
      await this.client.users.executeActionsEmail({ id: created.id, actions: ['UPDATE_PASSWORD', 'VERIFY_EMAIL'] });
    } catch {
      // The member exists; Keycloak could not send the e-mail (no SMTP on the realm). The admin
      // sends it again from Keycloak, or the member uses "forgot password".
      emailSent = false;
    }
    return { member: await this.getMember(organisation, created.id), actionLink: null, emailSent };
  }

  private async realmRoles(names: readonly string[]) {
    return Promise.all(
      names.map(async (name) => {
        const role = await this.call('read the role', () => this.client.roles.findOneByName({ name }));
        if (!role?.id) throw new IdentityInvalidError(`No role "${name}" exists.`, 'roles');
        return { id: role.id, name: role.name as string };
      }),
    );
  }

  private async updateUser(
    organisation: string,
    memberId: string,
    action: string,
    change: (user: UserRepresentation) => UserRepresentation,
  ): Promise<IdentityMember> {
    const user = await this.memberUser(organisation, memberId);
    await this.call(action, () => this.client.users.update({ id: memberId }, change(user)), { kind: 'member', id: memberId });
    return this.getMember(organisation, memberId);
  }

  async disableMember(organisation: string, memberId: string): Promise<IdentityMember> {
    const member = await this.updateUser(organisation, memberId, 'disable the member', () => ({ enabled: false }));
    // A disabled user's sessions stay until they are used; end them now.
    await this.call("end the member's sessions", () => this.client.users.logout({ id: memberId }), { kind: 'member', id: memberId });
    return member;
  }

  enableMember(organisation: string, memberId: string): Promise<IdentityMember> {
    return this.updateUser(organisation, memberId, 'enable the member', () => ({ enabled: true }));
  }

  requirePasswordReset(organisation: string, memberId: string): Promise<IdentityMember> {
    return this.updateUser(organisation, memberId, 'require a new password', (user) => ({
      requiredActions: [...new Set([...(user.requiredActions ?? []), 'UPDATE_PASSWORD'])],
    }));
  }

  async resetMfa(organisation: string, memberId: string): Promise<IdentityMember> {
    await this.memberUser(organisation, memberId);
    const notFound = { kind: 'member' as const, id: memberId };
    const credentials = await this.call(
      "read the member's credentials",
      () => this.client.users.getCredentials({ id: memberId }),
      notFound,
    );
    for (const credential of credentials.filter((candidate) => candidate.type === 'otp')) {
      await this.call(
        'remove the one-time-code credential',
        () => this.client.users.deleteCredential({ id: memberId, credentialId: credential.id as string }),
        notFound,
      );
    }
    return this.getMember(organisation, memberId);
  }

  async listGroups(organisation: string): Promise<IdentityGroup[]> {
    const root = await this.groupRoot(organisation);
    if (!root?.id) return [];
    const subgroups = await this.call("read the organisation's groups", () =>
      this.client.groups.listSubGroups({ parentId: root.id as string, first: 0, max: 1000 }),
    );
    return subgroups.map((group) => ({ id: group.id ?? '', name: group.name ?? '' }));
  }

  private async organisationGroup(organisation: string, groupId: string): Promise<IdentityGroup> {
    const group = (await this.listGroups(organisation)).find((candidate) => candidate.id === groupId);
    if (!group) throw new IdentityNotFoundError('group', groupId);
    return group;
  }

  async addToGroup(organisation: string, memberId: string, groupId: string): Promise<IdentityMember> {
    await this.memberUser(organisation, memberId);
    await this.organisationGroup(organisation, groupId);
    await this.call('add the member to the group', () => this.client.users.addToGroup({ id: memberId, groupId }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  async removeFromGroup(organisation: string, memberId: string, groupId: string): Promise<IdentityMember> {
    await this.memberUser(organisation, memberId);
    await this.organisationGroup(organisation, groupId);
    await this.call('remove the member from the group', () => this.client.users.delFromGroup({ id: memberId, groupId }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  private async sessionsOf(member: UserRepresentation): Promise<IdentitySession[]> {
    const id = member.id ?? '';
    const sessions = await this.call("list the member's sessions", () => this.client.users.listSessions({ id }), { kind: 'member', id });
    return sessions.map((session) => toSession(session, { id, username: member.username ?? '' }));
  }

  async listSessions(organisation: string, memberId?: string): Promise<IdentitySession[]> {
    const members = memberId ? [await this.memberUser(organisation, memberId)] : await this.membersOf(organisation);
    const sessions = (await inBatches(members, (member) => this.sessionsOf(member))).flat();
    return sessions.sort((a, b) => b.lastAccessAt.localeCompare(a.lastAccessAt));
  }

  async revokeSession(organisation: string, sessionId: string): Promise<SessionRevocation> {
    // Keycloak has no "read one session"; the session must be found among the organisation's
    // members' sessions, so another organisation's session is "not found" like a made-up one.
    const session = (await this.listSessions(organisation)).find((candidate) => candidate.id === sessionId);
    if (!session) throw new IdentityNotFoundError('session', sessionId);
    await this.call(
      'end the session',
      () => this.client.realms.deleteSession({ realm: this.settings.realm, session: sessionId, isOffline: false }),
      { kind: 'session', id: sessionId },
    );
    return { sessionId, memberId: session.memberId };
  }

  async signOutEverywhere(organisation: string, memberId: string): Promise<SignOutEverywhereResult> {
    const member = await this.memberUser(organisation, memberId);
    const sessions = await this.sessionsOf(member);
    const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    // Keycloak's user logout ends every session and sets the user's not-before to now.
    await this.call('sign the member out everywhere', () => this.client.users.logout({ id: memberId }), { kind: 'member', id: memberId });
    return { memberId, notBefore, sessionsEnded: sessions.length };
  }

  async listRoleHolders(organisation: string, roles: readonly string[]): Promise<RoleHolder[]> {
    const members = new Map((await this.membersOf(organisation)).map((user) => [user.id ?? '', user.username ?? '']));
    const holders: RoleHolder[] = [];
    for (const role of roles) {
      const users = await this.call(
        'list who holds the role',
        () => this.client.roles.findUsersWithRole({ name: role, first: 0, max: MEMBER_LIMIT }),
        { kind: 'organisation', id: role },
      ).catch((error: unknown) => {
        // A portal role the realm does not define is held by nobody.
        if (error instanceof IdentityNotFoundError) return [];
        throw error;
      });
      for (const user of users) {
        if (user.id && members.has(user.id)) holders.push({ memberId: user.id, username: members.get(user.id) ?? '', role });
      }
    }
    return holders.sort((a, b) => a.username.localeCompare(b.username) || a.role.localeCompare(b.role));
  }

  async grantRole(organisation: string, memberId: string, role: string): Promise<IdentityMember> {
    await this.memberUser(organisation, memberId);
    const roles = await this.realmRoles([role]);
    await this.call('grant the role', () => this.client.users.addRealmRoleMappings({ id: memberId, roles }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  async revokeRole(organisation: string, memberId: string, role: string): Promise<IdentityMember> {
    await this.memberUser(organisation, memberId);
    const roles = await this.realmRoles([role]);
    await this.call('revoke the role', () => this.client.users.delRealmRoleMappings({ id: memberId, roles }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  async getSignInPolicy(organisation: string): Promise<SignInPolicy> {
    const org = await this.organisation(organisation);
    const realm = await this.call('read the realm', () => this.client.realms.findOne({ realm: this.settings.realm }));
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

  async updateSignInPolicy(organisation: string, policy: SignInPolicy): Promise<SignInPolicy> {
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
    // Keycloak replaces the whole organization on update: send it back with only our attributes changed.
    const { id } = await this.organisation(organisation);
    const org = await this.call('read the organisation', () => this.client.organizations.findOne({ id }), {
      kind: 'organisation',
      id: organisation,
    });
    const attributes = {
      ...((org.attributes as Record<string, string[]> | undefined) ?? {}),
      [POLICY_ATTRIBUTES.requireMfa]: [String(policy.requireMfa)],
      [POLICY_ATTRIBUTES.sessionIdleSeconds]: [String(policy.sessionIdleSeconds)],
      [POLICY_ATTRIBUTES.sessionMaxSeconds]: [String(policy.sessionMaxSeconds)],
    };
    await this.call('save the sign-in policy', () => this.client.organizations.updateById({ id }, { ...org, attributes }), {
      kind: 'organisation',
      id: organisation,
    });
    this.organisations.delete(organisation);
    return this.getSignInPolicy(organisation);
  }

  async querySignInEvents(organisation: string, query: SignInEventQuery = {}): Promise<SignInEventPage> {
    const max = Math.min(1000, Math.max(1, query.max ?? 100));
    const first = Math.max(0, query.first ?? 0);
    const members = new Map((await this.membersOf(organisation)).map((user) => [user.id ?? '', user.username ?? '']));
    if (query.memberId && !members.has(query.memberId)) throw new IdentityNotFoundError('member', query.memberId);
    const wanted = new Set(query.types ?? ['LOGIN', 'LOGIN_ERROR', 'LOCKOUT', 'LOGOUT']);
    const from = query.from ? Date.parse(query.from) : -Infinity;
    const to = query.to ? Date.parse(query.to) : Infinity;
    // Keycloak filters by day; the exact bounds and the organisation are applied here, page by page.
    const day = (time: number) => new Date(time).toISOString().slice(0, 10);
    const matched: SignInEvent[] = [];
    for (let offset = 0; matched.length <= first + max; offset += EVENT_PAGE) {
      const page = await this.call('read the sign-in events', () =>
        this.client.realms.findEvents({
          realm: this.settings.realm,
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

  async getPlatformSettings(): Promise<PlatformSettings> {
    const realm = await this.call('read the realm', () => this.client.realms.findOne({ realm: this.settings.realm }));
    return toPlatformSettings(realm ?? {});
  }
}
