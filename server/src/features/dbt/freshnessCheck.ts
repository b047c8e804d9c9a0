// The portal's own freshness check: for every source of the current manifest with a loaded-at
// field and warn/error criteria, the query `dbt source freshness` runs, on the organisation's
// warehouse; each result is kept (origin `portal`) beside those of uploaded sources.json files.
import type { FreshnessStatus } from '@common/dbt/catalogContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { isoOrNull, type Queryable } from '../../platform/warehouse/engine.js';
import { sql } from '../../platform/warehouse/sql.js';
import { WarehouseError } from '../../platform/warehouse/errors.js';
import type { FreshnessCriteria } from './artifacts/manifest.js';
import { freshnessQuery, relationSql, UncheckableSourceError } from './freshnessSql.js';
import { latestFreshness } from './resultQueries.js';

/** How the dbt feature reaches an organisation's warehouse; null when it has none. The warehouse access port, handed in by area.ts. */
export type WarehouseAccess = (organisation: string) => Promise<Queryable | null>;

const PERIOD_SECONDS: Record<string, number> = { minute: 60, hour: 3600, day: 86_400 };

export function criterionSeconds(criterion: { count: number; period: string } | null): number | null {
  if (!criterion) return null;
  const unit = PERIOD_SECONDS[criterion.period.toLowerCase()];
  return unit === undefined ? null : criterion.count * unit;
}

/** The source's table as a reader knows it: schema.identifier. */
function displayRelation(source: { schema_name: string | null; identifier: string | null; name: string }): string {
  return [source.schema_name, source.identifier ?? source.name].filter(Boolean).join('.');
}

/**
 * Why the warehouse refused the freshness query, in words a data team can act on: the table is
 * missing, the loaded-at column is missing, or the portal's role may not read it. The warehouse's
 * own text is only read here (it may name internal objects), never shown.
 */
function whyTheQueryFailed(failure: unknown, relation: string, criteria: FreshnessCriteria): string {
  const message = failure instanceof Error ? failure.message : String(failure);
  // The driver's error may come from another realm (a native module), so its text is read by shape.
  const inner = failure instanceof Error ? (failure.cause as { message?: unknown } | undefined) : undefined;
  const cause = typeof inner?.message === 'string' ? inner.message : '';
  const text = `${message} ${cause}`;
  const kind = failure instanceof WarehouseError ? failure.kind : null;
  if (kind === 'forbidden' || /insufficient privileges|permission denied|not authorized/i.test(text))
    return `The freshness query failed: the portal's warehouse role may not read ${relation}.`;
  if (/referenced column .* not found|invalid identifier|column .* (does not exist|not found)/i.test(text))
    return `The freshness query failed: ${relation} has no column ${String(criteria.loadedAtField)} (the source's loaded_at_field).`;
  if (kind === 'not_found' || /table with name .* does not exist|does not exist or not authorized|object .* does not exist/i.test(text))
    return `The freshness query failed: the table ${relation} does not exist in the warehouse, or the portal's role may not see it.`;
  return `The freshness query failed: ${message}`;
}

/** dbt's rule: past error_after is error, else past warn_after is warn, else pass. */
export function freshnessStatusFor(ageSeconds: number, criteria: Pick<FreshnessCriteria, 'warnAfter' | 'errorAfter'>): FreshnessStatus {
  const error = criterionSeconds(criteria.errorAfter);
  const warn = criterionSeconds(criteria.warnAfter);
  if (error !== null && ageSeconds > error) return 'error';
  if (warn !== null && ageSeconds > warn) return 'warn';
  return 'pass';
}

export interface StatusChange {
  uniqueId: string;
  name: string;
  from: FreshnessStatus | null;
  to: FreshnessStatus;
}

export interface FreshnessCheckResult {
  checked: number;
  counts: Record<FreshnessStatus, number>;
  changes: StatusChange[];
}

interface CheckOptions {
  db: StoreDb;
  organisation: string;
  warehouse: Queryable;
  now?: () => Date;
  progress?: (done: number, total: number, name: string) => void;
  signal?: AbortSignal;
}

async function duckDbCatalogs(warehouse: Queryable): Promise<Set<string>> {
  const rows = await warehouse.query(sql`SELECT database_name FROM duckdb_databases()`);
  return new Set(rows.map((row) => String(row.database_name).toLowerCase()));
}

export async function runFreshnessCheck(options: CheckOptions): Promise<FreshnessCheckResult> {
  const { db, organisation, warehouse } = options;
  const now = options.now ?? (() => new Date());
  const sources = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'project_name', 'name', 'source_name', 'database_name', 'schema_name', 'identifier', 'freshness'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', '=', 'source')
    .orderBy('unique_id')
    .execute();
  const checkable = sources.filter((source) => {
    const criteria = source.freshness as FreshnessCriteria | null;
    return Boolean(criteria?.loadedAtField && (criteria.warnAfter || criteria.errorAfter));
  });
  const before = await latestFreshness(db, organisation);
  // DuckDB names its catalog after the file; a manifest written elsewhere may name another database.
  const catalogs = warehouse.kind === 'duckdb' ? await duckDbCatalogs(warehouse) : null;

  const counts: Record<FreshnessStatus, number> = { pass: 0, warn: 0, error: 0, 'runtime error': 0, unknown: 0 };
  const changes: StatusChange[] = [];
  for (const [position, source] of checkable.entries()) {
    options.signal?.throwIfAborted();
    const criteria = source.freshness as FreshnessCriteria;
    const displayName = `${source.source_name ?? 'source'}.${source.name}`;
    options.progress?.(position, checkable.length, displayName);
    const checkedAt = now();
    let status: FreshnessStatus;
    let maxLoadedAt: string | null = null;
    let ageSeconds: number | null = null;
    let error: string | null = null;
    try {
      const database = catalogs && source.database_name && !catalogs.has(source.database_name.toLowerCase()) ? null : source.database_name;
      const relation = relationSql({ database, schema: source.schema_name, identifier: source.identifier ?? source.name });
      const rows = await warehouse.query(freshnessQuery(relation, criteria.loadedAtField as string, criteria.filter));
      maxLoadedAt = rows[0] ? isoOrNull(rows[0], 'max_loaded_at') : null;
      if (maxLoadedAt === null) {
        status = 'runtime error';
        error = 'The source has no rows (max of the loaded-at field is null).';
      } else {
        ageSeconds = Math.max(0, (checkedAt.getTime() - new Date(maxLoadedAt).getTime()) / 1000);
        status = freshnessStatusFor(ageSeconds, criteria);
      }
    } catch (failure) {
      status = 'runtime error';
      error =
        failure instanceof UncheckableSourceError
          ? failure.message
          : whyTheQueryFailed(failure, displayRelation(source), criteria).slice(0, 1000);
    }
    counts[status] += 1;
    await db
      .insertInto('dbt_freshness_results')
      .values({
        organisation_id: organisation,
        project_name: source.project_name,
        ingestion_id: null,
        unique_id: source.unique_id,
        origin: 'portal',
        status,
        max_loaded_at: maxLoadedAt,
        checked_at: checkedAt,
        age_seconds: ageSeconds,
        error,
      })
      .execute();
    const previous = before.get(source.unique_id)?.status ?? null;
    if (previous !== status) changes.push({ uniqueId: source.unique_id, name: displayName, from: previous, to: status });
  }
  options.progress?.(checkable.length, checkable.length, 'done');
  return { checked: checkable.length, counts, changes };
}
