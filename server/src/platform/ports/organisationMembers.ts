// The organisation's members as the identity service knows them (the security area, which
// talks to it, provides this): for areas that offer people to choose from (an incident's
// assignee) and must offer everyone, not only those the portal has already seen sign in.
import { definePort } from './portRegistry.js';

export interface OrganisationMember {
  /** The `sub` of the member's tokens. */
  subject: string;
  username: string;
  enabled: boolean;
  /** Portal roles the member holds now. */
  roles: string[];
}

export interface OrganisationMembers {
  /** Every member of the organisation (its alias, the token's `organization` claim). */
  list(organisation: string): Promise<OrganisationMember[]>;
}

export const organisationMembersPort = definePort<OrganisationMembers>('organisationMembers');
