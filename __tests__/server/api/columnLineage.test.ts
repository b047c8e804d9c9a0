// Column-level lineage over real HTTP: the job that follows the sample's ingestion parses every
// model's compiled SQL in worker threads, and the answers carry the exact, hand-checked edges of
// the sample project (renames, expressions, aggregates, joins, CTEs, `select *`); impact analysis
// reaches the exposure, the Viewer's dashboard and the data-API endpoint; refusals name the field.
import {
  directTransforms,
  type AssetColumnLineageResponse,
  type ColumnLink,
  type CoverageResponse,
  type ImpactResponse,
} from '@common/column-lineage/columnLineageContract';
import { startPortal, type RunningPortal } from './portalServer';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
const waitFor = waitWith({ timeoutMs: 180_000, stepMs: 500, details: () => portal.logs().slice(-3000) });
const call = (method: string, path: string, username = 'docs') => portal.api(method, path, { token: tokens[username] });

const model = (name: string) => `model.dataworks_demo.${name}`;
const source = (table: string) => `source.dataworks_demo.shop.${table}`;

beforeAll(async () => {
  portal = await startPortal({ env: { DBT_FRESHNESS_CHECK_MINUTES: '0' } });
  for (const username of ['docs', 'admin']) tokens[username] = await portal.token(username);
  await waitFor('column lineage of the sample', async () => {
    const answer = await call('GET', '/api/catalog/column-lineage/coverage');
    const project = (answer.body as CoverageResponse).projects?.[0];
    return answer.status === 200 && project !== undefined && project.models > 0 && project.modelsPending === 0;
  });
});
afterAll(async () => {
  await portal?.stop();
});

async function columnsOf(uniqueId: string): Promise<AssetColumnLineageResponse> {
  const answer = await call('GET', `/api/catalog/column-lineage/assets/${encodeURIComponent(uniqueId)}`);
  expect(answer.status).toBe(200);
  return answer.body as AssetColumnLineageResponse;
}

const linksOf = (lineage: AssetColumnLineageResponse, column: string, direct: boolean) =>
  (lineage.columns.find((entry) => entry.name === column)?.upstream ?? [])
    .filter((link: ColumnLink) => directTransforms.includes(link.transform) === direct)
    .map((link: ColumnLink) => `${link.uniqueId}.${link.column} ${link.transform}`)
    .sort();
/** Where the column's value comes from. */
const upstreamOf = (lineage: AssetColumnLineageResponse, column: string) => linksOf(lineage, column, true);
/** What decides its rows: filters and join keys on its way. */
const rowsOf = (lineage: AssetColumnLineageResponse, column: string) => linksOf(lineage, column, false);

