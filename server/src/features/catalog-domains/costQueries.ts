// The cost answers the pages ask for: one asset (a model's own builds and reads, an exposure's
// upstream builds), every exposure at once (the exposures list), a product, and the models
// nobody read in the read window with what they cost to build.
import { sql } from 'kysely';
import type {
  AssetCostResponse,
  CostFigures,
  CostWindow,
  ExposureCostsResponse,
  UnreadModelsResponse,
} from '@common/catalog-domains/costContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { costIndex, costOf, readsOf, upstreamBuilds, BUILD_TYPES, type CostSource } from './assetCosts.js';
import { assetsWithDomains, type AssetRow } from './assetDomains.js';
import { CatalogOrganisationInputError, CatalogOrganisationNotFoundError } from './errors.js';

const UNREAD_SHOWN = 200;

export async function assetCost(db: StoreDb, costs: CostSource, organisation: string, assetId: string): Promise<AssetCostResponse> {
  const asset = await db
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'resource_type', 'schema_name', 'identifier'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', assetId)
    .executeTakeFirst();
  if (!asset) throw new CatalogOrganisationNotFoundError('asset');
  const builds = (BUILD_TYPES as readonly string[]).includes(asset.resource_type);
  if (!builds && asset.resource_type !== 'exposure' && asset.resource_type !== 'source') {
    throw new CatalogOrganisationInputError(
      'assetId',
      `A ${asset.resource_type} has no build cost of its own; ask for its model or exposure.`,
    );
  }
  const index = costIndex(await costs(organisation));
  const needed =
    asset.resource_type === 'exposure'
      ? ((await upstreamBuilds(db, organisation, [assetId])).get(assetId) ?? new Set<string>())
      : new Set(builds ? [assetId] : []);
  const { reads, lastRead } = asset.resource_type === 'exposure' ? { reads: 0, lastRead: null } : readsOf(index, asset);
  return {
    window: index.window,
    cost: costOf(index, needed),
    reads,
    lastRead,
    upstreamModels: asset.resource_type === 'exposure' ? needed.size : 0,
  };
}

export async function exposureCosts(db: StoreDb, costs: CostSource, organisation: string): Promise<ExposureCostsResponse> {
  const exposures = await db
    .selectFrom('catalog_read_nodes')
    .select('unique_id')
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'exposure')
    .execute();
  const [rollup, needed] = await Promise.all([
    costs(organisation),
    upstreamBuilds(
      db,
      organisation,
      exposures.map((row) => row.unique_id),
    ),
  ]);
  const index = costIndex(rollup);
  return {
    window: index.window,
    exposures: [...needed].map(([uniqueId, models]) => {
      const figures = costOf(index, models);
      return { uniqueId, cost: figures.cost, builds: figures.builds, upstreamModels: models.size };
    }),
  };
}

/**
 * The build cost of everything a product's members need, and each member's own: a model's own
 * builds (as its asset page says), an exposure's everything upstream of it.
 */
export async function productCost(
  db: StoreDb,
  costs: CostSource,
  organisation: string,
  members: readonly { uniqueId: string; resourceType: string }[],
): Promise<{ window: CostWindow; cost: CostFigures; memberCosts: Record<string, number> }> {
  const [rollup, needed] = await Promise.all([
    costs(organisation),
    upstreamBuilds(
      db,
      organisation,
      members.map((member) => member.uniqueId),
    ),
  ]);
  const all = new Set<string>();
  for (const models of needed.values()) for (const id of models) all.add(id);
  const index = costIndex(rollup);
  const memberCosts: Record<string, number> = {};
  for (const member of members) {
    if (member.resourceType === 'exposure') memberCosts[member.uniqueId] = costOf(index, needed.get(member.uniqueId) ?? []).cost;
    else if ((BUILD_TYPES as readonly string[]).includes(member.resourceType))
      memberCosts[member.uniqueId] = costOf(index, [member.uniqueId]).cost;
  }
  return { window: index.window, cost: costOf(index, all), memberCosts };
}

/**
 * Models nobody read in the read window. Relations certainly read (by someone outside dbt, or by
 * two nodes) are left out in the store, so only the candidates come back; each is then checked
 * exactly (a relation read only by one node's statements is unread when that node is the model itself).
 */
export async function unreadModels(db: StoreDb, costs: CostSource, organisation: string): Promise<UnreadModelsResponse> {
  const index = costIndex(await costs(organisation));
  const { rows } = await sql<AssetRow>`
    WITH ${assetsWithDomains(organisation, { modelsOnly: true })}
    SELECT * FROM assets
    WHERE identifier IS NOT NULL AND schema_name IS NOT NULL
      AND upper(replace(schema_name, '"', '') || '.' || replace(identifier, '"', '')) <> ALL(${sql.val(index.readByOthers)}::text[])`.execute(
    db,
  );
  const unread = [];
  for (const asset of rows) {
    if (readsOf(index, asset).reads > 0) continue;
    const figures = costOf(index, [asset.unique_id]);
    unread.push({ uniqueId: asset.unique_id, name: asset.name, domain: asset.domain, cost: figures.cost, builds: figures.builds });
  }
  unread.sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
  return { window: index.window, models: unread.slice(0, UNREAD_SHOWN), totalCost: unread.reduce((sum, model) => sum + model.cost, 0) };
}
