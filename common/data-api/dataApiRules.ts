// What makes a data API endpoint valid: its name, its parameters and their limits. Plain
// constants and functions, run by the API creator page and the server alike.

export const parameterTypes = ['string', 'integer', 'number', 'boolean', 'date', 'timestamp', 'enum'] as const;
export type ParameterType = (typeof parameterTypes)[number];

/** Endpoint and parameter names: lower-case words, usable in a URL path and a query string. */
export const ENDPOINT_NAME = /^[a-z][a-z0-9_]{1,62}$/;
export const PARAMETER_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/** Query-string names the data route keeps for itself (pagination), so no parameter may use them. */
export const RESERVED_QUERY_NAMES = ['page', 'page_size'] as const;

/** The longest value one parameter may carry in a call (a query string is otherwise bounded only by the URL). */
export const PARAMETER_VALUE_MAX = 4_000;

export const ENDPOINT_SQL_MAX = 20_000;
export const ENDPOINT_DESCRIPTION_MAX = 2_000;
export const PARAMETERS_MAX = 30;
/** The most rows one answer may hold, whatever the endpoint asks. */
export const ROW_CAP_MAX = 10_000;
export const CACHE_SECONDS_MAX = 86_400;
/** Every run of an endpoint's statement is stopped after this long. */
export const STATEMENT_TIMEOUT_MS = 10_000;

export const KEY_NAME_MAX = 80;
export const RATE_LIMIT_MAX = 1_000_000;
/** Rate limits count calls per key in fixed windows of this length. */
export const RATE_WINDOW_SECONDS = 60;

/** The visible part of an API key: `dw_live_<prefix>_…`; the rest is shown once and stored only as a hash. */
export const API_KEY_PREFIX = 'dw_live_';

/** Where a published endpoint answers, relative to the portal. */
export function dataEndpointPath(name: string, format: 'json' | 'csv' | 'ndjson' = 'json'): string {
  return `/api/data/v1/${name}${format === 'json' ? '' : `.${format}`}`;
}
