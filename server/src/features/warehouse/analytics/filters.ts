/**
 * Request input of the analytics: a date range and optional filters. Parsed here, before any
 * SQL is built; a bad value throws InvalidInputError / InvalidIdentifierError naming the field.
 * Filter values are bound as parameters (filterConditions), never written into SQL text.
 */
import { InvalidInputError } from '../../../platform/warehouse/errors.js';
import { parseObjectName, parseQueryTag } from '../../../platform/warehouse/identifiers.js';
import { raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { windowText, type TimeWindow } from '../../../platform/warehouse/attribution.js';
import { nodeIdExpression } from './dbtNodeCost.js';
import type { DateRange, QueryFilter } from '@common/warehouse/analyticsContract';
import { addUtcDays, startOfUtcDay, utcDayOf, utcDaysBetween } from '@common/time/utcDay';

export const MAX_RANGE_DAYS = 400;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseDay(value: unknown, field: string): string {
  if (typeof value !== 'string' || !DAY.test(value)) throw new InvalidInputError(field, 'must be a date written YYYY-MM-DD');
  const date = startOfUtcDay(value);
  if (Number.isNaN(date.getTime()) || utcDayOf(date) !== value) {
    throw new InvalidInputError(field, 'is not a calendar date');
  }
  return value;
}

/** The day `days` after `day` (common/time/utcDay; the analytics' callers know it by this name). */
export const addDays = addUtcDays;

/** Days in the range, both ends included. */
export function rangeDays(range: DateRange): number {
  return utcDaysBetween(range.from, range.to) + 1;
}

export function parseDateRange(input: { from?: unknown; to?: unknown }): DateRange {
  const from = parseDay(input.from, 'from');
  const to = parseDay(input.to, 'to');
  if (to < from) throw new InvalidInputError('to', 'must not be before from');
  if (rangeDays({ from, to }) > MAX_RANGE_DAYS) throw new InvalidInputError('to', `the range may span at most ${MAX_RANGE_DAYS} days`);
  return { from, to };
}

/** The half-open time window [from 00:00, to + 1 day 00:00). */
export function rangeWindow(range: DateRange): TimeWindow {
  return { start: `${range.from} 00:00:00`, end: `${addUtcDays(range.to, 1)} 00:00:00` };
}

export function windowOf(start: Date, end: Date): TimeWindow {
  return { start: windowText(start), end: windowText(end) };
}

/** Absent (undefined or null) means "no filter"; an empty text is refused like any malformed value. */
function optional<T>(value: unknown, parse: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : parse(value);
}

const PARAMETERIZED_HASH = /^[0-9A-Za-z]{1,64}$/;
const DBT_MODEL = /^model\.[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)+$/;

export function parseParameterizedHash(value: unknown, field: string): string {
  if (typeof value !== 'string' || !PARAMETERIZED_HASH.test(value)) {
    throw new InvalidInputError(field, 'must be a query parameterized hash (up to 64 letters and digits)');
  }
  return value;
}

export function parseDbtModel(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.length > 300 || !DBT_MODEL.test(value)) {
    throw new InvalidInputError(field, 'must be a dbt model id such as model.my_project.orders');
  }
  return value;
}

/**
 * Parses `{ from, to, warehouseName?, userName?, roleName?, queryTag?, parameterizedHash?,
 * dbtModel? }` (e.g. a query string).
 */
export function parseQueryFilter(input: Record<string, unknown>): QueryFilter {
  const filter: QueryFilter = { range: parseDateRange(input) };
  const warehouseName = optional(input.warehouseName, (v) => parseObjectName(v, 'warehouseName'));
  const userName = optional(input.userName, (v) => parseObjectName(v, 'userName'));
  const roleName = optional(input.roleName, (v) => parseObjectName(v, 'roleName'));
  const queryTag = optional(input.queryTag, (v) => parseQueryTag(v, 'queryTag'));
  if (warehouseName) filter.warehouseName = warehouseName;
  if (userName) filter.userName = userName;
  if (roleName) filter.roleName = roleName;
  if (queryTag) filter.queryTag = queryTag;
  const parameterizedHash = optional(input.parameterizedHash, (v) => parseParameterizedHash(v, 'parameterizedHash'));
  const dbtModel = optional(input.dbtModel, (v) => parseDbtModel(v, 'dbtModel'));
  if (parameterizedHash) filter.parameterizedHash = parameterizedHash;
  if (dbtModel) filter.dbtModel = dbtModel;
  return filter;
}

export function parseLimit(value: unknown, field: string, fallback: number, max = 1000): number {
  if (value === undefined || value === null) return fallback;
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > max)
    throw new InvalidInputError(field, `must be a whole number from 1 to ${max}`);
  return parsed;
}

export function parseChoice<T extends string>(value: unknown, field: string, choices: readonly T[], fallback: T): T {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new InvalidInputError(field, `must be one of ${choices.join(', ')}`);
  }
  return value as T;
}

/**
 * Conditions on a relation with QUERY_HISTORY's column names; every value is a bound parameter.
 * A dbt model is found by the marks dbt puts on its statements (dbtNodeCost.ts), read from
 * QUERY_HISTORY over `window` (the relation's own: the range unless told), so the relation needs
 * QUERY_ID; the daily rollup has none (see queries.ts, queryPatterns).
 */
export function filterConditions(filter: QueryFilter, alias = '', window: TimeWindow = rangeWindow(filter.range)): Sql[] {
  const prefix = alias ? `${alias}.` : '';
  const conditions: Sql[] = [];
  // Column names are constants of this function, never input.
  const add = (column: string, value: string | undefined): void => {
    if (value !== undefined) conditions.push(sql`${raw(prefix + column)} = ${value}`);
  };
  add('WAREHOUSE_NAME', filter.warehouseName);
  add('USER_NAME', filter.userName);
  add('ROLE_NAME', filter.roleName);
  add('QUERY_TAG', filter.queryTag);
  add('QUERY_PARAMETERIZED_HASH', filter.parameterizedHash);
  if (filter.dbtModel !== undefined) {
    conditions.push(sql`${raw(prefix + 'QUERY_ID')} IN (
      SELECT QUERY_ID FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= CAST(${window.start} AS TIMESTAMP_LTZ) AND START_TIME < CAST(${window.end} AS TIMESTAMP_LTZ)
        AND (contains(QUERY_TEXT, 'node_id') OR COALESCE(QUERY_TAG, '') <> '') AND ${nodeIdExpression()} = ${filter.dbtModel})`);
  }
  return conditions;
}

export type { DateRange, QueryFilter };
