// Reads of the result history (run results and freshness results) that several pages share:
// the latest build of each node, the latest freshness of each source, and health inputs as
// they stood at each ingestion.
import { sql } from 'kysely';
import { freshnessStatuses, type FreshnessStatus } from '@common/dbt/catalogContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { HealthSignal } from '@common/dbt/consumeContract';
import { hasNodeHealth, nodeHealth, type BuildResult, type FreshnessResult, type HealthInputs } from './health.js';
import { asTestStatus, type ProjectIndex } from './projectIndex.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function asFreshnessStatus(status: string | null | undefined): FreshnessStatus {
  return (freshnessStatuses as readonly string[]).includes(status ?? '') ? (status as FreshnessStatus) : 'unknown';
}

/** Only the rows of `ids`, when given (a page's nodes). */
const onlyIds = (ids: readonly string[] | undefined) =>
  ids ? sql`AND r.unique_id IN (${ids.length > 0 ? sql.join(ids.map((id) => sql`${id}`)) : sql`NULL`})` : sql``;

/**
 * Results of the organisation's current resources, each from the resource's own project: a result
 * is matched by project and unique_id, so another project's (or a deleted project's) run of the
 * same id never counts. Tests are in dbt_tests, every other resource in dbt_nodes.
 */
export const ofCurrentResources = sql`AND EXISTS (
    SELECT 1 FROM dbt_nodes n WHERE n.organisation_id = r.organisation_id AND n.project_name = r.project_name AND n.unique_id = r.unique_id
    UNION ALL
    SELECT 1 FROM dbt_tests t WHERE t.organisation_id = r.organisation_id AND t.project_name = r.project_name AND t.unique_id = r.unique_id)`;

/** The newest run result (by when it ran) of every node that has one (tests included), or of `ids`. */
export async function latestRunResults(
  db: StoreDb,
  organisation: string,
  ids?: readonly string[],
): Promise<Map<string, BuildResult & { executionTime: number | null }>> {
  const rows = await sql<{ unique_id: string; status: string; executed_at: Date | null; execution_time: number | null }>`
    SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status, r.executed_at, r.execution_time
    FROM dbt_run_results r WHERE r.organisation_id = ${organisation} ${onlyIds(ids)} ${ofCurrentResources}
    ORDER BY r.unique_id, r.executed_at DESC NULLS LAST, r.id DESC`.execute(db);
  return new Map(
    rows.rows.map((row) => [row.unique_id, { status: row.status, executedAt: iso(row.executed_at), executionTime: row.execution_time }]),
  );
}

/** When each node last built successfully. */
export async function lastSuccessfulBuilds(db: StoreDb, organisation: string): Promise<Map<string, string | null>> {
  const rows = await sql<{ unique_id: string; executed_at: Date | null }>`
    SELECT DISTINCT ON (r.unique_id) r.unique_id, r.executed_at
    FROM dbt_run_results r WHERE r.organisation_id = ${organisation} AND r.status = 'success' ${ofCurrentResources}
    ORDER BY r.unique_id, r.executed_at DESC NULLS LAST, r.id DESC`.execute(db);
  return new Map(rows.rows.map((row) => [row.unique_id, iso(row.executed_at)]));
}

export interface StoredFreshness extends FreshnessResult {
  origin: 'dbt' | 'portal';
  ageSeconds: number | null;
  error: string | null;
}

/** The newest freshness result of every source (or of `ids`), whichever its origin. */
export async function latestFreshness(db: StoreDb, organisation: string, ids?: readonly string[]): Promise<Map<string, StoredFreshness>> {
  const rows = await sql<{
    unique_id: string;
    status: string;
    max_loaded_at: Date | null;
    checked_at: Date;
    origin: 'dbt' | 'portal';
    age_seconds: number | null;
    error: string | null;
  }>`
    SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status, r.max_loaded_at, r.checked_at, r.origin, r.age_seconds, r.error
    FROM dbt_freshness_results r WHERE r.organisation_id = ${organisation} ${onlyIds(ids)} ${ofCurrentResources}
    ORDER BY r.unique_id, r.checked_at DESC, r.id DESC`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.unique_id,
      {
        status: asFreshnessStatus(row.status),
        maxLoadedAt: iso(row.max_loaded_at),
        checkedAt: iso(row.checked_at),
        origin: row.origin,
        ageSeconds: row.age_seconds,
        error: row.error,
      },
    ]),
  );
}