describe('column edges of the sample project, checked by hand', () => {
  test('staging: a rename and a pass-through through `select *` from a CTE, expressions', async () => {
    const orders = await columnsOf(model('stg_shop__orders'));
    expect(orders.state).toBe('computed');
    expect(upstreamOf(orders, 'order_id')).toEqual([`${source('orders')}.ID renamed`]);
    expect(upstreamOf(orders, 'customer_id')).toEqual([`${source('orders')}.CUSTOMER_ID passed through`]);
    expect(upstreamOf(orders, 'order_date')).toEqual([`${source('orders')}.ORDERED_AT computed`]);
    const payments = await columnsOf(model('stg_shop__payments'));
    expect(upstreamOf(payments, 'amount')).toEqual([`${source('payments')}.AMOUNT_CENTS computed`]);
  });

  test('intermediate: aggregates through CTEs, a join key, count(*) from no column', async () => {
    const amounts = await columnsOf(model('int_orders__amounts'));
    expect(upstreamOf(amounts, 'paid_amount')).toEqual([`${model('stg_shop__payments')}.amount aggregated`]);
    expect(upstreamOf(amounts, 'order_id')).toEqual([`${model('stg_shop__orders')}.order_id passed through`]);
    expect(upstreamOf(amounts, 'item_count')).toEqual([]);
  });

  test('marts: a rename, a computed flag, aggregates over a case, a seed through a join', async () => {
    const facts = await columnsOf(model('fct_orders'));
    expect(upstreamOf(facts, 'order_total')).toEqual([`${model('int_orders__amounts')}.items_amount renamed`]);
    expect(upstreamOf(facts, 'is_revenue')).toEqual([`${model('int_orders__amounts')}.order_status computed`]);
    const customers = await columnsOf(model('dim_customers'));
    expect(upstreamOf(customers, 'lifetime_value')).toEqual([
      `${model('int_orders__amounts')}.items_amount aggregated`,
      `${model('int_orders__amounts')}.order_status aggregated`,
    ]);
    expect(upstreamOf(customers, 'country_name')).toEqual(['seed.dataworks_demo.country_codes.country_name passed through']);
    const daily = await columnsOf(model('fct_daily_revenue'));
    // The catalog spells it as the warehouse does: DuckDB kept the raw table's upper case through `select *`.
    expect(upstreamOf(daily, 'customers')).toEqual([`${model('int_orders__amounts')}.CUSTOMER_ID aggregated`]);
  });

  test('a union inside a CTE: both branches feed the aggregate, and a branch’s filter shapes the rows', async () => {
    const health = await columnsOf(model('customer_health'));
    expect(upstreamOf(health, 'last_contact_at')).toEqual([
      `${model('stg_crm__support_tickets')}.OPENED_AT aggregated`,
      `${model('stg_events__web_events')}.OCCURRED_AT aggregated`,
    ]);
    expect(rowsOf(health, 'last_contact_at')).toContain(`${model('stg_events__web_events')}.CUSTOMER_ID filtered`);
    // count(*) reads no column; the visits CTE's filter decides what it counts.
    expect(upstreamOf(health, 'events_last_30_days')).toEqual([]);
    expect(rowsOf(health, 'events_last_30_days')).toContain(`${model('stg_events__web_events')}.CUSTOMER_ID filtered`);
    // The tickets CTE filters nothing, and the other CTEs' filters are not on its way.
    expect(rowsOf(health, 'open_tickets')).not.toContain(`${model('stg_events__web_events')}.CUSTOMER_ID filtered`);
  });

  test('filters and join keys: on the scopes the value passes through, not on the others', async () => {
    const amounts = await columnsOf(model('int_orders__amounts'));
    // paid_amount comes through the payments CTE (no filter) into the main query's two joins.
    expect(rowsOf(amounts, 'paid_amount')).toEqual([
      `${model('stg_shop__order_items')}.order_id joined on`,
      `${model('stg_shop__orders')}.order_id joined on`,
      `${model('stg_shop__payments')}.order_id joined on`,
    ]);
    const customers = await columnsOf(model('dim_customers'));
    // lifetime_value passes through the orders CTE, whose where clause keeps known customers.
    expect(rowsOf(customers, 'lifetime_value')).toEqual([
      `${model('int_orders__amounts')}.CUSTOMER_ID filtered`,
      `${model('int_orders__amounts')}.CUSTOMER_ID joined on`,
      `${model('stg_shop__customers')}.country_code joined on`,
      `${model('stg_shop__customers')}.customer_id joined on`,
      'seed.dataworks_demo.country_codes.country_code joined on',
    ]);
    const facts = await columnsOf(model('fct_orders'));
    expect(rowsOf(facts, 'order_total')).toEqual([]);
  });

  test('a source column shows where it goes, and the exposures it reaches', async () => {
    const orders = await columnsOf(source('orders'));
    expect(orders.state).toBe('no sql');
    const id = orders.columns.find((column) => column.name === 'ID');
    expect(id?.downstream.map((link) => `${link.uniqueId}.${link.column} ${link.transform}`)).toEqual([
      `${model('stg_shop__orders')}.order_id renamed`,
    ]);
  });
});

describe('impact analysis', () => {
  test('from a source column: the exposure, its dashboard in the Viewer, and owners to tell', async () => {
    const answer = await call(
      'GET',
      `/api/catalog/impact?asset=${encodeURIComponent('source.dataworks_demo.snowflake_account_usage.warehouse_metering_history')}&column=CREDITS_USED`,
    );
    expect(answer.status).toBe(200);
    const report = answer.body as ImpactResponse;
    expect(report.columns.length).toBeGreaterThan(0);
    expect(report.exposures.map((exposure) => exposure.name)).toContain('warehouse_credits_dashboard');
    expect(report.dashboards.length).toBeGreaterThan(0);
    expect(report.dashboards[0]?.href).toMatch(/^\/app\/viewer\//);
  });

  test('the data-API endpoint that reads the source, and the CSV of the same report', async () => {
    const query = `asset=${encodeURIComponent(source('orders'))}&column=SHIPPING_COUNTRY&depth=5`;
    const report = (await call('GET', `/api/catalog/impact?${query}`)).body as ImpactResponse;
    expect(report.endpoints.map((endpoint) => endpoint.name)).toEqual(['orders_by_country']);
    expect(report.columns.map((column) => `${column.nodeName}.${column.column}`)).toContain('stg_shop__orders.shipping_country');
    const csv = await call('GET', `/api/catalog/impact.csv?${query}`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers.get('content-type'))).toContain('text/csv');
    expect(String(csv.body)).toContain('endpoint,');
    expect(String(csv.body)).toContain('orders_by_country');
  });

  test('refusals name what is wrong', async () => {
    const unknownColumn = await call('GET', `/api/catalog/impact?asset=${encodeURIComponent(source('orders'))}&column=NOPE`);
    expect(unknownColumn.status).toBe(404);
    expect(unknownColumn.body).toMatchObject({ field: 'column' });
    const unknownAsset = await call('GET', `/api/catalog/impact?asset=${encodeURIComponent('model.nowhere.x')}`);
    expect(unknownAsset.status).toBe(404);
    const badDepth = await call('GET', `/api/catalog/impact?asset=${encodeURIComponent(source('orders'))}&depth=99`);
    expect(badDepth.status).toBe(400);
    expect(badDepth.body).toMatchObject({ field: 'depth' });
    expect((await portal.api('GET', '/api/catalog/column-lineage/coverage')).status).toBe(401);
  });
});
