// The profiler: per column of an asset's table on the organisation's warehouse, the row count,
// nulls, the distinct count (exact on DuckDB, whose HyperLogLog is off by up to ~15% on small
// tables and which counts a million values exactly in well under a second; Snowflake's
// APPROX_COUNT_DISTINCT, HyperLogLog within a few percent, elsewhere), min and max (as text),
// and the most frequent values. Above the sampling limit the
// column figures come from a repeatable system sample of about that many rows (the row count
// is always exact). One statement for the row count, one per batch of columns for the figures,
// one per column for its top values; cancelling stops between two statements.
import type { ColumnProfile } from '@common/catalog-quality/qualityContract';
import { PROFILE_TOP_VALUES } from '@common/catalog-quality/qualityContract';
import { resolvedName } from '@common/warehouse/identifierRules';
import type { Queryable, Row } from '../../platform/warehouse/engine.js';
import { parseObjectName, quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import { raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import { ProfileRefusedError } from './errors.js';

export interface RelationParts {
  database: string | null;
  schema: string | null;
  identifier: string;
}

export interface ProfileResult {
  rowCount: number;
  distinctMethod: 'exact' | 'approximate';
  sampledRows: number | null;
  columns: ColumnProfile[];
}

export interface ProfileOptions {
  warehouse: Queryable;
  relation: RelationParts;
  /** Above this many rows the column figures come from a sample. */
  sampleRows: number;
  signal?: AbortSignal;
  progress?: (fraction: number, message: string) => void;
}

const COLUMNS_PER_STATEMENT = 40;
const SAMPLE_SEED = 42;
/** Types whose values have no order or cannot be grouped cheaply: no min/max or top values. */
const UNORDERED = /(\[\]|^(struct|map|list|union|json|blob|bytea|binary|varbinary|variant|object|array|geography|geometry))/i;

/** Each part validated (length, no control characters) and quoted as the warehouse holds it. */
export function relationSql(parts: RelationParts): { text: string; sql: Sql } {
  const names = [parts.database, parts.schema, parts.identifier].filter((name): name is string => Boolean(name && name.trim()));
  const quoted = names.map((name, index) =>
    quoteIdentifier(parseObjectName(name, ['database', 'schema', 'identifier'][index + 3 - names.length] ?? 'relation')),
  );
  return { text: names.join('.'), sql: raw(quoted.join('.')) };
}

function number(row: Row | undefined, name: string): number {
  const value = row?.[name];
  return typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : 0;
}

function textOrNull(row: Row | undefined, name: string): string | null {
  const value = row?.[name];
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

async function tableColumns(warehouse: Queryable, parts: RelationParts): Promise<{ name: string; dataType: string }[]> {
  const schema = parts.schema ?? (warehouse.kind === 'duckdb' ? 'main' : null);
  if (!schema) throw new ProfileRefusedError('The asset names no schema, so its table cannot be found on the warehouse.');
  let rows: Row[];
  if (warehouse.kind === 'duckdb') {
    // DuckDB matches names without regard to case (relationOnWarehouse has settled the catalog).
    const database = parts.database;
    rows = await warehouse.query(
      sql`SELECT column_name, data_type FROM information_schema.columns WHERE lower(table_schema) = lower(${schema}) AND lower(table_name) = lower(${parts.identifier})${database ? sql` AND lower(table_catalog) = lower(${database})` : raw('')} ORDER BY ordinal_position`,
    );
  } else {
    const catalog = parts.database ? raw(`${quoteIdentifier(parseObjectName(parts.database, 'database'))}.`) : raw('');
    rows = await warehouse.query(
      sql`SELECT column_name, data_type FROM ${catalog}information_schema.columns WHERE table_schema = ${resolvedName(schema)} AND table_name = ${resolvedName(parts.identifier)} ORDER BY ordinal_position`,
    );
  }
  return rows.map((row) => ({ name: String(row.column_name), dataType: String(row.data_type) }));
}

/** A DuckDB catalog the manifest names but the embedded warehouse does not have is left out (as the freshness check does). */
async function relationOnWarehouse(warehouse: Queryable, parts: RelationParts): Promise<RelationParts> {
  if (warehouse.kind !== 'duckdb' || !parts.database) return parts;
  const catalogs = await warehouse.query(sql`SELECT database_name FROM duckdb_databases()`);
  const known = new Set(catalogs.map((row) => String(row.database_name).toLowerCase()));
  return known.has(parts.database.toLowerCase()) ? parts : { ...parts, database: null };
}

function sampled(warehouse: Queryable, relation: Sql, percent: number): Sql {
  const share = raw(percent.toFixed(6));
  return warehouse.kind === 'duckdb'
    ? sql`(SELECT * FROM ${relation} USING SAMPLE ${share} PERCENT (system, ${raw(String(SAMPLE_SEED))})) AS profiled`
    : sql`(SELECT * FROM ${relation} SAMPLE SYSTEM (${share}) SEED (${raw(String(SAMPLE_SEED))})) AS profiled`;
}

export async function profileTable(options: ProfileOptions): Promise<ProfileResult> {
  const { warehouse, signal } = options;
  const parts = await relationOnWarehouse(warehouse, options.relation);
  const relation = relationSql(parts).sql;
  const columns = await tableColumns(warehouse, parts);
  if (columns.length === 0)
    throw new ProfileRefusedError(
      `The table ${relationSql(options.relation).text} was not found on the warehouse (build the model first).`,
    );
  signal?.throwIfAborted();

  const counted = await warehouse.query(sql`SELECT count(*) AS "row_count" FROM ${relation}`);
  const rowCount = number(counted[0], 'row_count');
  const sampling = rowCount > options.sampleRows;
  const source = sampling
    ? sampled(warehouse, relation, Math.min(100, (options.sampleRows / rowCount) * 100))
    : sql`${relation} AS profiled`;
  const batches: { name: string; dataType: string }[][] = [];
  for (let index = 0; index < columns.length; index += COLUMNS_PER_STATEMENT)
    batches.push(columns.slice(index, index + COLUMNS_PER_STATEMENT));
  const ordered = columns.filter((column) => !UNORDERED.test(column.dataType));
  const steps = batches.length + ordered.length;
  let done = 0;
  const step = (message: string) => options.progress?.(Math.min(1, ++done / steps), message);

  const figures = new Map<string, Omit<ColumnProfile, 'topValues'>>();
  let profiledRows = rowCount;
  for (const batch of batches) {
    signal?.throwIfAborted();
    const selects = batch.map((column, index) => {
      const name = raw(quoteIdentifier(column.name));
      const minMax = UNORDERED.test(column.dataType)
        ? raw('NULL AS "mn' + index + '", NULL AS "mx' + index + '"')
        : raw(
            `CAST(MIN(${quoteIdentifier(column.name)}) AS VARCHAR) AS "mn${index}", CAST(MAX(${quoteIdentifier(column.name)}) AS VARCHAR) AS "mx${index}"`,
          );
      const distinct = warehouse.kind === 'duckdb' ? sql`COUNT(DISTINCT ${name})` : sql`APPROX_COUNT_DISTINCT(${name})`;
      return sql`COUNT(${name}) AS ${raw(`"nn${index}"`)}, ${distinct} AS ${raw(`"d${index}"`)}, ${minMax}`;
    });
    let list = selects[0] as Sql;
    for (const next of selects.slice(1)) list = sql`${list}, ${next}`;
    const [row] = await warehouse.query(sql`SELECT COUNT(*) AS "rows_profiled", ${list} FROM ${source}`);
    profiledRows = number(row, 'rows_profiled');
    batch.forEach((column, index) => {
      const nonNull = number(row, `nn${index}`);
      figures.set(column.name, {
        name: column.name,
        dataType: column.dataType,
        nullCount: profiledRows - nonNull,
        nullShare: profiledRows === 0 ? 0 : (profiledRows - nonNull) / profiledRows,
        // The estimate can exceed the values it counted; never more distinct values than non-null ones.
        distinctCount: Math.min(nonNull, number(row, `d${index}`)),
        min: textOrNull(row, `mn${index}`),
        max: textOrNull(row, `mx${index}`),
      });
    });
    step(`Counted nulls, distinct values, min and max of ${figures.size} of ${columns.length} columns`);
  }

  const topValues = new Map<string, ColumnProfile['topValues']>();
  for (const column of ordered) {
    signal?.throwIfAborted();
    const name = raw(quoteIdentifier(column.name));
    const rows = await warehouse.query(
      sql`SELECT CAST(${name} AS VARCHAR) AS "value", COUNT(*) AS "n" FROM ${source} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${raw(String(PROFILE_TOP_VALUES))}`,
    );
    topValues.set(
      column.name,
      rows.map((row) => ({ value: textOrNull(row, 'value'), count: number(row, 'n') })),
    );
    step(`Top values of ${column.name}`);
  }
  return {
    rowCount,
    distinctMethod: warehouse.kind === 'duckdb' ? 'exact' : 'approximate',
    sampledRows: sampling ? profiledRows : null,
    columns: columns.map((column) => ({
      ...(figures.get(column.name) as Omit<ColumnProfile, 'topValues'>),
      topValues: topValues.get(column.name) ?? [],
    })),
  };
}
