// The Data Quality page keeps its filters, summary choice, page and chosen test in the address
// (`?status=fail&by=owner&test=…`), so a view can be bookmarked and shared; the API takes the
// same filter names.
export const QUALITY_PAGE_SIZE = 25;
export const qualityFilterNames = ['status', 'severity', 'type', 'q', 'owner', 'domain', 'asset', 'flaky'] as const;

export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page') ?? 1) || 1);
}

/** The filters of the address as an API query (repeated values kept). */
export function filterQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of qualityFilterNames) for (const value of params.getAll(name)) if (value) query.append(name, value);
  return query;
}

export function testsQuery(params: URLSearchParams): string {
  const query = filterQuery(params);
  query.set('page', String(pageOf(params)));
  query.set('pageSize', String(QUALITY_PAGE_SIZE));
  return query.toString();
}

export function summaryQuery(params: URLSearchParams): string {
  const query = filterQuery(params);
  query.set('by', params.get('by') ?? 'asset');
  query.set('limit', '25');
  return query.toString();
}

/** The address with one value set (or removed when empty), back to the first page. */
export function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  if (name !== 'page' && name !== 'test') next.delete('page');
  return next;
}
