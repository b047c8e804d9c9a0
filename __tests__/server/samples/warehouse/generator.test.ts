import path from 'node:path';
import { promises as fs } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { generateSampleAccount } from '../../../../server/src/samples/warehouse/generator';
import { planSample } from '../../../../server/src/samples/warehouse/plan';
import { NOW, openTestAccount, tempDir, type TestAccount } from '../../features/warehouse/sampleAccount';

const TABLES = [
  'ACCOUNT_USAGE.QUERY_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY',
  'ACCOUNT_USAGE.WAREHOUSE_EVENTS_HISTORY',
  'ACCOUNT_USAGE.METERING_DAILY_HISTORY',
  'ACCOUNT_USAGE.USERS',
  'ACCOUNT_USAGE.ROLES',
  'ACCOUNT_USAGE.GRANTS_TO_USERS',
  'ACCOUNT_USAGE.GRANTS_TO_ROLES',
  'ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY',
  'DATAWORKS.WAREHOUSES',
  'DATAWORKS.QUERY_COST',
];

/** Row count and an order-independent checksum of every table. */
async function fingerprint(file: string): Promise<Record<string, string>> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  const result: Record<string, string> = {};
  try {
    for (const table of TABLES) {
      const reader = await connection.runAndReadAll(`SELECT COUNT(*) AS n, SUM(hash(t::VARCHAR)) AS h FROM ${table} t`);
      const row = reader.getRowObjectsJson()[0] ?? {};
      result[table] = `${String(row.n)}:${String(row.h)}`;
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return result;
}

describe('sample account generator', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await openTestAccount();
  });
  afterAll(() => account.close());

  it('is deterministic for an organisation, a size and a "now", and differs between organisations', async () => {
    const dir = await tempDir();
    try {
      const again = path.join(dir, 'acme.duckdb');
      const other = path.join(dir, 'globex.duckdb');
      await generateSampleAccount(again, { org: 'acme', queryCount: 6000, now: NOW });
      await generateSampleAccount(other, { org: 'globex', queryCount: 6000, now: NOW });
      await account.warehouse.close();
      const [first, second, third] = [await fingerprint(account.file), await fingerprint(again), await fingerprint(other)];
      expect(second).toEqual(first);
      expect(third['ACCOUNT_USAGE.QUERY_HISTORY']).not.toEqual(first['ACCOUNT_USAGE.QUERY_HISTORY']);
      expect(third['ACCOUNT_USAGE.USERS']).not.toEqual(first['ACCOUNT_USAGE.USERS']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(account.dir, { recursive: true, force: true });
      account = await openTestAccount();
    }
    // Two more accounts are generated and the first reopened: seconds of DuckDB work, longer on a
    // busy machine, so jest's default 5 s would fail it on speed alone and leave the account closed.
  }, 120_000);

  it('spans 90 days ending at the generation hour, with about the requested number of queries', async () => {
    const [span] = await account.sql(
      `SELECT MIN(START_TIME) AS first, MAX(END_TIME) AS last, COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY`,
    );
    const plan = planSample('acme', 6000, NOW);
    expect(plan.windowEnd.toISOString()).toBe('2026-03-18T15:00:00.000Z');
    expect(plan.windowStart.toISOString()).toBe('2025-12-18T00:00:00.000Z');
    expect((span?.first as Date).getTime()).toBeGreaterThanOrEqual(plan.windowStart.getTime());
    expect((span?.last as Date).getTime()).toBeLessThan(plan.windowEnd.getTime());
    expect(span?.n).toBeGreaterThan(5950);
    expect(span?.n).toBeLessThanOrEqual(6000);
    const days = await account.sql(`SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.METERING_DAILY_HISTORY`);
    expect(days[0]?.n).toBe(91);
  });

  it('has business-hours dashboards on weekdays and a nightly ELT warehouse', async () => {
    const [bi] =
      await account.sql(`SELECT AVG(CASE WHEN hour(START_TIME) BETWEEN 6 AND 20 AND isodow(START_TIME) <= 5 THEN 1 ELSE 0 END) AS share
      FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'BI_WH'`);
    expect(bi?.share).toBeGreaterThan(0.9);
    const [elt] =
      await account.sql(`SELECT AVG(CASE WHEN hour(START_TIME) BETWEEN 1 AND 4 THEN 1 ELSE 0 END) AS share, COUNT(DISTINCT CAST(START_TIME AS DATE)) AS nights
      FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE WAREHOUSE_NAME = 'ELT_WH'`);
    expect(elt?.share).toBe(1);
    expect(elt?.nights).toBeGreaterThan(85);
  });

  it('has an oversized warehouse that is almost never busy', async () => {
    const rows = await account.sql(`SELECT W."name" AS name, W."size" AS size, W."auto_suspend" AS auto_suspend,
        SUM(M.CREDITS_ATTRIBUTED_COMPUTE_QUERIES) / SUM(M.CREDITS_USED_COMPUTE) AS busy
      FROM DATAWORKS.WAREHOUSES W JOIN ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY M ON M.WAREHOUSE_NAME = W."name"
      GROUP BY 1, 2, 3 ORDER BY busy`);
    expect(rows[0]).toMatchObject({ name: 'REPORTING_WH', size: 'Large', auto_suspend: 3600 });
    expect(rows[0]?.busy).toBeLessThan(0.02);
  });

  it('has a spilling query pattern on an undersized warehouse that also queues', async () => {
    const [spill] =
      await account.sql(`SELECT COUNT(*) AS n, COUNT(DISTINCT QUERY_PARAMETERIZED_HASH) AS patterns, ANY_VALUE(WAREHOUSE_SIZE) AS size
      FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE BYTES_SPILLED_TO_REMOTE_STORAGE > 0`);
    expect(spill?.n).toBeGreaterThan(10);
    expect(spill).toMatchObject({ patterns: 1, size: 'X-Small' });
    const [queued] = await account.sql(`SELECT COUNT(*) AS n, MAX(AVG_QUEUED_LOAD) AS peak FROM ACCOUNT_USAGE.QUERY_HISTORY Q
      JOIN ACCOUNT_USAGE.WAREHOUSE_LOAD_HISTORY L ON L.WAREHOUSE_NAME = Q.WAREHOUSE_NAME AND L.START_TIME = time_bucket(INTERVAL 5 MINUTE, Q.START_TIME)
      WHERE Q.WAREHOUSE_NAME = 'ANALYTICS_WH' AND Q.QUEUED_OVERLOAD_TIME > 0`);
    expect(queued?.n).toBeGreaterThan(50);
    expect(queued?.peak).toBeGreaterThan(0);
  });

  it('has dormant users holding ACCOUNTADMIN, and people without MFA', async () => {
    const dormant =
      await account.sql(`SELECT U.NAME FROM ACCOUNT_USAGE.USERS U JOIN ACCOUNT_USAGE.GRANTS_TO_USERS G ON G.GRANTEE_NAME = U.NAME
      WHERE G.ROLE = 'ACCOUNTADMIN' AND G.DELETED_ON IS NULL AND U.DELETED_ON IS NULL
        AND U.LAST_SUCCESS_LOGIN < TIMESTAMP '2026-03-18 00:00:00' - INTERVAL 90 DAY`);
    expect(dormant.length).toBeGreaterThanOrEqual(2);
    const [noMfa] = await account.sql(
      `SELECT COUNT(*) AS n FROM ACCOUNT_USAGE.USERS WHERE TYPE = 'PERSON' AND NOT HAS_MFA AND NOT DISABLED AND DELETED_ON IS NULL`,
    );
    expect(noMfa?.n).toBeGreaterThanOrEqual(2);
  });

  it('has query tags and parameterised-hash groups of many texts', async () => {
    const [tags] = await account.sql(`SELECT COUNT(DISTINCT QUERY_TAG) AS tags, AVG(CASE WHEN QUERY_TAG <> '' THEN 1 ELSE 0 END) AS tagged
      FROM ACCOUNT_USAGE.QUERY_HISTORY`);
    expect(tags?.tags).toBeGreaterThan(10);
    expect(tags?.tagged).toBeGreaterThan(0.5);
    const [hashes] = await account.sql(
      `SELECT COUNT(DISTINCT QUERY_PARAMETERIZED_HASH) AS patterns, COUNT(DISTINCT QUERY_HASH) AS texts FROM ACCOUNT_USAGE.QUERY_HISTORY`,
    );
    // One pattern per template: the workloads' own and one build per model of the sample dbt project.
    expect(hashes?.patterns).toBeLessThan(45);
    expect(hashes?.texts).toBeGreaterThan(1000);
    const [ids] = await account.sql(`SELECT COUNT(DISTINCT QUERY_ID) AS ids, COUNT(*) AS n FROM ACCOUNT_USAGE.QUERY_HISTORY`);
    expect(ids?.ids).toBe(ids?.n);
  });

  it('keeps a WAREHOUSE_EVENTS_HISTORY resume and suspend for every run', async () => {
    const [events] = await account.sql(`SELECT SUM(CASE WHEN EVENT_NAME = 'RESUME_WAREHOUSE' THEN 1 ELSE 0 END) AS resumes,
        SUM(CASE WHEN EVENT_NAME = 'SUSPEND_WAREHOUSE' THEN 1 ELSE 0 END) AS suspends FROM ACCOUNT_USAGE.WAREHOUSE_EVENTS_HISTORY`);
    expect(events?.resumes).toBeGreaterThan(100);
    expect(Number(events?.resumes) - Number(events?.suspends)).toBeGreaterThanOrEqual(0);
    expect(Number(events?.resumes) - Number(events?.suspends)).toBeLessThanOrEqual(5);
  });
});
