// Cost per dbt node on a small DuckDB usage history with known answers: builds found by dbt's
// query comment (at the start or the end of the text) and by the query tag (JSON or the bare id),
// priced by the per-query cost table; reads found by relation names, with their reader node.
import { dbtNodeCost } from '../../../../server/src/features/warehouse/analytics/dbtNodeCost';
import { raw } from '../../../../server/src/platform/warehouse/sql';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';

const comment = (nodeId: string) => `/* {"app": "dbt", "dbt_version": "1.8.7", "node_id": "${nodeId}"} */`;
// [id, text, tag, start, credits]
const history: Array<[string, string, string, string, number]> = [
  [
    'q1',
    `${comment('model.shop.fct_orders')}\ncreate or replace table "DB"."MARTS"."fct_orders" as (select * from DB.STAGING.stg_orders)`,
    '',
    '2026-03-10 02:00:00',
    2,
  ],
  [
    'q2',
    `${comment('model.shop.fct_orders')}\ncreate or replace table MARTS.fct_orders as (select * from STAGING.stg_orders)`,
    '',
    '2026-03-11 02:00:00',
    3,
  ],
  [
    'q3',
    `create or replace view STAGING.stg_orders as select * from RAW.ORDERS\n${comment('model.shop.stg_orders')}`,
    '',
    '2026-03-11 01:00:00',
    0.5,
  ],
  [
    'q4',
    'insert into MARTS.dim_customers select * from STAGING.stg_customers',
    '{"node_id": "model.shop.dim_customers", "team": "data"}',
    '2026-03-11 02:30:00',
    1.25,
  ],
  ['q5', 'merge into MARTS.snap_products using STAGING.stg_products', 'snapshot.shop.snap_products', '2026-03-11 03:00:00', 0.75],
  // Reads: a dashboard twice (two names for the same relation in one query count once), an analyst.
  [
    'q6',
    'select * from "DB"."MARTS"."FCT_ORDERS" o join marts.fct_orders p on o.id = p.id',
    'looker:dashboard=sales',
    '2026-03-11 09:00:00',
    0.1,
  ],
  ['q7', 'select count(*) from DB.MARTS.FCT_ORDERS', '', '2026-03-11 10:00:00', 0.1],
  // A comment in the middle of the text is not dbt's: not a build.
  ['q8', `select 1 /* {"node_id": "model.shop.fake"} */ from MARTS.other`, '', '2026-03-11 11:00:00', 0.2],
  // Outside the window (more than 60 days before the last day): ignored.
  ['q9', `${comment('model.shop.fct_orders')} create table MARTS.fct_orders as select 1`, '', '2025-12-01 02:00:00', 100],
];

let engine: Engine;

beforeAll(async () => {
  engine = await openDuckDbEngine(':memory:');
  await engine.query(raw('CREATE SCHEMA ACCOUNT_USAGE'));
  await engine.query(raw('CREATE SCHEMA DATAWORKS'));
  await engine.query(
    raw('CREATE TABLE ACCOUNT_USAGE.QUERY_HISTORY (QUERY_ID VARCHAR, QUERY_TEXT VARCHAR, QUERY_TAG VARCHAR, START_TIME TIMESTAMP)'),
  );
  await engine.query(raw('CREATE TABLE DATAWORKS.QUERY_COST (QUERY_ID VARCHAR, CREDITS DECIMAL(38, 9))'));
  await engine.query(raw('CREATE TABLE ACCOUNT_USAGE.METERING_DAILY_HISTORY (SERVICE_TYPE VARCHAR, USAGE_DATE DATE)'));
  await engine.query(
    raw(
      "INSERT INTO ACCOUNT_USAGE.METERING_DAILY_HISTORY VALUES ('WAREHOUSE_METERING', DATE '2026-01-20'), ('WAREHOUSE_METERING', DATE '2026-03-11')",
    ),
  );
  for (const [id, text, tag, start, credits] of history) {
    await engine.query(
      raw(`INSERT INTO ACCOUNT_USAGE.QUERY_HISTORY VALUES ('${id}', '${text.replaceAll("'", "''")}', '${tag}', TIMESTAMP '${start}')`),
    );
    await engine.query(raw(`INSERT INTO DATAWORKS.QUERY_COST VALUES ('${id}', ${credits})`));
  }
});
afterAll(async () => {
  await engine?.close();
});

test('builds by query comment and query tag, priced per query, per node and day', async () => {
  const rollup = await dbtNodeCost({ engine, account: engine, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } }, 60, 30);
  expect(rollup).toMatchObject({ from: '2026-01-11', to: '2026-03-11', pricePerCredit: 3, readDays: 30 });
  const builds = [...rollup.builds].sort((a, b) => `${a.nodeId}${a.day}`.localeCompare(`${b.nodeId}${b.day}`));
  expect(builds).toEqual([
    { day: '2026-03-11', nodeId: 'model.shop.dim_customers', queries: 1, credits: 1.25 },
    { day: '2026-03-10', nodeId: 'model.shop.fct_orders', queries: 1, credits: 2 },
    { day: '2026-03-11', nodeId: 'model.shop.fct_orders', queries: 1, credits: 3 },
    { day: '2026-03-11', nodeId: 'model.shop.stg_orders', queries: 1, credits: 0.5 },
    { day: '2026-03-11', nodeId: 'snapshot.shop.snap_products', queries: 1, credits: 0.75 },
  ]);
});

test('reads by relation name (schema and table, any case, quoted or not), with the node whose statement read it', async () => {
  const rollup = await dbtNodeCost({ engine, account: engine, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } }, 60, 30);
  const reads = (relation: string) =>
    rollup.reads.filter((read) => read.relation === relation).sort((a, b) => (a.readerNodeId ?? '').localeCompare(b.readerNodeId ?? ''));
  expect(reads('MARTS.FCT_ORDERS')).toEqual([
    { relation: 'MARTS.FCT_ORDERS', readerNodeId: null, queries: 2, lastRead: '2026-03-11T10:00:00.000Z' },
    { relation: 'MARTS.FCT_ORDERS', readerNodeId: 'model.shop.fct_orders', queries: 2, lastRead: '2026-03-11T02:00:00.000Z' },
  ]);
  expect(reads('STAGING.STG_ORDERS')).toEqual([
    { relation: 'STAGING.STG_ORDERS', readerNodeId: 'model.shop.fct_orders', queries: 2, lastRead: '2026-03-11T02:00:00.000Z' },
    { relation: 'STAGING.STG_ORDERS', readerNodeId: 'model.shop.stg_orders', queries: 1, lastRead: '2026-03-11T01:00:00.000Z' },
  ]);
  expect(reads('MARTS.OTHER')).toEqual([{ relation: 'MARTS.OTHER', readerNodeId: null, queries: 1, lastRead: '2026-03-11T11:00:00.000Z' }]);
});

test('an empty copy answers no window and nothing attributed', async () => {
  const empty = await openDuckDbEngine(':memory:');
  try {
    await empty.query(raw('CREATE SCHEMA ACCOUNT_USAGE'));
    await empty.query(raw('CREATE TABLE ACCOUNT_USAGE.METERING_DAILY_HISTORY (SERVICE_TYPE VARCHAR, USAGE_DATE DATE)'));
    const rollup = await dbtNodeCost({ engine: empty, account: empty, prices: { pricePerCredit: 3, storagePricePerTbMonth: 23 } }, 60, 30);
    expect(rollup).toEqual({ from: null, to: null, pricePerCredit: 3, builds: [], reads: [], readDays: 30 });
  } finally {
    await empty.close();
  }
});
