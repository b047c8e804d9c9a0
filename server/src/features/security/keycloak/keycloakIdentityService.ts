// The identity service over a real Keycloak 26: the organisation is a Keycloak organization whose
// alias is the `organization` claim, its members are the organization's members, portal roles are
// realm roles, the organisation's groups are the subgroups of a top-level realm group named by the
// alias, and the organisation's sign-in policy is kept in the organization's attributes.
//
// What Keycloak enforces itself is the realm's: session lifetimes and one-time codes follow the
// realm's settings and authentication flows. The policy attributes are what the portal shows and
// changes; enforcing them per organisation needs a browser flow with conditions on them (README).
//
// This file is the service's face: the member, group, session and role changes. Reading the
// organisation out of Keycloak is keycloakDirectory.ts; the sign-in policy and events are
// keycloakSignIn.ts.
import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import {
  IdentityConflictError,
  IdentityInvalidError,
  IdentityNotFoundError,
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
  type SignInEventQuery,
  type SignInPolicy,
  type SignOutEverywhereResult,
} from '../identityService.js';
import { connectToKeycloak, type KeycloakSettings } from './keycloakConnection.js';
import { inBatches, KeycloakDirectory, MEMBER_LIMIT } from './keycloakDirectory.js';
import { findSignInEvents, readPlatformSettings, readSignInPolicy, saveSignInPolicy } from './keycloakSignIn.js';
import { toSession } from './representations.js';

export { POLICY_ATTRIBUTES } from './keycloakSignIn.js';

export class KeycloakIdentityService implements IdentityService {
  private readonly directory: KeycloakDirectory;

  constructor(
    private readonly settings: KeycloakSettings,
    private readonly client: KeycloakAdminClient = connectToKeycloak(settings),
  ) {
    this.directory = new KeycloakDirectory(settings, client);
  }

  async listMembers(organisation: string, query: MemberQuery = {}): Promise<MemberPage> {
    const first = Math.max(0, query.first ?? 0);
    const max = Math.min(500, Math.max(1, query.max ?? 50));
    const users = await this.directory.membersOf(organisation, query.search?.trim() || undefined);
    const sorted = [...users].sort((a, b) => (a.username ?? '').localeCompare(b.username ?? ''));
    const members = await inBatches(sorted.slice(first, first + max), (user) => this.directory.withDetails(organisation, user));
    return { members, total: users.length };
  }

  async currentAccess(organisation: string, memberId: string): Promise<CurrentAccess | null> {
    let user: UserRepresentation;
    try {
      user = await this.directory.memberUser(organisation, memberId);
    } catch (error) {
      if (error instanceof IdentityNotFoundError) return null;
      throw error;
    }
    // Composite mappings: roles held through groups and composite roles count, as in a token.
    const roles = await this.directory.call(
      "read the member's effective roles",
      () => this.client.users.listCompositeRealmRoleMappings({ id: memberId }),
      { kind: 'member', id: memberId },
    );
    return { enabled: user.enabled !== false, roles: roles.map((role) => role.name ?? '').filter(Boolean) };
  }

  async getMember(organisation: string, memberId: string): Promise<IdentityMember> {
    return this.directory.withDetails(organisation, await this.directory.memberUser(organisation, memberId));
  }

