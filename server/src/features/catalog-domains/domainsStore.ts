// Domains on the portal store: the list with each domain's assets, people, test pass share and
// source freshness (one grouped statement, whatever the project's size), the domain's description
// and people (audited upsert, delete), and an asset's domain set by hand.
import { sql } from 'kysely';
import {
  DOMAIN_ASSETS_SHOWN,
  domainBody,
  type AssetDomainResponse,
  type DomainAsset,
  type DomainBody,
  type DomainSummary,
  type DomainsResponse,
} from '@common/catalog-domains/domainsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { ASSET_TYPES, assetsWithDomains } from './assetDomains.js';
import { CatalogOrganisationInputError, CatalogOrganisationNotFoundError } from './errors.js';
import { unknownAsset } from './unknownAsset.js';

/** dbt result statuses that count as a result (skipped and never-run tests do not). */
const RESULT_STATUSES = ['pass', 'success', 'fail', 'warn', 'error', 'runtime error'];

interface DomainRow {
  domain: string | null;
  asset_count: number;
  assets: Array<[string, string, string, DomainAsset['assignedBy']]> | null;
  tests_total: number;
  tests_passing: number;
  tests_with_result: number;
  sources: number;
  fresh_pass: number;
  fresh_warn: number;
  fresh_error: number;
}

const emptyDomain = (name: string): DomainSummary => ({
  name,
  description: '',
  owners: [],
  experts: [],
  described: false,
  assetCount: 0,
  assets: [],
  tests: { total: 0, passing: 0, withResult: 0, passShare: null },
  freshness: { sources: 0, pass: 0, warn: 0, error: 0, unknown: 0 },
});

/**
 * Every domain with its counts and first assets in one statement grouped in the store (a few
 * rows come back whatever the project's size), plus the domains described in the portal.
 */
export async function listDomains(db: StoreDb, organisation: string): Promise<DomainsResponse> {
  const typeRank = sql`CASE a.resource_type ${sql.join(
    ASSET_TYPES.map((type, index) => sql`WHEN ${type} THEN ${index}`),
    sql` `,
  )} ELSE ${ASSET_TYPES.length} END`;
  const [grouped, described] = await Promise.all([
    sql<DomainRow>`
      WITH ${assetsWithDomains(organisation)},
      tests AS (
        SELECT t.attached_to, count(*)::integer AS total,
               count(*) FILTER (WHERE s.last_status IN ('pass', 'success'))::integer AS passing,
               count(*) FILTER (WHERE s.last_status IN (${sql.join(RESULT_STATUSES.map((status) => sql`${status}`))}))::integer AS with_result
        FROM catalog_read_tests t
        LEFT JOIN quality_read_test_states s ON s.organisation_id = ${organisation} AND s.test_id = t.unique_id
        WHERE t.organisation_id = ${organisation} AND t.attached_to IS NOT NULL AND t.test_type <> 'unit'
        GROUP BY t.attached_to
      ),
      latest AS (
        SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status
        FROM catalog_read_freshness r
        WHERE r.organisation_id = ${organisation}
        ORDER BY r.unique_id, r.checked_at DESC, r.id DESC
      )
      SELECT a.domain, count(*)::integer AS asset_count,
             CASE WHEN a.domain IS NOT NULL THEN to_jsonb((array_agg(jsonb_build_array(a.unique_id, a.name, a.resource_type, a.assigned_by) ORDER BY ${typeRank}, a.name))[1:${DOMAIN_ASSETS_SHOWN}]) END AS assets,
             COALESCE(sum(t.total), 0)::integer AS tests_total, COALESCE(sum(t.passing), 0)::integer AS tests_passing, COALESCE(sum(t.with_result), 0)::integer AS tests_with_result,
             count(*) FILTER (WHERE a.resource_type = 'source')::integer AS sources,
             count(*) FILTER (WHERE a.resource_type = 'source' AND l.status = 'pass')::integer AS fresh_pass,
             count(*) FILTER (WHERE a.resource_type = 'source' AND l.status = 'warn')::integer AS fresh_warn,
             count(*) FILTER (WHERE a.resource_type = 'source' AND l.status IN ('error', 'runtime error'))::integer AS fresh_error
      FROM assets a
      LEFT JOIN tests t ON t.attached_to = a.unique_id
      LEFT JOIN latest l ON l.unique_id = a.unique_id
      GROUP BY a.domain`.execute(db),
    db.selectFrom('catalog_domains').selectAll().where('organisation_id', '=', organisation).execute(),
  ]);

  const domains = new Map<string, DomainSummary>();
  for (const row of described)
    domains.set(row.name, {
      ...emptyDomain(row.name),
      description: row.description,
      owners: row.owners,
      experts: row.experts,
      described: true,
    });
  let unassigned = 0;
  for (const row of grouped.rows) {
    if (row.domain === null) {
      unassigned = row.asset_count;
      continue;
    }
    const domain = domains.get(row.domain) ?? emptyDomain(row.domain);
    domain.assetCount = row.asset_count;
    domain.assets = (row.assets ?? []).map(([uniqueId, name, resourceType, assignedBy]) => ({ uniqueId, name, resourceType, assignedBy }));
    domain.tests = {
      total: row.tests_total,
      passing: row.tests_passing,
      withResult: row.tests_with_result,
      passShare: row.tests_with_result > 0 ? row.tests_passing / row.tests_with_result : null,
    };
    domain.freshness = {
      sources: row.sources,
      pass: row.fresh_pass,
      warn: row.fresh_warn,
      error: row.fresh_error,
      unknown: row.sources - row.fresh_pass - row.fresh_warn - row.fresh_error,
    };
    domains.set(row.domain, domain);
  }
  return { domains: [...domains.values()].sort((a, b) => a.name.localeCompare(b.name)), unassigned };
}