/** Each of `ids`' own health now (models, seeds, snapshots and sources; others have none). */
export async function healthOfNodes(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, HealthSignal>> {
  const judged = ids.filter((id) => hasNodeHealth(index.nodes.get(id)?.resourceType));
  if (judged.length === 0) return new Map();
  const [builds, freshness] = await Promise.all([
    latestRunResults(db, organisation, judged),
    latestFreshness(
      db,
      organisation,
      judged.filter((id) => index.nodes.get(id)?.resourceType === 'source'),
    ),
  ]);
  const inputs: HealthInputs = { builds, tests: index.tests, freshness, now };
  const signals = new Map<string, HealthSignal>();
  for (const id of judged) {
    const signal = nodeHealth(index, id, inputs);
    if (signal) signals.set(id, signal);
  }
  return signals;
}

/** Health inputs now: the newest build, test and freshness results. */
export async function currentHealthInputs(db: StoreDb, organisation: string, index: ProjectIndex, now: Date): Promise<HealthInputs> {
  const [runs, freshness] = await Promise.all([latestRunResults(db, organisation), latestFreshness(db, organisation)]);
  return { builds: runs, tests: index.tests, freshness, now };
}

export interface IngestionPoint {
  id: string;
  ingestedAt: string;
}

/** How many ingestions a trend goes back. */
export const HISTORY_INGESTIONS = 30;

/** The organisation's latest ingestions, of one project when `project` is given, oldest first. */
export async function recentIngestions(db: StoreDb, organisation: string, project?: string): Promise<IngestionPoint[]> {
  const rows = await db
    .selectFrom('dbt_ingestions')
    .select(['id', 'ingested_at'])
    .where('organisation_id', '=', organisation)
    .$if(project !== undefined, (query) => query.where('project_name', '=', project as string))
    .orderBy('ingested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_INGESTIONS)
    .execute();
  return rows.reverse().map((row) => ({ id: row.id, ingestedAt: new Date(row.ingested_at).toISOString() }));
}

/**
 * Health inputs as they stood at each ingestion, oldest first: the newest result of each node
 * up to and including that ingestion, and the newest freshness result checked by then.
 */
export async function historicalHealthInputs(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex,
  ids: readonly string[],
): Promise<{ at: string; inputs: HealthInputs }[]> {
  const points = await recentIngestions(db, organisation);
  if (points.length === 0 || ids.length === 0) return [];
  const projectOf = new Map(index.tests.map((test) => [test.uniqueId, test.project]));
  const runs = await db
    .selectFrom('dbt_run_results')
    .select(['ingestion_id', 'project_name', 'unique_id', 'status', 'executed_at'])
    .where('organisation_id', '=', organisation)
    .where(
      'ingestion_id',
      'in',
      points.map((point) => point.id),
    )
    .where('unique_id', 'in', ids)
    .orderBy('id')
    .execute();
  const fresh = await db
    .selectFrom('dbt_freshness_results')
    .select(['project_name', 'unique_id', 'status', 'max_loaded_at', 'checked_at'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', 'in', ids)
    .orderBy('checked_at')
    .orderBy('id')
    .execute()
    .then((rows) => rows.filter(ownProject));
  // Only results of each resource's own project count (a result is matched by project and unique_id).
  function ownProject(row: { project_name: string; unique_id: string }): boolean {
    return (projectOf.get(row.unique_id) ?? index.nodes.get(row.unique_id)?.project) === row.project_name;
  }
  const byIngestion = new Map<string, typeof runs>();
  for (const run of runs.filter(ownProject)) byIngestion.set(run.ingestion_id, [...(byIngestion.get(run.ingestion_id) ?? []), run]);

  const builds = new Map<string, BuildResult>();
  const testStatus = new Map<string, string>();
  const freshness = new Map<string, FreshnessResult>();
  let freshIndex = 0;
  const testIds = new Set(index.tests.map((test) => test.uniqueId));
  return points.map((point) => {
    for (const run of byIngestion.get(point.id) ?? []) {
      if (testIds.has(run.unique_id)) testStatus.set(run.unique_id, run.status);
      else builds.set(run.unique_id, { status: run.status, executedAt: iso(run.executed_at) });
    }
    const at = new Date(point.ingestedAt).getTime();
    while (freshIndex < fresh.length && new Date((fresh[freshIndex] as (typeof fresh)[number]).checked_at).getTime() <= at) {
      const row = fresh[freshIndex] as (typeof fresh)[number];
      freshness.set(row.unique_id, {
        status: asFreshnessStatus(row.status),
        maxLoadedAt: iso(row.max_loaded_at),
        checkedAt: iso(row.checked_at),
      });
      freshIndex += 1;
    }
    return {
      at: point.ingestedAt,
      inputs: {
        builds: new Map(builds),
        tests: index.tests.map((test) => ({ ...test, status: asTestStatus(testStatus.get(test.uniqueId)) })),
        freshness: new Map(freshness),
        now: new Date(point.ingestedAt),
      },
    };
  });
}
