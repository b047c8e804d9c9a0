// The explore page keeps its whole search in the address (`?q=…&kind=model&tag=finance`), so a
// search can be bookmarked, shared and gone back to; the API takes the same parameters.
import { catalogFacetNames, type CatalogFacetName } from '@common/dbt/catalogContract';

export const PAGE_SIZE = 25;

/** The page of results the address asks for (from 1). */
export function currentPage(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page') ?? 1) || 1);
}

/** The API query for the page's address: the same parameters, with a page size. */
export function apiQuery(params: URLSearchParams, defaults: Record<string, string[]> = {}): string {
  const query = new URLSearchParams();
  const q = params.get('q');
  if (q) query.set('q', q);
  for (const facet of catalogFacetNames) {
    const values = params.getAll(facet);
    for (const value of values.length > 0 ? values : (defaults[facet] ?? [])) query.append(facet, value);
  }
  const page = currentPage(params);
  query.set('limit', String(PAGE_SIZE));
  query.set('offset', String((page - 1) * PAGE_SIZE));
  return query.toString();
}

/** The address with one facet value switched on or off (back to the first page). */
export function toggleFacet(params: URLSearchParams, facet: CatalogFacetName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = next.getAll(facet);
  next.delete(facet);
  for (const kept of values.filter((v) => v !== value)) next.append(facet, kept);
  if (!values.includes(value)) next.append(facet, value);
  next.delete('page');
  return next;
}

export const facetLabels: Record<CatalogFacetName, string> = {
  kind: 'Resource type',
  database: 'Database',
  schema: 'Schema',
  tag: 'Tag',
  owner: 'Owner',
  package: 'Package',
  project: 'Project',
  materialized: 'Materialisation',
  domain: 'Domain',
  testStatus: 'Test status',
  access: 'Access',
  contract: 'Contract',
  certified: 'Certification',
};