/** Every asset of one domain, by type and name, with how each joined it. */
export async function domainMembers(db: StoreDb, organisation: string, domain: string): Promise<DomainAsset[]> {
  const typeRank = sql`CASE a.resource_type ${sql.join(
    ASSET_TYPES.map((type, index) => sql`WHEN ${type} THEN ${index}`),
    sql` `,
  )} ELSE ${ASSET_TYPES.length} END`;
  const { rows } = await sql<{ unique_id: string; name: string; resource_type: string; assigned_by: DomainAsset['assignedBy'] }>`
    WITH ${assetsWithDomains(organisation)}
    SELECT a.unique_id, a.name, a.resource_type, a.assigned_by FROM assets a WHERE a.domain = ${domain} ORDER BY ${typeRank}, a.name, a.unique_id`.execute(
    db,
  );
  return rows.map((row) => ({ uniqueId: row.unique_id, name: row.name, resourceType: row.resource_type, assignedBy: row.assigned_by }));
}

/** One asset's domain and the rule that placed it. */
export async function assetDomain(db: StoreDb, organisation: string, assetId: string): Promise<AssetDomainResponse> {
  const { rows } = await sql<{ domain: string | null; assigned_by: AssetDomainResponse['assignedBy'] }>`
    WITH ${assetsWithDomains(organisation)} SELECT domain, assigned_by FROM assets WHERE unique_id = ${assetId}`.execute(db);
  const [row] = rows;
  if (!row) throw new CatalogOrganisationNotFoundError('asset');
  return { assetId, domain: row.domain, assignedBy: row.assigned_by };
}

/** Describes a domain (creating its row when it only existed through its assets). */
export async function saveDomain(db: StoreDb, actor: Actor, name: string, body: DomainBody): Promise<void> {
  const input = domainBody.parse(body);
  const dedupe = (names: string[]) => [...new Set(names)];
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('catalog_domains')
      .values({
        organisation_id: actor.organisation,
        name,
        description: input.description,
        owners: JSON.stringify(dedupe(input.owners)),
        experts: JSON.stringify(dedupe(input.experts)),
        updated_by: actor.username,
      })
      .onConflict((conflict) =>
        conflict.columns(['organisation_id', 'name']).doUpdateSet({
          description: input.description,
          owners: JSON.stringify(dedupe(input.owners)),
          experts: JSON.stringify(dedupe(input.experts)),
          updated_by: actor.username,
          updated_at: new Date(),
        }),
      )
      .execute();
    await writeAudit(tx, actor, {
      action: 'catalog.domain.save',
      target: name,
      details: { owners: input.owners.length, experts: input.experts.length },
    });
  });
}

/** Removes the portal's description of a domain and the assets placed in it by hand (they fall back to the dbt rule). */
export async function deleteDomain(db: StoreDb, actor: Actor, name: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('catalog_domains')
      .where('organisation_id', '=', actor.organisation)
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new CatalogOrganisationNotFoundError('described domain');
    const released = await tx
      .deleteFrom('catalog_domain_assets')
      .where('organisation_id', '=', actor.organisation)
      .where('domain', '=', name)
      .executeTakeFirst();
    await writeAudit(tx, actor, {
      action: 'catalog.domain.delete',
      target: name,
      details: { releasedAssets: Number(released.numDeletedRows) },
    });
  });
}

/** Places an asset of the current project in a domain by hand; null hands it back to the dbt rule. */
export async function setAssetDomain(db: StoreDb, actor: Actor, assetId: string, domain: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const asset = await tx
      .selectFrom('catalog_read_nodes')
      .select(['unique_id', 'resource_type'])
      .where('organisation_id', '=', actor.organisation)
      .where('unique_id', '=', assetId)
      .executeTakeFirst();
    if (!asset) throw await unknownAsset(tx, actor.organisation, assetId, 'assetId', 404);
    if (!(ASSET_TYPES as readonly string[]).includes(asset.resource_type)) {
      throw new CatalogOrganisationInputError(
        'assetId',
        `A ${asset.resource_type} belongs to the domain of its asset; only ${ASSET_TYPES.join(', ')} can be placed in one.`,
      );
    }
    if (domain === null) {
      await tx
        .deleteFrom('catalog_domain_assets')
        .where('organisation_id', '=', actor.organisation)
        .where('unique_id', '=', assetId)
        .execute();
    } else {
      await tx
        .insertInto('catalog_domain_assets')
        .values({ organisation_id: actor.organisation, unique_id: assetId, domain, assigned_by: actor.username })
        .onConflict((conflict) =>
          conflict.columns(['organisation_id', 'unique_id']).doUpdateSet({ domain, assigned_by: actor.username, assigned_at: new Date() }),
        )
        .execute();
    }
    await writeAudit(tx, actor, { action: 'catalog.domain.assign', target: assetId, details: { domain } });
  });
}
