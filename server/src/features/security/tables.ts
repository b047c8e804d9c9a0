// Row types of the security area's own tables (self sign-up), as Kysely sees them. They join the
// store's schema (platform/store/schema.ts) by declaration merging; the area's migrations create
// them. Members, roles and the sign-in policy live in the identity service, not here.
import type { Generated } from 'kysely';
import type { CreatedAt } from '../../platform/store/columnTypes.js';

/** A domain whose verified addresses may join an organisation; a domain belongs to one organisation. */
export interface SecuritySignUpDomainsTable {
  domain: string;
  organisation_id: string;
  created_by: string;
  created_at: CreatedAt;
}

/** The role people joining an organisation by e-mail domain get. */
export interface SecuritySignUpRolesTable {
  organisation_id: string;
  role: string;
}

/** Requests for an invitation, kept so one person asks one organisation at most once a day. */
export interface SecurityAccessRequestsTable {
  id: Generated<string>;
  organisation_id: string;
  subject: string;
  username: string;
  email: string | null;
  message: string;
  created_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    security_sign_up_domains: SecuritySignUpDomainsTable;
    security_sign_up_roles: SecuritySignUpRolesTable;
    security_access_requests: SecurityAccessRequestsTable;
  }
}
