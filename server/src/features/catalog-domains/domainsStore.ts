// Domains on the portal store: the list with each domain's assets, people, test pass share and
// source freshness (three statements, whatever the project's size), the domain's description
// and people (audited upsert, delete), and an asset's domain set by hand.
import { sql } from 'kysely';
import { DOMAIN_ASSETS_SHOWN, type DomainBody, type DomainSummary, type DomainsResponse } from '@common/catalog-domains/domainsContract';
import { domainBody } from '@common/catalog-domains/domainsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { ASSET_TYPES, assetsWithDomains, type AssetRow } from './assetDomains.js';
import { CatalogOrganisationInputError, CatalogOrganisationNotFoundError } from './errors.js';

/** dbt result statuses that count as a result (skipped and never-run tests do not). */
const RESULT_STATUSES = ['pass', 'success', 'fail', 'warn', 'error', 'runtime error'];
const typeOrder = new Map<string, number>(ASSET_TYPES.map((type, index) => [type, index]));

export async function assetRows(db: StoreDb, organisation: string): Promise<AssetRow[]> {
  const { rows } = await sql<AssetRow>`WITH ${assetsWithDomains(organisation)} SELECT * FROM assets`.execute(db);
  return rows;
}

interface TestCounts {
  domain: string;
  total: number;
  passing: number;
  with_result: number;
}
interface FreshnessCounts {
  domain: string;
  status: string | null;
  sources: number;
}

export async function listDomains(db: StoreDb, organisation: string): Promise<DomainsResponse> {
  const [assets, described, tests, freshness] = await Promise.all([
    assetRows(db, organisation),
    db.selectFrom('catalog_domains').selectAll().where('organisation_id', '=', organisation).execute(),
    sql<TestCounts>`WITH ${assetsWithDomains(organisation)}
      SELECT a.domain, count(*)::integer AS total,
             count(*) FILTER (WHERE s.last_status IN ('pass', 'success'))::integer AS passing,
             count(*) FILTER (WHERE s.last_status IN (${sql.join(RESULT_STATUSES.map((status) => sql`${status}`))}))::integer AS with_result
      FROM assets a
      JOIN dbt_tests t ON t.organisation_id = ${organisation} AND t.attached_to = a.unique_id AND t.test_type <> 'unit'
      LEFT JOIN catalog_test_states s ON s.organisation_id = ${organisation} AND s.test_id = t.unique_id
      WHERE a.domain IS NOT NULL
      GROUP BY a.domain`.execute(db),
    sql<FreshnessCounts>`WITH ${assetsWithDomains(organisation)},
      latest AS (
        SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status
        FROM dbt_freshness_results r
        WHERE r.organisation_id = ${organisation}
        ORDER BY r.unique_id, r.checked_at DESC, r.id DESC
      )
      SELECT a.domain, l.status, count(*)::integer AS sources
      FROM assets a LEFT JOIN latest l ON l.unique_id = a.unique_id
      WHERE a.resource_type = 'source' AND a.domain IS NOT NULL
      GROUP BY a.domain, l.status`.execute(db),
  ]);

  const domains = new Map<string, DomainSummary>();
  const domainOf = (name: string): DomainSummary => {
    let domain = domains.get(name);
    if (!domain) {
      domain = { name, description: '', owners: [], experts: [], described: false, assetCount: 0, assets: [], tests: { total: 0, passing: 0, withResult: 0, passShare: null }, freshness: { sources: 0, pass: 0, warn: 0, error: 0, unknown: 0 } };
      domains.set(name, domain);
    }
    return domain;
  };
  for (const row of described) Object.assign(domainOf(row.name), { description: row.description, owners: row.owners, experts: row.experts, described: true });
  let unassigned = 0;
  const sorted = [...assets].sort((a, b) => (typeOrder.get(a.resource_type) ?? 9) - (typeOrder.get(b.resource_type) ?? 9) || a.name.localeCompare(b.name));
  for (const asset of sorted) {
    if (!asset.domain) {
      unassigned += 1;
      continue;
    }
    const domain = domainOf(asset.domain);
    domain.assetCount += 1;
    if (domain.assets.length < DOMAIN_ASSETS_SHOWN) domain.assets.push({ uniqueId: asset.unique_id, name: asset.name, resourceType: asset.resource_type, assignedBy: asset.assigned_by ?? 'folder' });
  }
  for (const row of tests.rows) {
    const domain = domainOf(row.domain);
    domain.tests = { total: row.total, passing: row.passing, withResult: row.with_result, passShare: row.with_result > 0 ? row.passing / row.with_result : null };
  }
  for (const row of freshness.rows) {
    const counts = domainOf(row.domain).freshness;
    counts.sources += row.sources;
    if (row.status === 'pass') counts.pass += row.sources;
    else if (row.status === 'warn') counts.warn += row.sources;
    else if (row.status === 'error' || row.status === 'runtime error') counts.error += row.sources;
    else counts.unknown += row.sources;
  }
  return { domains: [...domains.values()].sort((a, b) => a.name.localeCompare(b.name)), unassigned };
}

