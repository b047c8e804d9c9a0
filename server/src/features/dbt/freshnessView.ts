// The freshness page (GET /api/freshness): every source with its criteria, latest result and
// history (from uploaded sources.json and the portal's checks), and each model's time since
// its last successful build.
import type { FreshnessResponse, SourceFreshness } from '@common/dbt/consumeContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { FreshnessCriteria } from './artifacts/manifest.js';
import { asFreshnessStatus, lastSuccessfulBuilds, latestRunResults } from './resultQueries.js';

/** Results per source a page shows as its trend. */
const HISTORY_PER_SOURCE = 50;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const age = (from: string | null, now: Date) => (from ? Math.max(0, Math.round((now.getTime() - new Date(from).getTime()) / 1000)) : null);

export async function freshnessOverview(
  db: StoreDb,
  organisation: string,
  scheduleMinutes: number | null,
  now = new Date(),
): Promise<FreshnessResponse> {
  const sources = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'project_name', 'name', 'source_name', 'relation_name', 'freshness'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'source')
    .orderBy('source_name')
    .orderBy('name')
    .execute();
  const results = sources.length
    ? await db
        .selectFrom('dbt_freshness_results')
        .select(['unique_id', 'project_name', 'origin', 'status', 'max_loaded_at', 'checked_at', 'age_seconds', 'error'])
        .where('organisation_id', '=', organisation)
        .where(
          'unique_id',
          'in',
          sources.map((source) => source.unique_id),
        )
        .orderBy('checked_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    : [];
  const bySource = new Map<string, typeof results>();
  const projectOf = new Map(sources.map((source) => [source.unique_id, source.project_name]));
  // A result counts for the source of its own project only (matched by project and unique_id).
  for (const result of results.filter((row) => projectOf.get(row.unique_id) === row.project_name)) {
    const list = bySource.get(result.unique_id) ?? [];
    if (list.length < HISTORY_PER_SOURCE) list.push(result);
    bySource.set(result.unique_id, list);
  }

  const sourceRows: SourceFreshness[] = sources.map((source) => {
    const criteria = (source.freshness ?? { loadedAtField: null, warnAfter: null, errorAfter: null, filter: null }) as FreshnessCriteria;
    const history = bySource.get(source.unique_id) ?? [];
    const latest = history[0];
    const maxLoadedAt = latest ? iso(latest.max_loaded_at) : null;
    return {
      uniqueId: source.unique_id,
      sourceName: source.source_name ?? '',
      name: source.name,
      relationName: source.relation_name,
      loadedAtField: criteria.loadedAtField,
      warnAfter: criteria.warnAfter,
      errorAfter: criteria.errorAfter,
      filter: criteria.filter,
      maxLoadedAt,
      checkedAt: latest ? iso(latest.checked_at) : null,
      ageSeconds: age(maxLoadedAt, now),
      status: asFreshnessStatus(latest?.status),
      origin: latest?.origin ?? null,
      error: latest?.error ?? null,
      history: [...history].reverse().map((result) => ({
        checkedAt: iso(result.checked_at) as string,
        status: asFreshnessStatus(result.status),
        ageSeconds: result.age_seconds,
        origin: result.origin,
      })),
    };
  });

  const models = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'name', 'materialized'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'model')
    .orderBy('name')
    .execute();
  const [successes, latest] = await Promise.all([lastSuccessfulBuilds(db, organisation), latestRunResults(db, organisation)]);
  const lastCheck = await db
    .selectFrom('dbt_freshness_results')
    .select((eb) => eb.fn.max('checked_at').as('at'))
    .where('organisation_id', '=', organisation)
    .where('origin', '=', 'portal')
    .executeTakeFirst();

  return {
    sources: sourceRows,
    models: models.map((model) => {
      const lastSuccessAt = successes.get(model.unique_id) ?? null;
      return {
        uniqueId: model.unique_id,
        name: model.name,
        materialized: model.materialized,
        lastSuccessAt,
        ageSeconds: age(lastSuccessAt, now),
        lastStatus: latest.get(model.unique_id)?.status ?? null,
      };
    }),
    scheduleMinutes,
    lastCheckAt: lastCheck?.at ? iso(lastCheck.at as Date) : null,
  };
}
