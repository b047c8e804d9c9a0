/**
 * Runs an endpoint definition: checks the statement (single read-only query, placeholders in
 * value positions only), validates and coerces the inputs with the version's JSON Schema, binds
 * them and reads one page, capped and time-limited. The editor's "run" and the published data
 * route share it.
 */
import type { EndpointDefinition } from '@common/data-api/dataApiContract';
import { PARAMETER_VALUE_MAX, STATEMENT_TIMEOUT_MS } from '@common/data-api/dataApiRules';
import type { Engine, Row } from '../../platform/warehouse/engine.js';
import { assertReadOnlyQuery, boundedRead } from '../../platform/warehouse/readOnlyQuery.js';
import type { SqlParam } from '../../platform/warehouse/sql.js';
import { ParameterError, validateParameters, type JsonSchema } from './parameterSchema.js';
import { compilePlaceholders, type CompiledStatement } from './placeholders.js';

export interface RunOutcome {
  columns: string[];
  rows: Row[];
  hasMore: boolean;
  elapsedMs: number;
  /** The statement as run, with `?` binds (never the values). */
  statement: string;
}

/** The checked, compiled statement of a definition (cached per SQL text by the caller if wanted). */
export async function checkDefinition(definition: EndpointDefinition, engine: Pick<Engine, 'kind'>): Promise<CompiledStatement> {
  const compiled = compilePlaceholders(definition.sql, definition.parameters);
  await assertReadOnlyQuery(compiled.text, engine.kind === 'snowflake' ? 'snowflake' : 'duckdb');
  return compiled;
}

/** Drops empty values (absent) and pagination names before validation. */
export function parameterInputs(query: Record<string, unknown>): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'page' || name === 'page_size') continue;
    if (Array.isArray(value)) throw new ParameterError(name, 'must be given once.');
    if (typeof value === 'string' && value.length > PARAMETER_VALUE_MAX)
      throw new ParameterError(name, `must be at most ${PARAMETER_VALUE_MAX} characters long.`);
    if (typeof value === 'string' && value !== '') inputs[name] = value;
  }
  return inputs;
}

export function resolveValues(
  schema: JsonSchema,
  inputs: Record<string, string>,
  fixed: Record<string, string> = {},
): Record<string, string | number | boolean> {
  for (const [name, value] of Object.entries(fixed)) {
    if (inputs[name] !== undefined && inputs[name] !== value)
      throw new ParameterError(name, 'is fixed by this API key and cannot be changed.');
  }
  return validateParameters(schema, { ...inputs, ...fixed });
}

export async function runCompiled(
  engine: Engine,
  compiled: CompiledStatement,
  values: Record<string, string | number | boolean>,
  page: { size: number; number: number },
): Promise<RunOutcome> {
  const params: SqlParam[] = compiled.binds.map((name) => values[name] ?? null);
  const started = performance.now();
  const { columns, rows, hasMore } = await boundedRead(engine, compiled.text, params, {
    maxRows: page.size,
    offset: (page.number - 1) * page.size,
    timeoutMs: STATEMENT_TIMEOUT_MS,
  });
  const elapsedMs = Math.round((performance.now() - started) * 10) / 10;
  return { columns, rows, hasMore, elapsedMs, statement: compiled.text };
}
