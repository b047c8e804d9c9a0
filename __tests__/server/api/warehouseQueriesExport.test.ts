// The Queries list paged on the server and exported whole as streamed CSV, over real HTTP on a
// small sample account: pages follow one another without gaps or repeats, "of N" is the real
// count, the CSV holds every match in the same order, and bad paging input is refused by name.
import { parse } from 'csv-parse/sync';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

let portal: RunningPortal;
let token: string;
beforeAll(async () => {
  portal = await startPortal({ env: { WAREHOUSE_SAMPLE_QUERIES: '12000' } });
  token = await portal.token('admin');
  await portal.usageReady(token);
});
afterAll(async () => {
  await portal?.stop();
});

interface Page {
  queries: Array<{ queryId: string; cost: number; warehouseName: string | null }>;
  total: number;
  offset: number;
}

const get = (path: string) => portal.api('GET', path, { token });

test('pages follow one another on the server, and the CSV streams every match in the same order', async () => {
  const filter = 'warehouseName=ANALYTICS_WH';
  const first = (await get(`/api/warehouse/queries/top?${filter}&limit=100`)).body as Page;
  const second = (await get(`/api/warehouse/queries/top?${filter}&limit=100&offset=100`)).body as Page;
  expect(first.offset).toBe(0);
  expect(second.offset).toBe(100);
  expect(first.total).toBe(second.total);
  expect(first.total).toBeGreaterThan(200);
  expect(first.queries).toHaveLength(100);
  expect(first.queries.every((q) => q.warehouseName === 'ANALYTICS_WH')).toBe(true);
  const firstIds = new Set(first.queries.map((q) => q.queryId));
  expect(second.queries.some((q) => firstIds.has(q.queryId))).toBe(false);
  expect(second.queries[0]!.cost).toBeLessThanOrEqual(first.queries.at(-1)!.cost);

  const csv = await get(`/api/warehouse/queries/top.csv?${filter}`);
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toContain('text/csv');
  // Read as CSV: a query's text may hold line breaks (dbt's query comment is followed by one).
  const records = parse(csv.body as string) as string[][];
  expect(records[0]?.join(',')).toBe(
    'query_id,start_time,warehouse,warehouse_size,user,role,query_tag,query_type,status,elapsed_ms,bytes_scanned,credits,cost_usd,query_text_first_200',
  );
  // One record per query (more than one export page of 5,000 when the filter allows).
  expect(records).toHaveLength(first.total + 1);
  const ids = records.slice(1).map((record) => record[0] ?? '');
  expect(ids.slice(0, 100)).toEqual(first.queries.map((q) => q.queryId));
  expect(ids.slice(100, 200)).toEqual(second.queries.map((q) => q.queryId));
  expect(new Set(ids).size).toBe(ids.length);

  const all = (await get('/api/warehouse/queries/top.csv')).body as string;
  const total = ((await get('/api/warehouse/queries/top?limit=1')).body as Page).total;
  expect(parse(all)).toHaveLength(total + 1);
  expect(total).toBeGreaterThan(5000);
});

test('bad paging and export input is refused, naming the field', async () => {
  const negative = await get('/api/warehouse/queries/top?offset=-1');
  expect(negative.status).toBe(400);
  expect(JSON.stringify(negative.body)).toContain('offset');
  expect((await get('/api/warehouse/queries/top?offset=ten')).status).toBe(400);
  const badOrder = await get('/api/warehouse/queries/top.csv?orderBy=price');
  expect(badOrder.status).toBe(400);
  expect(JSON.stringify(badOrder.body)).toContain('orderBy');
  const badName = await get(`/api/warehouse/queries/top.csv?warehouseName=${'X'.repeat(301)}`);
  expect(badName.status).toBe(400);
  expect(JSON.stringify(badName.body)).toContain('warehouseName');
  expect((await portal.api('GET', '/api/warehouse/queries/top.csv')).status).toBe(401);
});
