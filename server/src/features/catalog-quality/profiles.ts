// Profiles of an asset's table: started as a job on the shared runner (progress, cancel via
// /api/jobs/:id/cancel), kept with their history in the store. The table is always the
// caller's organisation's dbt node, looked up by its unique id: another organisation's node
// or an id that is not a node answers 404, a node without a table (ephemeral model, exposure,
// metric) 422, before any job is queued.
import { z } from 'zod';
import { PROFILE_JOB, type AssetProfile, type ColumnProfile } from '@common/catalog-quality/qualityContract';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Queryable } from '../../platform/warehouse/engine.js';
import { ProfileRefusedError, QualityNotFoundError } from './errors.js';
import { profileTable, relationSql, type RelationParts } from './profiler.js';

/** How the area reaches an organisation's warehouse (the warehouse access port, handed in by area.ts); null when it has none. */
export type QualityWarehouse = (organisation: string) => Promise<Queryable | null>;

const TABLE_TYPES = new Set(['model', 'seed', 'snapshot', 'source']);
const HISTORY_MAX = 30;

/** The node's table, or the reason it has none (404 for a node the organisation does not have). */
export async function tableOf(db: StoreDb, organisation: string, assetId: string): Promise<RelationParts & { text: string }> {
  const node = await db
    .selectFrom('catalog_read_nodes')
    .select(['resource_type', 'materialized', 'database_name', 'schema_name', 'identifier', 'name'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', assetId)
    .executeTakeFirst();
  if (!node) throw new QualityNotFoundError('asset');
  if (!TABLE_TYPES.has(node.resource_type))
    throw new ProfileRefusedError(
      `The ${node.resource_type} ${node.name} has no table to profile; profile a model, seed, snapshot or source.`,
    );
  if (node.materialized === 'ephemeral')
    throw new ProfileRefusedError('An ephemeral model is never built as a table or view, so there is nothing to profile.');
  const parts = { database: node.database_name, schema: node.schema_name, identifier: node.identifier ?? node.name };
  // Validated here too, so a name the warehouse cannot hold is refused before a job is queued.
  return { ...parts, text: relationSql(parts).text };
}

/** `sampleRows`: the organisation's profiler sample size (the catalog settings, else the portal's). */
export function defineProfileJob(options: {
  db: StoreDb;
  jobs: JobRunner;
  warehouse: QualityWarehouse;
  sampleRows: (organisation: string) => Promise<number>;
}): void {
  const { db } = options;
  options.jobs.define(
    PROFILE_JOB,
    async ({ id, organisation, payload, progress, signal }) => {
      const table = await tableOf(db, organisation, payload.assetId);
      const warehouse = await options.warehouse(organisation);
      if (!warehouse) throw new Error('This organisation has no warehouse the portal can query.');
      const started = Date.now();
      progress({ fraction: 0, message: `Counting the rows of ${table.text}` });
      const result = await profileTable({
        warehouse,
        relation: table,
        sampleRows: await options.sampleRows(organisation),
        signal,
        progress: (fraction, message) => progress({ fraction, message }),
      });
      signal.throwIfAborted();
      const row = await db
        .insertInto('catalog_profiles')
        .values({
          organisation_id: organisation,
          node_id: payload.assetId,
          relation: table.text,
          job_id: id,
          profiled_by: payload.requestedBy,
          milliseconds: Date.now() - started,
          row_count: result.rowCount,
          sampled_rows: result.sampledRows,
          columns: JSON.stringify({ distinctMethod: result.distinctMethod, columns: result.columns }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { profileId: row.id, rowCount: result.rowCount, columns: result.columns.length, sampledRows: result.sampledRows };
    },
    // A failed profile is simply run again by whoever wants it.
    {
      payload: z.object({ assetId: z.string().min(1).max(1000), requestedBy: z.string().max(255).nullable() }),
      maxAttempts: 1,
      routes: ['catalogDataQuality', 'catalogAsset'],
    },
  );
}

export async function startProfile(
  options: { db: StoreDb; jobs: JobRunner; warehouse: QualityWarehouse },
  organisation: string,
  assetId: string,
  caller: { subject: string; username: string },
): Promise<string> {
  await tableOf(options.db, organisation, assetId);
  if (!(await options.warehouse(organisation))) throw new ProfileRefusedError('Your organisation has no warehouse the portal can query.');
  const { job } = await options.jobs.enqueue({
    kind: PROFILE_JOB,
    organisation,
    payload: { assetId, requestedBy: caller.username },
    startedBy: caller.subject,
    singletonKey: `profile:${assetId}`,
  });
  return job.id;
}

export async function profilesOf(
  db: StoreDb,
  organisation: string,
  assetId: string,
): Promise<{
  latest: AssetProfile | null;
  history: Pick<AssetProfile, 'id' | 'profiledAt' | 'rowCount' | 'sampledRows' | 'milliseconds'>[];
}> {
  const exists = await db
    .selectFrom('catalog_read_nodes')
    .select('unique_id')
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', assetId)
    .executeTakeFirst();
  if (!exists) throw new QualityNotFoundError('asset');
  const rows = await db
    .selectFrom('catalog_profiles')
    .select(['id', 'node_id', 'relation', 'profiled_at', 'profiled_by', 'milliseconds', 'row_count', 'sampled_rows'])
    .where('organisation_id', '=', organisation)
    .where('node_id', '=', assetId)
    .orderBy('profiled_at', 'desc')
    .limit(HISTORY_MAX)
    .execute();
  const newest = rows[0];
  let latest: AssetProfile | null = null;
  if (newest) {
    const full = await db.selectFrom('catalog_profiles').select('columns').where('id', '=', newest.id).executeTakeFirstOrThrow();
    const stored = full.columns as { distinctMethod: AssetProfile['distinctMethod']; columns: ColumnProfile[] };
    latest = {
      id: newest.id,
      assetId: newest.node_id,
      relation: newest.relation,
      profiledAt: new Date(newest.profiled_at).toISOString(),
      profiledBy: newest.profiled_by,
      milliseconds: newest.milliseconds,
      rowCount: Number(newest.row_count),
      sampledRows: newest.sampled_rows === null ? null : Number(newest.sampled_rows),
      distinctMethod: stored.distinctMethod,
      columns: stored.columns,
    };
  }
  return {
    latest,
    history: rows.map((row) => ({
      id: row.id,
      profiledAt: new Date(row.profiled_at).toISOString(),
      rowCount: Number(row.row_count),
      sampledRows: row.sampled_rows === null ? null : Number(row.sampled_rows),
      milliseconds: row.milliseconds,
    })),
  };
}