  async inviteMember(organisation: string, invitation: Invitation): Promise<InvitationResult> {
    const org = await this.directory.organisation(organisation);
    const roles = await this.directory.realmRoles(invitation.roles ?? []);
    const root = invitation.groups?.length ? await this.directory.groupRoot(organisation) : null;
    const subgroups = root?.id
      ? await this.directory.call("read the organisation's groups", () =>
          this.client.groups.listSubGroups({ parentId: root.id as string, first: 0, max: 1000 }),
        )
      : [];
    const groupIds = (invitation.groups ?? []).map((name) => {
      const group = subgroups.find((candidate) => candidate.name === name || candidate.id === name);
      if (!group?.id) throw new IdentityInvalidError(`No group "${name}" in this organisation.`, 'groups');
      return group.id;
    });
    const created = await this.directory.call('create the member', () =>
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
      await this.directory.call('add the member to the organisation', () =>
        this.client.organizations.addMember({ orgId: org.id, userId: created.id }),
      );
      if (roles.length)
        await this.directory.call("grant the member's roles", () => this.client.users.addRealmRoleMappings({ id: created.id, roles }));
      for (const groupId of groupIds)
        await this.directory.call('add the member to a group', () => this.client.users.addToGroup({ id: created.id, groupId }));
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

  async admitMember(organisation: string, userId: string, role: string): Promise<IdentityMember> {
    const org = await this.directory.organisation(organisation);
    const user = await this.directory.call('read the account', () => this.client.users.findOne({ id: userId }), {
      kind: 'member',
      id: userId,
    });
    if (!user) throw new IdentityNotFoundError('member', userId);
    if (!user.emailVerified) throw new IdentityConflictError('The account’s e-mail address is not verified yet.', 'email');
    const memberships = await this.directory.call('read the account’s organisations', () =>
      this.client.organizations.memberOrganizations({ userId }),
    );
    if (memberships.length > 0) throw new IdentityConflictError('The account already belongs to an organisation.');
    const roles = await this.directory.realmRoles([role]);
    await this.directory.call('add the member to the organisation', () => this.client.organizations.addMember({ orgId: org.id, userId }));
    try {
      await this.directory.call("grant the member's role", () => this.client.users.addRealmRoleMappings({ id: userId, roles }));
    } catch (error) {
      // Nothing half-written: a member without their role is taken out again.
      await this.client.organizations.delMember({ orgId: org.id, userId }).catch(() => undefined);
      throw error;
    }
    return this.getMember(organisation, userId);
  }

  private async updateUser(
    organisation: string,
    memberId: string,
    action: string,
    change: (user: UserRepresentation) => UserRepresentation,
  ): Promise<IdentityMember> {
    const user = await this.directory.memberUser(organisation, memberId);
    await this.directory.call(action, () => this.client.users.update({ id: memberId }, change(user)), { kind: 'member', id: memberId });
    return this.getMember(organisation, memberId);
  }

  async disableMember(organisation: string, memberId: string): Promise<IdentityMember> {
    const member = await this.updateUser(organisation, memberId, 'disable the member', () => ({ enabled: false }));
    // A disabled user's sessions stay until they are used; end them now.
    await this.directory.call("end the member's sessions", () => this.client.users.logout({ id: memberId }), {
      kind: 'member',
      id: memberId,
    });
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
    await this.directory.memberUser(organisation, memberId);
    const notFound = { kind: 'member' as const, id: memberId };
    const credentials = await this.directory.call(
      "read the member's credentials",
      () => this.client.users.getCredentials({ id: memberId }),
      notFound,
    );
    for (const credential of credentials.filter((candidate) => candidate.type === 'otp')) {
      await this.directory.call(
        'remove the one-time-code credential',
        () => this.client.users.deleteCredential({ id: memberId, credentialId: credential.id as string }),
        notFound,
      );
    }
    return this.getMember(organisation, memberId);
  }

  async listGroups(organisation: string): Promise<IdentityGroup[]> {
    const root = await this.directory.groupRoot(organisation);
    if (!root?.id) return [];
    const subgroups = await this.directory.call("read the organisation's groups", () =>
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
    await this.directory.memberUser(organisation, memberId);
    await this.organisationGroup(organisation, groupId);
    await this.directory.call('add the member to the group', () => this.client.users.addToGroup({ id: memberId, groupId }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  async removeFromGroup(organisation: string, memberId: string, groupId: string): Promise<IdentityMember> {
    await this.directory.memberUser(organisation, memberId);
    await this.organisationGroup(organisation, groupId);
    await this.directory.call('remove the member from the group', () => this.client.users.delFromGroup({ id: memberId, groupId }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  private async sessionsOf(member: UserRepresentation): Promise<IdentitySession[]> {
    const id = member.id ?? '';
    const sessions = await this.directory.call("list the member's sessions", () => this.client.users.listSessions({ id }), {
      kind: 'member',
      id,
    });
    return sessions.map((session) => toSession(session, { id, username: member.username ?? '' }));
  }

  async listSessions(organisation: string, memberId?: string): Promise<IdentitySession[]> {
    const members = memberId ? [await this.directory.memberUser(organisation, memberId)] : await this.directory.membersOf(organisation);
    const sessions = (await inBatches(members, (member) => this.sessionsOf(member))).flat();
    return sessions.sort((a, b) => b.lastAccessAt.localeCompare(a.lastAccessAt));
  }

  async revokeSession(organisation: string, sessionId: string): Promise<SessionRevocation> {
    // Keycloak has no "read one session"; the session must be found among the organisation's
    // members' sessions, so another organisation's session is "not found" like a made-up one.
    const session = (await this.listSessions(organisation)).find((candidate) => candidate.id === sessionId);
    if (!session) throw new IdentityNotFoundError('session', sessionId);
    await this.directory.call(
      'end the session',
      () => this.client.realms.deleteSession({ realm: this.settings.realm, session: sessionId, isOffline: false }),
      { kind: 'session', id: sessionId },
    );
    return { sessionId, memberId: session.memberId };
  }

  async signOutEverywhere(organisation: string, memberId: string): Promise<SignOutEverywhereResult> {
    const member = await this.directory.memberUser(organisation, memberId);
    const sessions = await this.sessionsOf(member);
    const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    // Keycloak's user logout ends every session and sets the user's not-before to now.
    await this.directory.call('sign the member out everywhere', () => this.client.users.logout({ id: memberId }), {
      kind: 'member',
      id: memberId,
    });
    return { memberId, notBefore, sessionsEnded: sessions.length };
  }

  async listRoleHolders(organisation: string, roles: readonly string[]): Promise<RoleHolder[]> {
    const members = new Map((await this.directory.membersOf(organisation)).map((user) => [user.id ?? '', user.username ?? '']));
    const holders: RoleHolder[] = [];
    for (const role of roles) {
      const users = await this.directory
        .call('list who holds the role', () => this.client.roles.findUsersWithRole({ name: role, first: 0, max: MEMBER_LIMIT }), {
          kind: 'organisation',
          id: role,
        })
        .catch((error: unknown) => {
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
    await this.directory.memberUser(organisation, memberId);
    const roles = await this.directory.realmRoles([role]);
    await this.directory.call('grant the role', () => this.client.users.addRealmRoleMappings({ id: memberId, roles }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  async revokeRole(organisation: string, memberId: string, role: string): Promise<IdentityMember> {
    await this.directory.memberUser(organisation, memberId);
    const roles = await this.directory.realmRoles([role]);
    await this.directory.call('revoke the role', () => this.client.users.delRealmRoleMappings({ id: memberId, roles }), {
      kind: 'member',
      id: memberId,
    });
    return this.getMember(organisation, memberId);
  }

  getSignInPolicy(organisation: string): Promise<SignInPolicy> {
    return readSignInPolicy(this.directory, organisation);
  }

  updateSignInPolicy(organisation: string, policy: SignInPolicy): Promise<SignInPolicy> {
    return saveSignInPolicy(this.directory, organisation, policy);
  }

  querySignInEvents(organisation: string, query: SignInEventQuery = {}): Promise<SignInEventPage> {
    return findSignInEvents(this.directory, organisation, query);
  }

  getPlatformSettings(): Promise<PlatformSettings> {
    return readPlatformSettings(this.directory);
  }
}
