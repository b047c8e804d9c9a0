/**
 * The demo organisation's business data as ELT tools land it (schemas RAW_SHOP, RAW_CRM,
 * RAW_EVENTS): an online shop's customers, products, orders, order items and payments, support
 * tickets from a CRM, and web events. The sample dbt project (server/dbt-sample-project) reads
 * these tables as its sources, and the portal's freshness checks query their loaded-at columns.
 *
 * Loads are placed relative to the sample's "now" (the window end) so that `dbt source
 * freshness` has something to say: the shop syncs hourly and is fresh, the CRM sync stopped three
 * days ago (error), and the web events pipeline is fourteen hours behind (warn) although its
 * heartbeat rows keep arriving, which only a source `filter` sees through. The data also carries
 * the faults the project's tests are meant to catch: three orders without a customer and four
 * payments with a method the shop does not offer.
 *
 * Everything is drawn inside DuckDB from hash(row, attribute, seed) like the usage data, so an
 * organisation gets the same tables for the same "now", in a few tens of milliseconds.
 */
import { windowText } from '../../platform/warehouse/attribution.js';
import type { SamplePlan } from './plan.js';
import { sqlUniform } from './prng.js';

export const RAW_SCHEMAS = ['RAW_SHOP', 'RAW_CRM', 'RAW_EVENTS'] as const;

export const RAW_DDL: readonly string[] = [
  ...RAW_SCHEMAS.map((schema) => `CREATE SCHEMA IF NOT EXISTS ${schema}`),
  `CREATE TABLE RAW_SHOP.CUSTOMERS (
     ID BIGINT, FIRST_NAME VARCHAR, LAST_NAME VARCHAR, EMAIL VARCHAR, COUNTRY_CODE VARCHAR,
     CREATED_AT TIMESTAMP, _LOADED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_SHOP.PRODUCTS (
     ID BIGINT, SKU VARCHAR, NAME VARCHAR, CATEGORY VARCHAR, PRICE DECIMAL(10, 2), IS_ACTIVE BOOLEAN,
     _LOADED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_SHOP.ORDERS (
     ID BIGINT, CUSTOMER_ID BIGINT, ORDERED_AT TIMESTAMP, STATUS VARCHAR, SHIPPING_COUNTRY VARCHAR,
     _LOADED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_SHOP.ORDER_ITEMS (
     ID BIGINT, ORDER_ID BIGINT, PRODUCT_ID BIGINT, QUANTITY INTEGER, UNIT_PRICE DECIMAL(10, 2),
     _LOADED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_SHOP.PAYMENTS (
     ID BIGINT, ORDER_ID BIGINT, PAYMENT_METHOD VARCHAR, AMOUNT_CENTS BIGINT, CREATED_AT TIMESTAMP,
     _LOADED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_CRM.SUPPORT_TICKETS (
     ID BIGINT, CUSTOMER_ID BIGINT, OPENED_AT TIMESTAMP, CLOSED_AT TIMESTAMP, CHANNEL VARCHAR,
     PRIORITY VARCHAR, STATUS VARCHAR, SUBJECT VARCHAR, _AIRBYTE_EXTRACTED_AT TIMESTAMP)`,
  `CREATE TABLE RAW_EVENTS.WEB_EVENTS (
     EVENT_ID VARCHAR, ANONYMOUS_ID VARCHAR, CUSTOMER_ID BIGINT, EVENT_TYPE VARCHAR, PAGE_PATH VARCHAR,
     OCCURRED_AT TIMESTAMP, _LOADED_AT TIMESTAMP)`,
];

export const RAW_SIZES = { customers: 1500, orders: 12000, tickets: 900, webEvents: 24000, heartbeats: 96 } as const;

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farah',
  'Gus',
  'Hana',
  'Ivo',
  'Jon',
  'Kemi',
  'Lars',
  'Mia',
  'Noor',
  'Olu',
  'Pia',
  'Ríona',
  'Sam',
  'Tomás',
  'Una',
];
const LAST_NAMES = [
  'Adams',
  'Berg',
  'Costa',
  'Dubois',
  'Eze',
  'Fischer',
  'García',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  "O'Neill",
  'Patel',
  'Rossi',
  'Silva',
  'Tanaka',
];
const COUNTRIES = ['GB', 'US', 'DE', 'FR', 'NL', 'SE', 'ES', 'IT', 'IE', 'PL'];
const CATEGORIES: ReadonlyArray<{ category: string; items: readonly string[]; base: number }> = [
  {
    category: 'Coffee',
    items: ['Espresso Beans', 'Filter Blend', 'Decaf Roast', 'Single Origin Kenya', 'Cold Brew Pack', 'Ethiopia Yirgacheffe'],
    base: 12,
  },
  { category: 'Tea', items: ['Breakfast Tea', 'Earl Grey', 'Sencha', 'Rooibos', 'Chai Spice', 'Peppermint'], base: 7 },
  { category: 'Equipment', items: ['Pour-over Kit', 'Burr Grinder', 'Milk Jug', 'Kettle', 'Scale', 'French Press', 'Aeropress'], base: 35 },
  { category: 'Cups', items: ['Travel Mug', 'Espresso Cup Set', 'Latte Glass', 'Ceramic Mug'], base: 14 },
  { category: 'Subscriptions', items: ['Monthly Coffee Box', 'Tea of the Month', 'Office Bundle'], base: 28 },
];