/** Describes a domain (creating its row when it only existed through its assets). */
export async function saveDomain(db: StoreDb, actor: Actor, name: string, body: DomainBody): Promise<void> {
  const input = domainBody.parse(body);
  const dedupe = (names: string[]) => [...new Set(names)];
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('catalog_domains')
      .values({ organisation_id: actor.organisation, name, description: input.description, owners: JSON.stringify(dedupe(input.owners)), experts: JSON.stringify(dedupe(input.experts)), updated_by: actor.username })
      .onConflict((conflict) =>
        conflict.columns(['organisation_id', 'name']).doUpdateSet({ description: input.description, owners: JSON.stringify(dedupe(input.owners)), experts: JSON.stringify(dedupe(input.experts)), updated_by: actor.username, updated_at: new Date() }),
      )
      .execute();
    await writeAudit(tx, actor, { action: 'catalog.domain.save', target: name, details: { owners: input.owners.length, experts: input.experts.length } });
  });
}

/** Removes the portal's description of a domain and the assets placed in it by hand (they fall back to the dbt rule). */
export async function deleteDomain(db: StoreDb, actor: Actor, name: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom('catalog_domains').where('organisation_id', '=', actor.organisation).where('name', '=', name).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw new CatalogOrganisationNotFoundError('described domain');
    const released = await tx.deleteFrom('catalog_domain_assets').where('organisation_id', '=', actor.organisation).where('domain', '=', name).executeTakeFirst();
    await writeAudit(tx, actor, { action: 'catalog.domain.delete', target: name, details: { releasedAssets: Number(released.numDeletedRows) } });
  });
}

/** Places an asset of the current project in a domain by hand; null hands it back to the dbt rule. */
export async function setAssetDomain(db: StoreDb, actor: Actor, assetId: string, domain: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const asset = await tx
      .selectFrom('dbt_nodes')
      .select(['unique_id', 'resource_type'])
      .where('organisation_id', '=', actor.organisation)
      .where('unique_id', '=', assetId)
      .executeTakeFirst();
    if (!asset) throw new CatalogOrganisationNotFoundError('asset');
    if (!(ASSET_TYPES as readonly string[]).includes(asset.resource_type)) {
      throw new CatalogOrganisationInputError('assetId', `A ${asset.resource_type} belongs to the domain of its asset; only ${ASSET_TYPES.join(', ')} can be placed in one.`);
    }
    if (domain === null) {
      await tx.deleteFrom('catalog_domain_assets').where('organisation_id', '=', actor.organisation).where('unique_id', '=', assetId).execute();
    } else {
      await tx
        .insertInto('catalog_domain_assets')
        .values({ organisation_id: actor.organisation, unique_id: assetId, domain, assigned_by: actor.username })
        .onConflict((conflict) => conflict.columns(['organisation_id', 'unique_id']).doUpdateSet({ domain, assigned_by: actor.username, assigned_at: new Date() }))
        .execute();
    }
    await writeAudit(tx, actor, { action: 'catalog.domain.assign', target: assetId, details: { domain } });
  });
}
