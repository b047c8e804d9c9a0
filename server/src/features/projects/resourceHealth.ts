// Each project resource's health, read from the store tables the other areas write (never
// through their code): dashboards from `dashboards`; catalog assets and exposures from the
// catalog's normalised tables — the last build of the node and of everything upstream of an
// exposure, the last result of their tests and the last freshness check of their sources.
import { sql, type Transaction } from 'kysely';
import type { ProjectResource, ProjectResourceKind, ResourceHealthStatus } from '@common/projects/projectsContract';
import { catalogAssetPath, exposurePath, viewerPath } from '@common/paths';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';

export interface ResourceRef {
  kind: ProjectResourceKind;
  ref: string;
}

const rank: Record<ResourceHealthStatus, number> = { healthy: 0, unknown: 1, missing: 2, warning: 3, failing: 4 };

export function worstHealth(statuses: readonly ResourceHealthStatus[]): ResourceHealthStatus {
  if (statuses.length === 0) return 'unknown';
  return statuses.reduce((worst, status) => (rank[status] > rank[worst] ? status : worst), 'healthy' as ResourceHealthStatus);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The ids to judge a catalog node by: the node itself and, for an exposure, everything upstream of it. */
async function judgedIds(db: StoreDb, organisation: string, uniqueId: string, upstream: boolean): Promise<string[]> {
  if (!upstream) return [uniqueId];
  const rows = await sql<{ id: string }>`
    WITH RECURSIVE up(id) AS (
      SELECT ${uniqueId}::text
      UNION
      SELECT e.parent_id FROM dbt_edges e JOIN up ON e.child_id = up.id WHERE e.organisation_id = ${organisation}
    )
    SELECT id FROM up`.execute(db);
  return rows.rows.map((row) => row.id);
}

async function catalogHealth(
  db: StoreDb,
  organisation: string,
  uniqueId: string,
  upstream: boolean,
): Promise<{ health: ResourceHealthStatus; detail: string }> {
  const ids = await judgedIds(db, organisation, uniqueId, upstream);
  const tests = await db
    .selectFrom('dbt_tests')
    .select('unique_id')
    .where('organisation_id', '=', organisation)
    .where('attached_to', 'in', ids)
    .execute();
  const resultIds = [...ids, ...tests.map((t) => t.unique_id)];
  const [results, freshness] = await Promise.all([
    sql<{ unique_id: string; status: string }>`
      SELECT DISTINCT ON (unique_id) unique_id, status FROM dbt_run_results
      WHERE organisation_id = ${organisation} AND unique_id = ANY(${resultIds}::text[])
      ORDER BY unique_id, executed_at DESC NULLS LAST, id DESC`.execute(db),
    sql<{ unique_id: string; status: string }>`
      SELECT DISTINCT ON (unique_id) unique_id, status FROM dbt_freshness_results
      WHERE organisation_id = ${organisation} AND unique_id = ANY(${ids}::text[])
      ORDER BY unique_id, checked_at DESC, id DESC`.execute(db),
  ]);
  const testIds = new Set(tests.map((t) => t.unique_id));
  let failingTests = 0;
  let warningTests = 0;
  let passingTests = 0;
  let failedBuilds = 0;
  let skippedBuilds = 0;
  for (const result of results.rows) {
    if (testIds.has(result.unique_id)) {
      if (result.status === 'fail' || result.status === 'error') failingTests += 1;
      else if (result.status === 'warn') warningTests += 1;
      else if (result.status === 'pass') passingTests += 1;
    } else if (result.status === 'error' || result.status === 'fail') failedBuilds += 1;
    else if (result.status === 'skipped') skippedBuilds += 1;
  }
  const staleSources = freshness.rows.filter((f) => f.status === 'error' || f.status === 'runtime error').length;
  const lateSources = freshness.rows.filter((f) => f.status === 'warn').length;
  const problems: string[] = [];
  if (failedBuilds) problems.push(`${plural(failedBuilds, 'build')} failed`);
  if (failingTests) problems.push(`${plural(failingTests, 'test')} failing`);
  if (staleSources) problems.push(`${plural(staleSources, 'source')} stale`);
  if (skippedBuilds) problems.push(`${plural(skippedBuilds, 'build')} skipped`);
  if (warningTests) problems.push(`${plural(warningTests, 'test')} warning`);
  if (lateSources) problems.push(`${plural(lateSources, 'source')} past warn_after`);
  if (failedBuilds || failingTests || staleSources) return { health: 'failing', detail: problems.join(', ') };
  if (skippedBuilds || warningTests || lateSources) return { health: 'warning', detail: problems.join(', ') };
  if (results.rows.length === 0 && freshness.rows.length === 0) return { health: 'unknown', detail: 'No run results yet' };
  return { health: 'healthy', detail: passingTests > 0 ? `${plural(passingTests, 'test')} passing` : 'Built in the last run' };
}

export async function describeResources(db: StoreDb, organisation: string, refs: readonly ResourceRef[]): Promise<ProjectResource[]> {
  const dashboardIds = refs
    .filter((r) => r.kind === 'dashboard')
    .map((r) => r.ref)
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const nodeIds = refs.filter((r) => r.kind !== 'dashboard').map((r) => r.ref);
  const [dashboards, nodes] = await Promise.all([
    dashboardIds.length > 0
      ? db
          .selectFrom('dashboards')
          .select(['id', 'name', 'url'])
          .where('organisation_id', '=', organisation)
          .where('id', 'in', dashboardIds)
          .execute()
      : [],
    nodeIds.length > 0
      ? db
          .selectFrom('dbt_nodes')
          .select(['unique_id', 'name', 'resource_type'])
          .where('organisation_id', '=', organisation)
          .where('unique_id', 'in', nodeIds)
          .execute()
      : [],
  ]);
  const dashboardById = new Map(dashboards.map((d) => [d.id, d]));
  const nodeById = new Map(nodes.map((n) => [n.unique_id, n]));
  return Promise.all(
    refs.map(async (ref): Promise<ProjectResource> => {
      if (ref.kind === 'dashboard') {
        const dashboard = dashboardById.get(ref.ref);
        return dashboard
          ? {
              kind: ref.kind,
              ref: ref.ref,
              name: dashboard.name,
              link: viewerPath(dashboard.name, dashboard.url),
              health: 'healthy',
              detail: 'In the Viewer',
            }
          : { kind: ref.kind, ref: ref.ref, name: ref.ref, link: null, health: 'missing', detail: 'The dashboard no longer exists' };
      }
      const node = nodeById.get(ref.ref);
      const exposure = ref.kind === 'exposure';
      if (!node || (exposure && node.resource_type !== 'exposure')) {
        return { kind: ref.kind, ref: ref.ref, name: ref.ref, link: null, health: 'missing', detail: 'Not in the current dbt artifacts' };
      }
      const { health, detail } = await catalogHealth(db, organisation, ref.ref, exposure);
      return {
        kind: ref.kind,
        ref: ref.ref,
        name: node.name,
        link: exposure ? exposurePath(ref.ref) : catalogAssetPath(ref.ref),
        health,
        detail,
      };
    }),
  );
}

/** Whether the organisation has the resource (a dashboard by id, a catalog node of the right type by unique_id). */
export async function resourceExists(db: StoreDb | Transaction<StoreSchema>, organisation: string, ref: ResourceRef): Promise<boolean> {
  if (ref.kind === 'dashboard') {
    if (!/^[0-9a-f-]{36}$/i.test(ref.ref)) return false;
    return Boolean(
      await db
        .selectFrom('dashboards')
        .select('id')
        .where('organisation_id', '=', organisation)
        .where('id', '=', ref.ref)
        .executeTakeFirst(),
    );
  }
  let query = db.selectFrom('dbt_nodes').select('unique_id').where('organisation_id', '=', organisation).where('unique_id', '=', ref.ref);
  query =
    ref.kind === 'exposure'
      ? query.where('resource_type', '=', 'exposure')
      : query.where('resource_type', 'in', ['model', 'source', 'seed', 'snapshot']);
  return Boolean(await query.executeTakeFirst());
}

/** What may be added to a project: the organisation's dashboards, models, sources, seeds, snapshots and exposures. */
export async function resourceOptions(db: StoreDb, organisation: string) {
  const [dashboards, nodes] = await Promise.all([
    db.selectFrom('dashboards').select(['id', 'name']).where('organisation_id', '=', organisation).orderBy('position').execute(),
    db
      .selectFrom('dbt_nodes')
      .select(['unique_id', 'name', 'resource_type'])
      .where('organisation_id', '=', organisation)
      .where('resource_type', 'in', ['model', 'source', 'seed', 'snapshot', 'exposure'])
      .orderBy('name')
      .limit(2000)
      .execute(),
  ]);
  return [
    ...dashboards.map((d) => ({ kind: 'dashboard' as const, ref: d.id, name: d.name })),
    ...nodes.map((n) => ({
      kind: n.resource_type === 'exposure' ? ('exposure' as const) : ('catalog_asset' as const),
      ref: n.unique_id,
      name: `${n.name} (${n.resource_type})`,
    })),
  ];
}