/** SQL list literal of constant texts written above (no request input reaches this file). */
function list(items: readonly string[]): string {
  return `[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(', ')}]`;
}

function ts(date: Date): string {
  return `TIMESTAMP '${windowText(date)}'`;
}

/** When each pipeline last delivered, relative to the sample's "now" (the window end). */
export function rawLoadTimes(plan: SamplePlan): { shop: Date; crm: Date; events: Date; heartbeat: Date } {
  const end = plan.windowEnd.getTime();
  return {
    shop: new Date(end - 55 * 60_000),
    crm: new Date(end - (3 * 24 + 5) * 3_600_000),
    events: new Date(end - 14 * 3_600_000),
    heartbeat: new Date(end - 10 * 60_000),
  };
}

export function rawStatements(plan: SamplePlan): string[] {
  const seed = plan.seed;
  const u = (row: string, attribute: number): string => sqlUniform(row, 9000 + attribute, seed);
  const loads = rawLoadTimes(plan);
  const shop = ts(loads.shop);
  const products = CATEGORIES.flatMap((c) => c.items.map((item) => ({ category: c.category, item, base: c.base })));
  const productRows = products
    .map(
      (p, i) =>
        `(${i + 1}, 'SKU-${String(1000 + i)}', '${p.item}', '${p.category}', ${(p.base + ((i * 37) % 9) + 0.99).toFixed(2)}, ${i % 11 !== 10})`,
    )
    .join(',\n');
  const { customers, orders, tickets, webEvents, heartbeats } = RAW_SIZES;
  return [
    // Customers and products are synced in full each hour: every row carries the last sync.
    `INSERT INTO RAW_SHOP.CUSTOMERS
     SELECT i + 1, (${list(FIRST_NAMES)})[1 + CAST(floor(${u('i', 1)} * ${FIRST_NAMES.length}) AS INTEGER)],
       (${list(LAST_NAMES)})[1 + CAST(floor(${u('i', 2)} * ${LAST_NAMES.length}) AS INTEGER)], NULL,
       (${list(COUNTRIES)})[1 + CAST(floor(pow(${u('i', 3)}, 1.6) * ${COUNTRIES.length}) AS INTEGER)],
       ${shop} - to_seconds(CAST(floor(${u('i', 4)} * 730 * 86400) AS BIGINT)), ${shop}
     FROM range(${customers}) t(i)`,
    `UPDATE RAW_SHOP.CUSTOMERS SET EMAIL = lower(replace(replace(strip_accents(FIRST_NAME || '.' || LAST_NAME), '''', ''), ' ', '')) || ID || '@example.com'`,
    `INSERT INTO RAW_SHOP.PRODUCTS SELECT *, ${shop} FROM (VALUES ${productRows})`,
    // Orders are spread evenly over the last year (one per stratum, so the newest is minutes
    // before the last sync) and appended by the hourly sync that followed them.
    `INSERT INTO RAW_SHOP.ORDERS
     SELECT ${orders} - i AS ID,
       CASE WHEN (${orders} - i) % 4000 = 1234 THEN NULL ELSE 1 + CAST(floor(pow(${u('i', 10)}, 1.3) * ${customers}) AS BIGINT) END,
       ORDERED_AT,
       CASE WHEN ORDERED_AT > ${shop} - INTERVAL 2 DAY THEN (['placed', 'shipped'])[1 + CAST(floor(${u('i', 11)} * 2) AS INTEGER)]
            WHEN ${u('i', 12)} < 0.04 THEN 'returned' WHEN ${u('i', 12)} < 0.06 THEN 'cancelled' ELSE 'completed' END,
       (${list(COUNTRIES)})[1 + CAST(floor(pow(${u('i', 13)}, 1.6) * ${COUNTRIES.length}) AS INTEGER)],
       least(date_trunc('hour', ORDERED_AT) + INTERVAL 65 MINUTE, ${shop})
     FROM (SELECT i, ${shop} - INTERVAL 1 MINUTE - to_seconds(CAST(floor((i + ${u('i', 14)}) / ${orders} * 365 * 86400) AS BIGINT)) AS ORDERED_AT
           FROM range(${orders}) t(i))`,
    `INSERT INTO RAW_SHOP.ORDER_ITEMS
     SELECT row_number() OVER (ORDER BY O.ID, k), O.ID, P.ID, 1 + CAST(floor(${u('O.ID * 8 + k', 21)} * 3) AS INTEGER), P.PRICE, O._LOADED_AT
     FROM RAW_SHOP.ORDERS O, range(4) r(k), RAW_SHOP.PRODUCTS P
     WHERE k < 1 + CAST(floor(pow(${u('O.ID', 20)}, 2) * 4) AS INTEGER)
       AND P.ID = 1 + CAST(floor(${u('O.ID * 8 + k', 22)} * ${products.length}) AS BIGINT)`,
    // One payment per order that was not cancelled; four use a method the shop does not offer.
    `INSERT INTO RAW_SHOP.PAYMENTS
     SELECT row_number() OVER (ORDER BY O.ID), O.ID,
       CASE WHEN O.ID % 3000 = 777 THEN 'crypto'
            WHEN ${u('O.ID', 30)} < 0.6 THEN 'credit_card' WHEN ${u('O.ID', 30)} < 0.8 THEN 'paypal'
            WHEN ${u('O.ID', 30)} < 0.92 THEN 'bank_transfer' ELSE 'gift_card' END,
       CAST(round(T.TOTAL * 100) AS BIGINT), O.ORDERED_AT + INTERVAL 30 SECOND, O._LOADED_AT
     FROM RAW_SHOP.ORDERS O
     JOIN (SELECT ORDER_ID, SUM(QUANTITY * UNIT_PRICE) AS TOTAL FROM RAW_SHOP.ORDER_ITEMS GROUP BY ORDER_ID) T ON T.ORDER_ID = O.ID
     WHERE O.STATUS <> 'cancelled'`,
    // The CRM is synced in full once a day; the sync has been failing for three days.
    `INSERT INTO RAW_CRM.SUPPORT_TICKETS
     SELECT i + 1, 1 + CAST(floor(${u('i', 40)} * ${customers}) AS BIGINT), OPENED_AT,
       CASE WHEN ${u('i', 41)} < 0.85 THEN OPENED_AT + to_seconds(CAST(floor(${u('i', 42)} * 5 * 86400) AS BIGINT)) END,
       (['email', 'chat', 'phone'])[1 + CAST(floor(${u('i', 43)} * 3) AS INTEGER)],
       (['low', 'normal', 'normal', 'high', 'urgent'])[1 + CAST(floor(${u('i', 44)} * 5) AS INTEGER)],
       'open', (['Where is my order?', 'Refund request', 'Grinder not working', 'Change subscription', 'Wrong item received'])[1 + CAST(floor(${u('i', 45)} * 5) AS INTEGER)],
       ${ts(loads.crm)}
     FROM (SELECT i, ${ts(loads.crm)} - to_seconds(CAST(floor(${u('i', 46)} * 365 * 86400) AS BIGINT)) AS OPENED_AT FROM range(${tickets}) t(i))`,
    `UPDATE RAW_CRM.SUPPORT_TICKETS SET STATUS = CASE WHEN CLOSED_AT IS NULL THEN 'open' ELSE 'solved' END`,
    // Web events arrive in micro-batches a few minutes after they happen; the pipeline stalled
    // fourteen hours ago, but its heartbeat rows (filtered out by the source) still arrive.
    `INSERT INTO RAW_EVENTS.WEB_EVENTS
     SELECT md5('event:' || i || ':${seed}'), md5('visitor:' || CAST(floor(${u('i', 50)} * 6000) AS BIGINT)),
       CASE WHEN ${u('i', 51)} < 0.35 THEN 1 + CAST(floor(${u('i', 52)} * ${customers}) AS BIGINT) END,
       (['page_view', 'page_view', 'page_view', 'product_view', 'add_to_cart', 'checkout_started', 'order_completed'])[1 + CAST(floor(${u('i', 53)} * 7) AS INTEGER)],
       (['/', '/shop/coffee', '/shop/tea', '/shop/equipment', '/cart', '/checkout', '/account'])[1 + CAST(floor(${u('i', 54)} * 7) AS INTEGER)],
       OCCURRED_AT, least(OCCURRED_AT + to_seconds(CAST(60 + floor(${u('i', 55)} * 240) AS BIGINT)), ${ts(loads.events)})
     FROM (SELECT i, ${ts(loads.events)} - to_seconds(CAST(floor((i + ${u('i', 56)}) / ${webEvents} * 30 * 86400) AS BIGINT)) AS OCCURRED_AT
           FROM range(${webEvents}) t(i))`,
    `INSERT INTO RAW_EVENTS.WEB_EVENTS
     SELECT md5('heartbeat:' || i || ':${seed}'), NULL, NULL, 'heartbeat', NULL, T, T
     FROM (SELECT i, ${ts(loads.heartbeat)} - to_minutes(CAST(i * 15 AS BIGINT)) AS T FROM range(${heartbeats}) t(i))`,
  ];
}
