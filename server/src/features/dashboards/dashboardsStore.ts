// The dashboards each organisation shows in its Viewer menu. Every read and write is scoped
// to one organisation; every write is audited in the same transaction.
import type { DashboardInput, DashboardRecord } from '@common/dashboards/dashboardsContract';
import { sql } from 'kysely';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { DuplicateValueError, InconsistentRequestError, RecordNotFoundError, isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Dashboard } from './tables.js';
import type { DashboardsDirectory } from '../../platform/ports/index.js';

const toRecord = (row: Dashboard): DashboardRecord => ({
  id: row.id,
  name: row.name,
  url: row.url,
  order: row.position,
  updatedAt: new Date(row.updated_at).toISOString(),
});

function duplicateName(name: string): DuplicateValueError {
  return new DuplicateValueError('name', `A dashboard named "${name}" already exists.`);
}

export async function listDashboards(db: StoreDb, organisation: string): Promise<DashboardRecord[]> {
  const rows = await db
    .selectFrom('dashboards')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .orderBy('position')
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map(toRecord);
}

export async function createDashboard(db: StoreDb, actor: Actor, input: DashboardInput): Promise<DashboardRecord> {
  try {
    return await db.transaction().execute(async (tx) => {
      await ensureOrganisation(tx, actor.organisation);
      // A new dashboard goes last unless the caller places it.
      const last = await tx
        .selectFrom('dashboards')
        .select((eb) => eb.fn.max('position').as('max'))
        .where('organisation_id', '=', actor.organisation)
        .executeTakeFirst();
      const position = input.order ?? Number(last?.max ?? 0) + 1;
      const row = await tx
        .insertInto('dashboards')
        .values({ organisation_id: actor.organisation, name: input.name, url: input.url, position })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, {
        action: 'dashboard.create',
        target: row.id,
        details: { name: row.name, url: row.url, order: position },
      });
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

export async function updateDashboard(db: StoreDb, actor: Actor, id: string, patch: Partial<DashboardInput>): Promise<DashboardRecord> {
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('dashboards')
        .set({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.url === undefined ? {} : { url: patch.url }),
          ...(patch.order === undefined ? {} : { position: patch.order }),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('organisation_id', '=', actor.organisation)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new RecordNotFoundError('dashboard');
      await writeAudit(tx, actor, { action: 'dashboard.update', target: id, details: { ...patch } });
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(patch.name ?? '');
    throw error;
  }
}

export async function deleteDashboard(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('dashboards')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning(['name', 'url'])
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('dashboard');
    await writeAudit(tx, actor, { action: 'dashboard.delete', target: id, details: { name: row.name, url: row.url } });
  });
}

/** Puts the organisation's dashboards in the given order; `ids` must name each of them once. */
export async function reorderDashboards(db: StoreDb, actor: Actor, ids: readonly string[]): Promise<DashboardRecord[]> {
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('dashboards').select('id').where('organisation_id', '=', actor.organisation).execute();
    const known = new Set(current.map((row) => row.id));
    const unique = new Set(ids);
    if (unique.size !== ids.length) throw new InconsistentRequestError('ids', 'Each dashboard id may appear only once.');
    if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new InconsistentRequestError('ids', `Give every one of your ${known.size} dashboard ids, in the new order.`);
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .updateTable('dashboards')
        .set({ position: index + 1, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('organisation_id', '=', actor.organisation)
        .execute();
    }
    await writeAudit(tx, actor, { action: 'dashboard.reorder', target: actor.organisation, details: { ids: [...ids] } });
    const rows = await tx
      .selectFrom('dashboards')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .orderBy('position')
      .execute();
    return rows.map(toRecord);
  });
}

/** Every origin some organisation's dashboards are served from (for the CSP's frame-src). */
/** The organisation's dashboards for other areas (the dashboards port): id, name and URL in menu order. */
export function dashboardsDirectory(db: StoreDb): DashboardsDirectory {
  return {
    list: async (organisation) => (await listDashboards(db, organisation)).map(({ id, name, url }) => ({ id, name, url })),
  };
}

export async function dashboardOrigins(db: StoreDb): Promise<string[]> {
  const rows = await db.selectFrom('dashboards').select('url').distinct().execute();
  const origins = new Set<string>();
  for (const { url } of rows) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Only validated http(s) URLs are stored; an unparsable one is simply not allowed.
    }
  }
  return [...origins].sort();
}

export type { DashboardInput, DashboardRecord };
