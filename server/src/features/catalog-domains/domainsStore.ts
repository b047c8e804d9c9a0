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
  asset_id: string;
  total: number;
  passing: number;
  with_result: number;
}
interface LatestFreshness {
  unique_id: string;
  status: string | null;
}

/** Test counts per asset and the latest freshness per source, each in one statement; laid over the assets' domains below. */
export async function listDomains(db: StoreDb, organisation: string): Promise<DomainsResponse> {
  const [assets, described, tests, freshness] = await Promise.all([
    assetRows(db, organisation),
    db.selectFrom('catalog_domains').selectAll().where('organisation_id', '=', organisation).execute(),
    sql<TestCounts>`
      SELECT t.attached_to AS asset_id, count(*)::integer AS total,
             count(*) FILTER (WHERE s.last_status IN ('pass', 'success'))::integer AS passing,
             count(*) FILTER (WHERE s.last_status IN (${sql.join(RESULT_STATUSES.map((status) => sql`${status}`))}))::integer AS with_result
      FROM dbt_tests t
      LEFT JOIN catalog_test_states s ON s.organisation_id = ${organisation} AND s.test_id = t.unique_id
      WHERE t.organisation_id = ${organisation} AND t.attached_to IS NOT NULL AND t.test_type <> 'unit'
      GROUP BY t.attached_to`.execute(db),
    sql<LatestFreshness>`
      SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status
      FROM dbt_freshness_results r
      WHERE r.organisation_id = ${organisation}
      ORDER BY r.unique_id, r.checked_at DESC, r.id DESC`.execute(db),
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
  const domainOfAsset = new Map(assets.map((asset) => [asset.unique_id, asset]));
  for (const row of tests.rows) {
    const asset = domainOfAsset.get(row.asset_id);
    if (!asset?.domain) continue;
    const counts = domainOf(asset.domain).tests;
    counts.total += row.total;
    counts.passing += row.passing;
    counts.withResult += row.with_result;
  }
  const latest = new Map(freshness.rows.map((row) => [row.unique_id, row.status]));
  for (const asset of assets) {
    if (asset.resource_type !== 'source' || !asset.domain) continue;
    const counts = domainOf(asset.domain).freshness;
    const status = latest.get(asset.unique_id) ?? null;
    counts.sources += 1;
    if (status === 'pass') counts.pass += 1;
    else if (status === 'warn') counts.warn += 1;
    else if (status === 'error' || status === 'runtime error') counts.error += 1;
    else counts.unknown += 1;
  }
  for (const domain of domains.values()) domain.tests.passShare = domain.tests.withResult > 0 ? domain.tests.passing / domain.tests.withResult : null;
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
