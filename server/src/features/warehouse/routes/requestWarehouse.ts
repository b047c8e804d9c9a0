// What the warehouse routes ask of every request: the caller's organisation's warehouse, and
// the date range asked for (or the account's whole data range when none is given).
import type { FastifyRequest } from 'fastify';
import { callerOf, organisationOf } from '../../../platform/http/auth/authenticate.js';
import { HttpError } from '../../../platform/http/errors.js';
import { monthSoFar, parseDateRange, type DateRange, type Warehouse, type WarehouseRegistry } from '../index.js';

/** The caller's organisation's warehouse (never an organisation named in the request). */
export const warehouseOfRequest =
  (registry: WarehouseRegistry) =>
  (request: FastifyRequest): Promise<Warehouse> =>
    registry.forOrganisation(organisationOf(callerOf(request)));

/** The asked range, or the account's whole data range when none is given; 404 when it has no usage yet. */
export async function rangeOf(warehouse: Warehouse, query: { from?: string; to?: string }): Promise<DateRange> {
  if (query.from !== undefined || query.to !== undefined) return parseDateRange(query);
  const range = await warehouse.dataRange();
  if (!range) throw new HttpError(404, 'not_found', 'The warehouse has no usage data yet.');
  return range;
}

/**
 * The asked range, or this month so far: the month of the account's last day with usage, from
 * its 1st (or the first day with usage) to that day. What "why did my bill go up" is about.
 */
export async function monthRangeOf(warehouse: Warehouse, query: { from?: string; to?: string }): Promise<DateRange> {
  if (query.from !== undefined || query.to !== undefined) return parseDateRange(query);
  return monthSoFar(await rangeOf(warehouse, {}));
}
