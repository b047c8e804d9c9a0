// Rules both sides apply to Domains and Data Products: who may change them, how an asset's
// domain is decided, and the limits of names and lists.
import { hasAnyRole } from '../access/editions';

/**
 * Who may change domains (description, owners, experts, an asset's domain by hand) and data
 * products: the organisation's administrators and its documentation editors, the same people
 * who curate the catalog's settings. Everyone who may open the pages reads them.
 */
export const catalogOrganisationEditorRoles: readonly string[] = ['admin', 'Client-Admin', 'client-admin', 'Client-Dataworks-docs'];

export function mayEditCatalogOrganisation(roles: readonly string[]): boolean {
  return hasAnyRole(roles, catalogOrganisationEditorRoles);
}

/**
 * An asset's domain, first rule that answers wins:
 * 1. set by hand in the portal (catalog_domain_assets);
 * 2. the node's dbt `meta.domain` (or `meta.data_domain`);
 * 3. a dbt tag `domain:<name>`;
 * 4. the first folder of its file under the project (`models/staging/x.sql` → `staging`).
 * The same rule lists the domains: every name an asset lands in, plus domains described in the portal.
 */
export const DOMAIN_TAG_PREFIX = 'domain:';

export const DOMAIN_NAME_MAX = 100;
export const DESCRIPTION_MAX = 4000;
export const PEOPLE_MAX = 20;
export const PRODUCT_MEMBERS_MAX = 500;
/** The window the cost figures cover, and the "nobody read it" window. */
export const COST_WINDOW_DAYS = 30;
