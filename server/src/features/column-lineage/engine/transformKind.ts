// How one output column is made from an upstream column, read from the expressions the parser
// reports along the path between them. The path is as strong as its strongest step: a rename
// followed by a sum is an aggregation.
import type { ColumnTransform } from '@common/column-lineage/columnLineageContract';

export type DirectTransform = Extract<ColumnTransform, 'passed through' | 'renamed' | 'computed' | 'aggregated'>;

const STRENGTH: Record<DirectTransform, number> = { 'passed through': 0, renamed: 1, computed: 2, aggregated: 3 };

export function strongest(a: DirectTransform, b: DirectTransform): DirectTransform {
  return STRENGTH[a] >= STRENGTH[b] ? a : b;
}

// Aggregate functions by the parser's node names (sqlglot's, lower-cased). A window function
// (`sum(x) over (…)`) keeps one row per row, so it counts as computed, not aggregated.
const AGGREGATES = new Set([
  'sum',
  'count',
  'avg',
  'min',
  'max',
  'agg_func',
  'aggregate_function',
  'array_agg',
  'string_agg',
  'listagg',
  'group_concat',
  'median',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'variance',
  'var_pop',
  'var_samp',
  'approx_distinct',
  'approx_count_distinct',
  'any_value',
  'count_if',
  'bool_and',
  'bool_or',
  'max_by',
  'min_by',
  'percentile_cont',
  'percentile_disc',
  'approx_quantile',
  'quantile',
  'mode',
  'first',
  'last',
  'arbitrary',
  'object_agg',
  'bitand_agg',
  'bitor_agg',
]);

type Json = unknown;

function containsAggregate(node: Json): boolean {
  if (Array.isArray(node)) return node.some(containsAggregate);
  if (node === null || typeof node !== 'object') return false;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'window_function' || key === 'window') continue;
    if (AGGREGATES.has(key)) return true;
    if (containsAggregate(value)) return true;
  }
  return false;
}

function singleKey(node: Json): [string, Json] | null {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const keys = Object.keys(node);
  return keys.length === 1 ? [keys[0] as string, (node as Record<string, Json>)[keys[0] as string]] : null;
}

function nameOf(identifier: Json): string | null {
  if (identifier && typeof identifier === 'object' && 'name' in identifier) {
    const name = (identifier as { name: unknown }).name;
    return typeof name === 'string' ? name : null;
  }
  return null;
}

/**
 * One step: how the parser's `expression` makes the column `outName` of its scope. A bare column
 * under its own name passes through, under another name is a rename; anything else computes or
 * aggregates. An expression the parser left out (a star, a set operation's branch) passes through.
 */
export function stepTransform(expression: Json, outName: string): DirectTransform {
  let inner = expression;
  let alias = outName;
  const aliased = singleKey(inner);
  if (aliased && aliased[0] === 'alias') {
    const body = aliased[1] as { this?: Json; alias?: Json };
    inner = body.this;
    alias = nameOf(body.alias) ?? outName;
  }
  const top = singleKey(inner);
  if (!top) return 'passed through';
  const [kind, body] = top;
  if (kind === 'column') {
    const column = nameOf((body as { name?: Json }).name);
    return column !== null && column.toLowerCase() !== alias.toLowerCase() ? 'renamed' : 'passed through';
  }
  // A star, or a whole set operation or sub-query (the parser's expression for a union's output): the step itself changes nothing.
  if (['star', 'identifier', 'union', 'intersect', 'except', 'select', 'subquery'].includes(kind)) return 'passed through';
  if (kind === 'paren') return stepTransform((body as { this?: Json }).this, alias);
  return containsAggregate(inner) ? 'aggregated' : 'computed';
}
