// The domain rule in SQL (common/catalog-domains/catalogOrganisationRules.ts says it in words):
// by hand, else dbt meta.domain, else a `domain:<name>` tag, else the first folder of the file.
// One statement lists every asset of the organisation's current project with its domain and how
// it got there; the domain page, products and costs all start from it.
import { sql, type RawBuilder } from 'kysely';
import { DOMAIN_TAG_PREFIX } from '@common/catalog-domains/catalogOrganisationRules';

/** What an asset is: what a domain or a product can hold. Tests, metrics and the like belong to their asset. */
export const ASSET_TYPES = ['model', 'source', 'seed', 'snapshot', 'exposure'] as const;

const folderDomain = sql<string | null>`CASE WHEN n.original_file_path LIKE '%/%/%' THEN split_part(n.original_file_path, '/', 2) END`;

/** The first `domain:<name>` tag, read from the tags' JSON text in one pass (no row per tag). */
const tagDomain = sql<string | null>`NULLIF(substring(n.tags::text from ${`"${DOMAIN_TAG_PREFIX}([^"]+)"`}), '')`;

/**
 * `WITH assets AS (…)`: unique_id, name, resource_type, schema_name, identifier, domain and
 * assigned_by of every asset of the organisation, or of its models only.
 */
export function assetsWithDomains(organisation: string, options: { modelsOnly?: boolean } = {}): RawBuilder<unknown> {
  const types = options.modelsOnly ? ['model'] : ASSET_TYPES;
  return sql`assets AS (
    SELECT n.unique_id, n.name, n.resource_type, n.schema_name, n.identifier,
           COALESCE(m.domain, n.domain, ${tagDomain}, ${folderDomain}) AS domain,
           CASE WHEN m.domain IS NOT NULL THEN 'hand' WHEN n.domain IS NOT NULL THEN 'meta' WHEN ${tagDomain} IS NOT NULL THEN 'tag' WHEN ${folderDomain} IS NOT NULL THEN 'folder' END AS assigned_by
    FROM catalog_read_nodes n
    LEFT JOIN catalog_domain_assets m ON m.organisation_id = n.organisation_id AND m.unique_id = n.unique_id
    WHERE n.organisation_id = ${organisation} AND n.resource_type IN (${sql.join(types.map((type) => sql`${type}`))})
  )`;
}

export interface AssetRow {
  unique_id: string;
  name: string;
  resource_type: string;
  schema_name: string | null;
  identifier: string | null;
  domain: string | null;
  assigned_by: 'hand' | 'meta' | 'tag' | 'folder' | null;
}
