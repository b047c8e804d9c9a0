// Data products on the portal store: list and detail (with their objective judged), create,
// change and delete, each change audited in its own transaction. Members are checked against
// the organisation's current dbt project: an id it does not hold is refused, named, and nothing
// is written.
import type { ProductDetail, ProductInput, ProductMember, ProductSummary } from '@common/catalog-domains/productsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import type { CatalogProductsTable } from './tables.js';
import type { Selectable, Transaction } from 'kysely';
import { ASSET_TYPES } from './assetDomains.js';
import { CatalogOrganisationInputError, CatalogOrganisationNotFoundError } from './errors.js';
import { evaluateObjective } from './productObjectives.js';
import { unknownAsset } from './unknownAsset.js';

type StoreTx = Transaction<StoreSchema>;

type ProductRow = Selectable<CatalogProductsTable>;

interface Counts {
  assets: number;
  exposures: number;
}

async function memberCounts(db: StoreDb, productIds: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  if (productIds.length === 0) return counts;
  const rows = await db
    .selectFrom('catalog_product_members')
    .select(['product_id', 'unique_id'])
    .where('product_id', 'in', productIds)
    .execute();
  for (const row of rows) {
    const count = counts.get(row.product_id) ?? { assets: 0, exposures: 0 };
    if (row.unique_id.startsWith('exposure.')) count.exposures += 1;
    else count.assets += 1;
    counts.set(row.product_id, count);
  }
  return counts;
}

async function summaryOf(db: StoreDb, row: ProductRow, counts: Counts | undefined): Promise<ProductSummary> {
  const objective = { freshnessHours: row.freshness_hours, minTestPassRate: row.min_test_pass_rate };
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.owner,
    domain: row.domain,
    objective,
    assetCount: counts?.assets ?? 0,
    exposureCount: counts?.exposures ?? 0,
    status: await evaluateObjective(db, row.organisation_id, row.id, objective),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  };
}

export async function listProducts(db: StoreDb, organisation: string): Promise<ProductSummary[]> {
  const rows = await db.selectFrom('catalog_products').selectAll().where('organisation_id', '=', organisation).orderBy('name').execute();
  const counts = await memberCounts(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map((row) => summaryOf(db, row, counts.get(row.id))));
}

/** Names for the menu: no objective is judged. */
export async function productNames(db: StoreDb, organisation: string): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('catalog_products').select(['id', 'name']).where('organisation_id', '=', organisation).orderBy('name').execute();
}

async function productRow(db: StoreDb | StoreTx, organisation: string, id: string): Promise<ProductRow> {
  const row = await db
    .selectFrom('catalog_products')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new CatalogOrganisationNotFoundError('data product');
  return row;
}

export async function productMembers(db: StoreDb, organisation: string, id: string): Promise<ProductMember[]> {
  const rows = await db
    .selectFrom('catalog_product_members as m')
    .leftJoin('catalog_read_nodes as n', (join) => join.on('n.organisation_id', '=', organisation).onRef('n.unique_id', '=', 'm.unique_id'))
    .select(['m.unique_id', 'n.name', 'n.resource_type'])
    .where('m.product_id', '=', id)
    .orderBy('m.position')
    .execute();
  return rows.map((row) => ({
    uniqueId: row.unique_id,
    name: row.name ?? row.unique_id.split('.').slice(2).join('.'),
    resourceType: row.resource_type ?? row.unique_id.split('.')[0] ?? 'unknown',
    present: row.name !== null,
  }));
}

export async function productDetail(
  db: StoreDb,
  organisation: string,
  id: string,
): Promise<Omit<ProductDetail, 'cost' | 'memberCosts' | 'costWindow' | 'costUnavailable'>> {
  const row = await productRow(db, organisation, id);
  const [counts, members] = await Promise.all([memberCounts(db, [id]), productMembers(db, organisation, id)]);
  return { ...(await summaryOf(db, row, counts.get(id))), members };
}

async function checkMembers(tx: StoreTx, organisation: string, assets: readonly string[]): Promise<string[]> {
  const unique = [...new Set(assets)];
  if (unique.length === 0) return unique;
  const found = await tx
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'resource_type'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', 'in', unique)
    .execute();
  const types = new Map(found.map((row) => [row.unique_id, row.resource_type]));
  for (const id of unique) {
    const type = types.get(id);
    if (type === undefined) throw await unknownAsset(tx, organisation, id, `assets.${assets.indexOf(id)}`, 400);
    if (!(ASSET_TYPES as readonly string[]).includes(type))
      throw new CatalogOrganisationInputError(
        `assets.${assets.indexOf(id)}`,
        `${id} is a ${type}; a data product holds ${ASSET_TYPES.join(', ')}s.`,
      );
  }
  return unique;
}

async function checkName(tx: StoreTx, organisation: string, name: string, except: string | null): Promise<void> {
  let query = tx
    .selectFrom('catalog_products')
    .select('id')
    .where('organisation_id', '=', organisation)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (except) query = query.where('id', '<>', except);
  if (await query.executeTakeFirst()) throw new CatalogOrganisationInputError('name', `A data product named ${name} already exists.`, 409);
}

async function writeMembers(tx: StoreTx, productId: string, members: readonly string[]): Promise<void> {
  await tx.deleteFrom('catalog_product_members').where('product_id', '=', productId).execute();
  if (members.length > 0)
    await tx
      .insertInto('catalog_product_members')
      .values(members.map((uniqueId, position) => ({ product_id: productId, unique_id: uniqueId, position })))
      .execute();
}

const columnsOf = (input: ProductInput, actor: Actor) => ({
  name: input.name,
  description: input.description,
  owner: input.owner,
  domain: input.domain,
  freshness_hours: input.objective.freshnessHours,
  min_test_pass_rate: input.objective.minTestPassRate,
  updated_by: actor.username,
});

export async function createProduct(db: StoreDb, actor: Actor, input: ProductInput): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const members = await checkMembers(tx, actor.organisation, input.assets);
    await checkName(tx, actor.organisation, input.name, null);
    const { id } = await tx
      .insertInto('catalog_products')
      .values({ organisation_id: actor.organisation, ...columnsOf(input, actor) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeMembers(tx, id, members);
    await writeAudit(tx, actor, { action: 'catalog.product.create', target: id, details: { name: input.name, members: members.length } });
    return id;
  });
}

export async function updateProduct(db: StoreDb, actor: Actor, id: string, input: ProductInput): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await productRow(tx, actor.organisation, id);
    const members = await checkMembers(tx, actor.organisation, input.assets);
    await checkName(tx, actor.organisation, input.name, id);
    await tx
      .updateTable('catalog_products')
      .set({ ...columnsOf(input, actor), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeMembers(tx, id, members);
    await writeAudit(tx, actor, { action: 'catalog.product.update', target: id, details: { name: input.name, members: members.length } });
  });
}

export async function deleteProduct(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await productRow(tx, actor.organisation, id);
    await tx.deleteFrom('catalog_products').where('id', '=', id).execute();
    await writeAudit(tx, actor, { action: 'catalog.product.delete', target: id, details: { name: row.name } });
  });
}
