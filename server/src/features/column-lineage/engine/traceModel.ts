// Traces every output column of one model's compiled SQL to the upstream relation columns it is
// made from, with the parser (@polyglot-sql/sdk, a WebAssembly port of sqlglot). Runs inside a
// worker process (parseWorker.ts); pure apart from the parser, so tests call it directly.
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';
import { indirectByScope, leafColumn, scopesOnPath, type IndirectUpstream } from './indirectLineage.js';
import type { LineageParser, ParserLineageNode, ParserLineageResult, ParserOutputColumns, ParserSchema } from './parserTypes.js';

export type { LineageParser, ParserSchema } from './parserTypes.js';
import { strongest, stepTransform, type DirectTransform } from './transformKind.js';

export interface TraceTable {
  /** The relation as the SQL names it, unquoted and dot-joined (`analytics.dbt.stg_orders`). */
  name: string;
  columns: string[];
}

export interface TraceRequest {
  sql: string;
  /** The parser's dialect (dialectOf(adapter_type)). */
  dialect: string;
  /** The upstream relations with their known columns. */
  tables: TraceTable[];
  /** The model's own columns as the catalog knows them; empty: take them from the SQL. */
  outputColumns: string[];
}

export interface TracedUpstream {
  /** The relation as the parser reports it (its name in the SQL, unquoted). */
  relation: string;
  column: string;
  /** Direct (the value comes from it) or, for `filtered` and `joined on`, the rows. */
  transform: ColumnTransform;
}

export interface TracedColumn {
  name: string;
  upstream: TracedUpstream[];
  /** The parser could not trace this column; its reason. */
  error?: string;
}

export type TraceResult = { ok: true; columns: TracedColumn[] } | { ok: false; reason: string };

/** The parser's dialect for a manifest's `metadata.adapter_type`; unknown adapters parse as generic SQL. */
export function dialectOf(adapterType: string | null | undefined): string {
  const adapter = (adapterType ?? '').toLowerCase();
  const aliases: Record<string, string> = {
    postgres: 'postgresql',
    sqlserver: 'tsql',
    synapse: 'tsql',
    fabric: 'fabric',
    spark: 'spark',
    databricks: 'databricks',
    glue: 'spark',
    athena: 'athena',
  };
  if (aliases[adapter]) return aliases[adapter];
  const same = [
    'snowflake',
    'bigquery',
    'duckdb',
    'redshift',
    'trino',
    'presto',
    'clickhouse',
    'mysql',
    'oracle',
    'sqlite',
    'teradata',
    'materialize',
    'doris',
    'starrocks',
  ];
  return same.includes(adapter) ? adapter : 'generic';
}

/** Walks the parser's tree below an output column; each table leaf is an upstream column, reached with the strongest step on its path. */
function collectLeaves(
  node: ParserLineageNode,
  pathTransform: DirectTransform,
  into: Map<string, TracedUpstream & { transform: DirectTransform }>,
): void {
  const here =
    node.expression === undefined ? pathTransform : strongest(pathTransform, stepTransform(node.expression, leafColumn(node.name)));
  if (node.source_kind === 'table' && node.downstream.length === 0) {
    const relation = node.source_name ?? '';
    const column = leafColumn(node.name);
    const key = `${relation.toLowerCase()}\u0000${column.toLowerCase()}`;
    const known = into.get(key);
    into.set(key, { relation, column, transform: known ? strongest(known.transform, here) : here });
    return;
  }
  for (const child of node.downstream) collectLeaves(child, here, into);
}

export function traceModel(parser: LineageParser, request: TraceRequest): TraceResult {
  const schema: ParserSchema = {
    tables: request.tables.map((table) => ({ name: table.name, columns: table.columns.map((name) => ({ name, type: 'unknown' })) })),
    strict: false,
  };
  let outputs: ParserOutputColumns;
  try {
    outputs = parser.outputColumnsWithSchema(request.sql, schema, request.dialect);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (!outputs.success) return { ok: false, reason: outputs.error ?? 'the parser gave no reason' };
  const fromSql = (outputs.output?.columns ?? []).flatMap((column) => (column.name ? [column.name] : []));
  const names = request.outputColumns.length > 0 ? request.outputColumns : fromSql;

  // The filters and joins of each scope, asked once per model.
  let indirect: Map<string, IndirectUpstream[]>;
  try {
    indirect = indirectByScope(parser, request.sql, request.dialect, schema);
  } catch {
    indirect = new Map();
  }

  const columns: TracedColumn[] = [];
  for (const name of names) {
    let result: ParserLineageResult;
    try {
      result = parser.lineageWithSchema(name, request.sql, schema, request.dialect);
    } catch (error) {
      columns.push({ name, upstream: [], error: error instanceof Error ? error.message : String(error) });
      continue;
    }
    if (!result.success || !result.lineage) {
      columns.push({ name, upstream: [], error: result.error ?? 'the parser could not trace this column' });
      continue;
    }
    const leaves = new Map<string, TracedUpstream & { transform: DirectTransform }>();
    collectLeaves(result.lineage, 'passed through', leaves);
    // A path of bare columns that ends under another name is a rename, even when no one step renamed it.
    const upstream: TracedUpstream[] = [...leaves.values()].map((leaf) =>
      leaf.transform === 'passed through' && leaf.column.toLowerCase() !== name.toLowerCase()
        ? { ...leaf, transform: 'renamed' as const }
        : leaf,
    );
    // Rows: the main query's filters and joins, and those of every CTE the value passes through.
    const seen = new Set<string>();
    for (const scope of ['', ...scopesOnPath(result.lineage)]) {
      for (const row of indirect.get(scope) ?? []) {
        const key = `${row.relation.toLowerCase()}\u0000${row.column.toLowerCase()}\u0000${row.transform}`;
        if (seen.has(key)) continue;
        seen.add(key);
        upstream.push(row);
      }
    }
    columns.push({ name, upstream });
  }
  return { ok: true, columns };
}
