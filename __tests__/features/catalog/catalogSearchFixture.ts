// The catalog search as the pickers ask it (GET api/catalog/search?q=…&kind=…): a few assets of
// the sample project found by a part of their name, the kinds asked for only, with the facets
// the pick-lists read (owners, tags, domains).
import type { CatalogSearchResponse, SearchHit } from '../../../common/dbt/catalogContract';
import { json } from '../../helpers/fakeBackend';

const hit = (uniqueId: string, resourceType: SearchHit['resourceType'], schema: string | null): SearchHit => ({
  kind: resourceType as SearchHit['kind'],
  uniqueId,
  name: uniqueId.split('.').pop() as string,
  column: null,
  resourceType,
  database: schema ? 'ANALYTICS' : null,
  schema,
  packageName: 'dataworks_demo',
  projectName: 'dataworks_demo',
  nameHighlight: [],
  descriptionHighlight: [],
  tags: [],
  testStatus: null,
  health: null,
  certified: false,
});

export const catalogAssets: SearchHit[] = [
  hit('model.dataworks_demo.fct_orders', 'model', 'marts'),
  hit('model.dataworks_demo.fct_order_items', 'model', 'marts'),
  hit('model.dataworks_demo.dim_customers', 'model', 'marts'),
  hit('source.dataworks_demo.shop.orders', 'source', 'raw'),
  hit('exposure.dataworks_demo.order_status_emails', 'exposure', null),
  { ...hit('model.dataworks_demo.fct_orders', 'model', 'marts'), kind: 'column', column: 'order_id' },
];

const facets: CatalogSearchResponse['facets'] = {
  kind: [],
  project: [],
  database: [],
  schema: [],
  tag: [
    { value: 'finance', count: 4 },
    { value: 'pii', count: 1 },
  ],
  owner: [
    { value: 'ann', count: 3 },
    { value: 'data-platform', count: 7 },
  ],
  package: [],
  materialized: [],
  domain: [
    { value: 'marts', count: 6 },
    { value: 'sales', count: 2 },
  ],
  testStatus: [],
  access: [],
  contract: [],
  certified: [],
};

/** The answer of `GET api/catalog/search` for the query string the page sent. */
export function searchAnswer(query: URLSearchParams) {
  const q = (query.get('q') ?? '').toLowerCase();
  const kinds = query.getAll('kind');
  const hits = catalogAssets.filter(
    (one) => (one.column ?? one.name).toLowerCase().includes(q) && (kinds.length === 0 || kinds.includes(one.kind)),
  );
  const limit = Number(query.get('limit') ?? 25);
  return json(200, { total: hits.length, hits: hits.slice(0, limit), facets, tookMs: 1 } satisfies CatalogSearchResponse);
}

/** The routes a page with pickers needs: the search, and each asset's page answer (its columns). */
export const pickerRoutes = {
  'GET api/catalog/search': (_request: unknown, query: URLSearchParams) => searchAnswer(query),
  ...Object.fromEntries(
    catalogAssets
      .filter((one) => one.column === null)
      .map((one) => [
        `GET api/catalog/assets/${one.uniqueId}`,
        () =>
          json(200, { asset: { uniqueId: one.uniqueId, name: one.name, resourceType: one.resourceType, columns: columnsOf(one.name) } }),
      ]),
  ),
};

function columnsOf(name: string) {
  const names = name === 'dim_customers' ? ['customer_id', 'email'] : name.startsWith('fct_order') ? ['order_id', 'order_total'] : ['id'];
  return names.map((column) => ({ name: column, description: '', dataType: null, tags: [], meta: {}, tests: [] }));
}
