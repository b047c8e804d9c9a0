/**
 * The raw business tables of the sample warehouse (the sample dbt project's sources): the same
 * for the same organisation and "now", different for another, quick to generate, and carrying
 * the faults and the load times the project's tests and freshness checks are there to find.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { planSample } from '../../../../server/src/samples/warehouse/plan';
import { RAW_DDL, RAW_SIZES, rawLoadTimes, rawStatements } from '../../../../server/src/samples/warehouse/rawSql';
import { NOW } from '../../features/warehouse/sampleAccount';

const TABLES = [
  'RAW_SHOP.CUSTOMERS',
  'RAW_SHOP.PRODUCTS',
  'RAW_SHOP.ORDERS',
  'RAW_SHOP.ORDER_ITEMS',
  'RAW_SHOP.PAYMENTS',
  'RAW_CRM.SUPPORT_TICKETS',
  'RAW_EVENTS.WEB_EVENTS',
];

async function generate(
  org: string,
): Promise<{ milliseconds: number; fingerprint: Record<string, string>; query: (text: string) => Promise<Record<string, unknown>[]> }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const plan = planSample(org, 1000, NOW);
  const started = performance.now();
  for (const statement of [...RAW_DDL, ...rawStatements(plan)]) await connection.run(statement);
  const milliseconds = performance.now() - started;
  const query = async (text: string): Promise<Record<string, unknown>[]> => (await connection.runAndReadAll(text)).getRowObjectsJS();
  const fingerprint: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await query(`SELECT COUNT(*) AS n, SUM(hash(t::VARCHAR)) AS h FROM ${table} t`);
    fingerprint[table] = `${String(row?.n)}:${String(row?.h)}`;
  }
  return { milliseconds, fingerprint, query };
}

describe('raw business tables of the sample warehouse', () => {
  it('are deterministic per organisation and quick to generate', async () => {
    const first = await generate('acme');
    const again = await generate('acme');
    const other = await generate('globex');
    expect(again.fingerprint).toEqual(first.fingerprint);
    for (const table of TABLES.filter((name) => name !== 'RAW_SHOP.PRODUCTS'))
      expect(other.fingerprint[table]).not.toEqual(first.fingerprint[table]);
    // Well under the half second the sample's first use may spend on them (loose for busy CI machines).
    expect(Math.min(first.milliseconds, again.milliseconds)).toBeLessThan(1500);
  });

  it('hold the faults the project tests for and the loads its freshness checks read', async () => {
    const { query } = await generate('acme');
    const loads = rawLoadTimes(planSample('acme', 1000, NOW));
    const [orders] = await query(
      'SELECT COUNT(*) AS n, COUNT(*) FILTER (WHERE CUSTOMER_ID IS NULL) AS orphans, MAX(_LOADED_AT) AS loaded FROM RAW_SHOP.ORDERS',
    );
    expect(Number(orders?.n)).toBe(RAW_SIZES.orders);
    expect(Number(orders?.orphans)).toBe(3);
    expect((orders?.loaded as Date).toISOString()).toBe(loads.shop.toISOString());
    const [payments] = await query(
      "SELECT COUNT(*) FILTER (WHERE PAYMENT_METHOD NOT IN ('credit_card', 'paypal', 'bank_transfer', 'gift_card')) AS odd FROM RAW_SHOP.PAYMENTS",
    );
    expect(Number(payments?.odd)).toBe(4);
    const [events] = await query(
      "SELECT MAX(_LOADED_AT) FILTER (WHERE EVENT_TYPE <> 'heartbeat') AS events, MAX(_LOADED_AT) AS any_row FROM RAW_EVENTS.WEB_EVENTS",
    );
    expect((events?.events as Date).toISOString()).toBe(loads.events.toISOString());
    expect((events?.any_row as Date).toISOString()).toBe(loads.heartbeat.toISOString());
    const [crm] = await query('SELECT MAX(_AIRBYTE_EXTRACTED_AT) AS loaded FROM RAW_CRM.SUPPORT_TICKETS');
    expect((crm?.loaded as Date).toISOString()).toBe(loads.crm.toISOString());
    // Every order line and payment belongs to an order; every payment matches its order's lines to the cent.
    const [orphans] = await query(`SELECT
        (SELECT COUNT(*) FROM RAW_SHOP.ORDER_ITEMS I LEFT JOIN RAW_SHOP.ORDERS O ON O.ID = I.ORDER_ID WHERE O.ID IS NULL) AS items,
        (SELECT COUNT(*) FROM RAW_SHOP.PAYMENTS P JOIN (SELECT ORDER_ID, SUM(QUANTITY * UNIT_PRICE) AS T FROM RAW_SHOP.ORDER_ITEMS GROUP BY 1) S ON S.ORDER_ID = P.ORDER_ID
          WHERE P.AMOUNT_CENTS <> CAST(round(S.T * 100) AS BIGINT)) AS mismatched`);
    expect({ items: Number(orphans?.items), mismatched: Number(orphans?.mismatched) }).toEqual({ items: 0, mismatched: 0 });
  });
});
