// Reading an organisation out of Keycloak: the organization behind an alias (remembered for a
// while), its members with their credentials, groups and roles, its root group, and realm roles by
// name. Every admin call goes through `call`, so Keycloak's refusals reach the portal as the
// identity service's errors. The identity service (keycloakIdentityService.ts) and the sign-in
// reads (keycloakSignIn.ts) build on this.
import type KeycloakAdminClient from '@keycloak/keycloak-admin-client';
import type OrganizationRepresentation from '@keycloak/keycloak-admin-client/lib/defs/organizationRepresentation.js';
import type UserRepresentation from '@keycloak/keycloak-admin-client/lib/defs/userRepresentation.js';
import { IdentityInvalidError, IdentityNotFoundError, type IdentityMember } from '../identityService.js';
import { translateKeycloakError, type KeycloakSettings } from './keycloakConnection.js';
import { toMember } from './representations.js';

/** How many members one organisation may have for the lists here (read in one page from Keycloak). */
export const MEMBER_LIMIT = 5000;
/** Calls made at once when details are fetched per member. */
const PARALLEL = 8;
/** How long an organization's id is remembered (aliases do not change; deletion is rare). */
const ORGANISATION_CACHE_MS = 5 * 60_000;

export async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += PARALLEL) {
    results.push(...(await Promise.all(items.slice(index, index + PARALLEL).map(work))));
  }
  return results;
}

export class KeycloakDirectory {
  private readonly organisations = new Map<string, { org: OrganizationRepresentation; at: number }>();

  constructor(
    readonly settings: KeycloakSettings,
    readonly client: KeycloakAdminClient,
  ) {}

  /** Runs one admin call, turning Keycloak's refusals into the identity service's errors. */
  async call<T>(
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

  async organisation(alias: string): Promise<OrganizationRepresentation & { id: string }> {
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

  /** Forgets the remembered organization, after it was changed. */
  forgetOrganisation(alias: string): void {
    this.organisations.delete(alias);
  }

  async membersOf(alias: string, search?: string): Promise<UserRepresentation[]> {
    const org = await this.organisation(alias);
    return this.call("list the organisation's members", () =>
      this.client.organizations.listMembers({ orgId: org.id, first: 0, max: MEMBER_LIMIT, ...(search ? { search } : {}) } as Parameters<
        KeycloakAdminClient['organizations']['listMembers']
      >[0]),
    );
  }

  /** The member as Keycloak has it, or not found when the user is not in the organisation. */
  async memberUser(alias: string, memberId: string): Promise<UserRepresentation> {
    const org = await this.organisation(alias);
    return this.call('read the member', () => this.client.organizations.getMember({ orgId: org.id, userId: memberId }), {
      kind: 'member',
      id: memberId,
    });
  }

  async groupRoot(alias: string) {
    const groups = await this.call("read the organisation's groups", () =>
      this.client.groups.find({ search: alias, exact: true, briefRepresentation: true } as Parameters<
        KeycloakAdminClient['groups']['find']
      >[0]),
    );
    return groups.find((group) => group.name === alias && group.path === `/${alias}`) ?? null;
  }

  async withDetails(alias: string, user: UserRepresentation): Promise<IdentityMember> {
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

  async realmRoles(names: readonly string[]) {
    return Promise.all(
      names.map(async (name) => {
        const role = await this.call('read the role', () => this.client.roles.findOneByName({ name }));
        if (!role?.id) throw new IdentityInvalidError(`No role "${name}" exists.`, 'roles');
        return { id: role.id, name: role.name as string };
      }),
    );
  }
}
