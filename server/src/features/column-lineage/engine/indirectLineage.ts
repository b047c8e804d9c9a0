// The columns that decide which rows a model keeps rather than what they hold: those a where or
// having clause filters on and those a join matches on. The parser traces output columns only,
// so each scope (the main query and every CTE) that filters or joins is asked again as a probe:
// the same scope with its select list replaced by those columns (`y.flag AS __dw_probe_0`),
// the CTEs it may read kept, and each probe column traced to its tables like any other.
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';
import type { LineageParser, ParserLineageNode, ParserSchema } from './parserTypes.js';

export interface IndirectUpstream {
  relation: string;
  column: string;
  transform: Extract<ColumnTransform, 'filtered' | 'joined on'>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The selects of a query body: itself, or each branch of a set operation. */
function selectsOf(body: unknown): Json[] {
  if (!isObject(body)) return [];
  if (isObject(body.select)) return [body.select];
  for (const operator of ['union', 'intersect', 'except']) {
    const set = body[operator];
    if (isObject(set)) return [...selectsOf(set.left), ...selectsOf(set.right)];
  }
  if (isObject(body.subquery)) return selectsOf(body.subquery.this);
  if (isObject(body.paren)) return selectsOf(body.paren.this);
  return [];
}

/** Column references in an expression, not descending into sub-queries (they are scopes of their own). */
function columnRefs(node: unknown, into: Json[]): Json[] {
  if (Array.isArray(node)) {
    for (const item of node) columnRefs(item, into);
    return into;
  }
  if (!isObject(node)) return into;
  if ('select' in node || 'subquery' in node) return into;
  if ('column' in node) {
    into.push(node);
    return into;
  }
  for (const value of Object.values(node)) columnRefs(value, into);
  return into;
}

/** A lineage leaf's column: the last part of `table.column` (or `schema.table.column`). */
export function leafColumn(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? name : name.slice(dot + 1);
}

function tableLeaves(node: ParserLineageNode, into: Array<{ relation: string; column: string }>): void {
  if (node.source_kind === 'table' && node.downstream.length === 0) {
    into.push({ relation: node.source_name ?? '', column: leafColumn(node.name) });
    return;
  }
  for (const child of node.downstream) tableLeaves(child, into);
}

/**
 * Per scope (a CTE's name, lower-cased, or '' for the main query): the upstream columns its
 * filters and joins read. A probe that does not parse or trace is left out, never guessed.
 */
export function indirectByScope(
  parser: LineageParser,
  sql: string,
  dialect: string,
  schema: ParserSchema,
): Map<string, IndirectUpstream[]> {
  const result = new Map<string, IndirectUpstream[]>();
  const parsed = parser.parse(sql, dialect);
  const statement = parsed.success && Array.isArray(parsed.ast) ? parsed.ast[0] : null;
  if (!isObject(statement)) return result;
  const main = selectsOf(statement);
  const withClause = (main[0]?.with ?? (isObject(statement.union) ? statement.union.with : null)) as Json | null;
  const scopes: Array<{ name: string; select: Json }> = main.map((select) => ({ name: '', select }));
  const ctes = isObject(withClause) && Array.isArray(withClause.ctes) ? (withClause.ctes as Json[]) : [];
  for (const cte of ctes) {
    const name = isObject(cte.alias) && typeof cte.alias.name === 'string' ? cte.alias.name.toLowerCase() : null;
    if (name) for (const select of selectsOf(cte.this)) scopes.push({ name, select });
  }

  for (const { name, select } of scopes) {
    const probes: Array<{ ref: Json; transform: IndirectUpstream['transform'] }> = [];
    for (const ref of columnRefs([select.where_clause, select.having], [])) probes.push({ ref, transform: 'filtered' });
    for (const join of Array.isArray(select.joins) ? (select.joins as Json[]) : []) {
      for (const ref of columnRefs(join.on, [])) probes.push({ ref, transform: 'joined on' });
    }
    if (probes.length === 0) continue;
    const probe: Json = {
      ...select,
      expressions: probes.map(({ ref }, index) => ({
        alias: {
          this: ref,
          alias: { name: `__dw_probe_${index}`, quoted: false },
          column_aliases: [],
          alias_explicit_as: true,
          pre_alias_comments: [],
        },
      })),
      with: withClause,
      group_by: null,
      having: null,
      qualify: null,
      order_by: null,
      limit: null,
      offset: null,
      distinct: false,
      distinct_on: null,
    };
    let probeSql: string | undefined;
    try {
      const generated = parser.generate([{ select: probe }], dialect);
      probeSql = generated.success ? generated.sql?.[0] : undefined;
    } catch {
      probeSql = undefined;
    }
    if (!probeSql) continue;
    const found = result.get(name) ?? [];
    probes.forEach(({ transform }, index) => {
      let traced;
      try {
        traced = parser.lineageWithSchema(`__dw_probe_${index}`, probeSql, schema, dialect);
      } catch {
        return;
      }
      if (!traced.success || !traced.lineage) return;
      const leaves: Array<{ relation: string; column: string }> = [];
      tableLeaves(traced.lineage, leaves);
      for (const leaf of leaves) found.push({ ...leaf, transform });
    });
    result.set(name, found);
  }
  return result;
}

/** The CTEs an output column's value passes through (lower-cased names), read from its lineage tree. */
export function scopesOnPath(node: ParserLineageNode, into = new Set<string>()): Set<string> {
  // A CTE of one select is `cte`; one that is a set operation shows as `unknown`, with the CTE's name all the same.
  if (node.source_kind !== 'table' && node.source_name) into.add(node.source_name.toLowerCase());
  for (const child of node.downstream) scopesOnPath(child, into);
  return into;
}
