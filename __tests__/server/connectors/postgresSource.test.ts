// The PostgreSQL source as the engine runs it (a real child process) against a real PostgreSQL,
// into a real embedded warehouse. The database suites need STORE_TEST_DATABASE_URL (CI's second
// pass starts Debian's PostgreSQL, .ci/postgres); without it they are skipped, saying so, because
// there is no PostgreSQL to read from. Each run works in a schema of its own, since other suites
// share that database and some of them drop and refill `public`.
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { AirbyteMessage, AirbyteStream, ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import { builtInConnectorCommand } from '../../../server/src/features/integrations/builtInConnectors';
import { runConnector } from '../../../server/src/features/integrations/engine/connectorProcess';
import { runSyncAttempt, type AttemptProgress } from '../../../server/src/features/integrations/engine/syncAttempt';
import { openDuckDbEngine } from '../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../server/src/platform/warehouse/engine';
import { raw } from '../../../server/src/platform/warehouse/sql';

jest.setTimeout(120_000);

const postgresUrl = process.env.STORE_TEST_DATABASE_URL;
const source = builtInConnectorCommand('source-postgres', process.cwd(), { privateNetworks: true });

async function operation(name: 'spec' | 'check' | 'discover', config: unknown = {}, command = source): Promise<AirbyteMessage[]> {
  const messages: AirbyteMessage[] = [];
  await runConnector(command, {
    operation: name,
    config,
    timeoutMs: 30_000,
    memoryLimitMb: 256,
    onMessage: (message) => void messages.push(message),
  });
  return messages;
}

describe('without a database', () => {
  it('describes its settings, the password as a secret', async () => {
    const [spec] = await operation('spec');
    expect(spec?.spec?.connectionSpecification).toMatchObject({
      required: ['host', 'database', 'username'],
      properties: { password: { airbyte_secret: true }, schemas: { default: ['public'] }, ssl_mode: { oneOf: expect.any(Array) } },
    });
  });

  it('fails check on an unreachable host with the driver’s message', async () => {
    const [status] = await operation('check', { host: '127.0.0.1', port: 1, database: 'x', username: 'x', connect_timeout_seconds: 5 });
    expect(status?.connectionStatus).toEqual({
      status: 'FAILED',
      message: 'Could not connect to 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
    });
  });

  it('fails check within its connect time-out when the server never answers', async () => {
    // A server that accepts the connection and then says nothing, like a firewall that swallows packets.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      const [status] = await operation('check', { host: '127.0.0.1', port, database: 'x', username: 'x', connect_timeout_seconds: 2 });
      expect(status?.connectionStatus?.status).toBe('FAILED');
      expect(status?.connectionStatus?.message).toMatch(new RegExp(`^Could not connect to 127\\.0\\.0\\.1:${port}: .*timeout`));
      // The time-out plus starting a Node process; far below the engine's own check time-out.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      silent.close();
    }
  });

  it('refuses a private address unless the platform allows private networks', async () => {
    const [status] = await operation(
      'check',
      { host: '127.0.0.1', port: 5432, database: 'x', username: 'x' },
      builtInConnectorCommand('source-postgres', process.cwd()),
    );
    expect(status?.connectionStatus).toEqual({
      status: 'FAILED',
      message: 'The host 127.0.0.1 (127.0.0.1) is a private or local address, which connectors may not reach here.',
    });
  });
});

if (!postgresUrl)
  console.log(
    'PostgreSQL source suites skipped: set STORE_TEST_DATABASE_URL to a throw-away PostgreSQL database (as CI’s second pass does) to run them.',
  );
const onPostgres = postgresUrl ? describe : describe.skip;

onPostgres('on PostgreSQL', () => {
  const url = new URL(postgresUrl ?? 'postgresql://unset');
  const schema = `pgsrc_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const config = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: decodeURIComponent(url.pathname.slice(1)),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    schemas: [schema],
    connect_timeout_seconds: 5,
  };
  let admin: pg.Client;
  let dir: string;
  let engine: Engine;
  let streams: AirbyteStream[];

  const stream = (name: string) => {
    const found = streams.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no stream ${name}`);
    return found;
  };
  const sync = (
    catalog: ConfiguredAirbyteCatalog,
    onProgress?: (progress: AttemptProgress) => void,
    onLog?: (line: { level: string; message: string }) => void,
  ) =>
    runSyncAttempt({
      source,
      config,
      secrets: [config.password],
      catalog,
      warehouse: { engine },
      connectionId: 'pg',
      defaultSchema: 'RAW',
      generationId: 1,
      timeoutMs: 120_000,
      memoryLimitMb: 256,
      onProgress,
      onLog,
    });
  const count = async (table: string) =>
    (await engine.query(raw(`SELECT COUNT(*) AS N, COUNT(DISTINCT ID) AS D FROM ${schema.toUpperCase()}.${table}`)))[0];

  beforeAll(async () => {
    const { default: pgModule } = await import('pg');
    admin = new pgModule.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(
      `CREATE TABLE ${schema}.orders (id bigint PRIMARY KEY, customer text NOT NULL, amount numeric(12,2), paid boolean, placed_on date, updated_at timestamp NOT NULL, seen_at timestamptz, tags text[], details jsonb)`,
    );
    // 120,000 rows: more than two checkpoints' worth (the source checkpoints every 50,000 rows),
    // updated_at shared by ten rows at a time so checkpoints fall between rows that tie on the cursor.
    await admin.query(
      `INSERT INTO ${schema}.orders SELECT g, 'customer ' || (g % 97), g * 0.25, g % 2 = 0, date '2026-01-01' + (g % 30), timestamp '2026-01-01 00:00:00.123456' + (g / 10) * interval '1 second', timestamptz '2026-01-01 00:00:00+00' + g * interval '1 minute', ARRAY['a', 'b' || g], jsonb_build_object('n', g) FROM generate_series(1, 120000) g`,
    );
    await admin.query(`ANALYZE ${schema}.orders`);
    await admin.query(`CREATE TABLE ${schema}."Order Lines" (id integer PRIMARY KEY, sku text)`);
    await admin.query(`INSERT INTO ${schema}."Order Lines" VALUES (1, 'A')`);
    const [catalog] = await operation('discover', config);
    streams = catalog?.catalog?.streams ?? [];
  });

  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postgres-source-'));
    engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
  });

  afterEach(async () => {
    await engine.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('checks the connection and names a wrong password as the server does', async () => {
    expect((await operation('check', config))[0]?.connectionStatus).toEqual({ status: 'SUCCEEDED' });
    const [status] = await operation('check', { ...config, password: 'not-the-password' });
    expect(status?.connectionStatus?.status).toBe('FAILED');
    expect(status?.connectionStatus?.message).toContain(`password authentication failed for user "${config.username}"`);
  });

  it('discovers tables with typed fields, primary keys and the schema as namespace', () => {
    expect(streams.map((candidate) => `${candidate.namespace}.${candidate.name}`).sort()).toEqual([
      `${schema}.Order Lines`,
      `${schema}.orders`,
    ]);
    expect(stream('orders')).toMatchObject({
      supported_sync_modes: ['full_refresh', 'incremental'],
      source_defined_primary_key: [['id']],
      json_schema: {
        properties: {
          id: { type: ['null', 'integer'] },
          amount: { type: ['null', 'number'] },
          paid: { type: ['null', 'boolean'] },
          placed_on: { type: ['null', 'string'], format: 'date' },
          updated_at: { format: 'date-time', airbyte_type: 'timestamp_without_timezone' },
          seen_at: { format: 'date-time', airbyte_type: 'timestamp_with_timezone' },
          tags: { type: ['null', 'array'] },
          details: { type: ['null', 'object'] },
        },
      },
    });
  });

  it('copies a table whole with its values typed in the warehouse', async () => {
    const outcome = await sync({ streams: [{ stream: stream('orders'), sync_mode: 'full_refresh', destination_sync_mode: 'overwrite' }] });
    expect(outcome).toMatchObject({ status: 'succeeded', rowsCommitted: 120_000 });
    expect(outcome.streams[0]).toMatchObject({ rowEstimate: 120_000, status: 'COMPLETE' });
    expect(await count('ORDERS')).toEqual({ N: 120_000, D: 120_000 });
    const [row] = await engine.query(
      raw(
        `SELECT AMOUNT, PAID, CAST(PLACED_ON AS VARCHAR) AS PLACED_ON, CAST(UPDATED_AT AS VARCHAR) AS UPDATED_AT, CAST(SEEN_AT AS VARCHAR) AS SEEN_AT, CAST(DETAILS AS VARCHAR) AS DETAILS FROM ${schema.toUpperCase()}.ORDERS WHERE ID = 15`,
      ),
    );
    expect(row).toEqual({
      AMOUNT: 3.75,
      PAID: false,
      PLACED_ON: '2026-01-16',
      UPDATED_AT: '2026-01-01 00:00:01.123456',
      SEEN_AT: expect.stringMatching(/^2026-01-01 00:15:00/),
      DETAILS: '{"n":15}',
    });
  });

  it('syncs incrementally by the chosen cursor: a second sync brings only the new rows', async () => {
    const catalog: ConfiguredAirbyteCatalog = {
      streams: [{ stream: stream('orders'), sync_mode: 'incremental', cursor_field: ['updated_at'], destination_sync_mode: 'append' }],
    };
    expect(await sync(catalog)).toMatchObject({ status: 'succeeded', rowsCommitted: 120_000 });
    await admin.query(
      `INSERT INTO ${schema}.orders SELECT g, 'late', 1, true, date '2026-02-01', timestamp '2026-03-01' + g * interval '1 second', NULL, NULL, NULL FROM generate_series(120001, 121000) g`,
    );
    try {
      const second = await sync(catalog);
      expect(second).toMatchObject({ status: 'succeeded', rowsCommitted: 1000 });
      expect(await count('ORDERS')).toEqual({ N: 121_000, D: 121_000 });
      expect((await sync(catalog)).rowsCommitted).toBe(0);
    } finally {
      await admin.query(`DELETE FROM ${schema}.orders WHERE id > 120000`);
    }
  });

  it('warns of rows without a cursor value when the column allows them, and reads the rest', async () => {
    const incremental = (cursor: string): ConfiguredAirbyteCatalog => ({
      streams: [{ stream: stream('orders'), sync_mode: 'incremental', cursor_field: [cursor], destination_sync_mode: 'append' }],
    });
    const warnings = async (cursor: string) => {
      const lines: string[] = [];
      const outcome = await sync(incremental(cursor), undefined, (line) => {
        if (line.level === 'WARN') lines.push(line.message);
      });
      return { outcome, lines };
    };
    await admin.query(`UPDATE ${schema}.orders SET seen_at = NULL WHERE id <= 3`);
    try {
      // seen_at may be null: the three rows without one are counted and named, the others read.
      const nullable = await warnings('seen_at');
      expect(nullable.outcome).toMatchObject({ status: 'succeeded', rowsCommitted: 119_997 });
      expect(nullable.lines).toContain('3 rows of orders have no seen_at and are not read by incremental syncs.');
      // updated_at is declared NOT NULL: nothing to count, nothing to warn of.
      await fs.rm(dir, { recursive: true, force: true });
      await engine.close();
      dir = await fs.mkdtemp(path.join(os.tmpdir(), 'postgres-source-'));
      engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
      const declared = await warnings('updated_at');
      expect(declared.outcome).toMatchObject({ status: 'succeeded', rowsCommitted: 120_000 });
      expect(declared.lines).toEqual([]);
    } finally {
      await admin.query(
        `UPDATE ${schema}.orders SET seen_at = timestamptz '2026-01-01 00:00:00+00' + id * interval '1 minute' WHERE id <= 3`,
      );
    }
  });

  it('resumes from the last committed checkpoint after the source fails mid-read', async () => {
    const catalog: ConfiguredAirbyteCatalog = {
      streams: [{ stream: stream('orders'), sync_mode: 'incremental', cursor_field: ['updated_at'], destination_sync_mode: 'append' }],
    };
    let ended: Promise<unknown> | null = null;
    // At the first committed checkpoint the source's database session is ended under it.
    const first = await sync(catalog, (progress) => {
      if (progress.rowsCommitted > 0 && !ended) {
        ended = admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dataworks-source-postgres' AND datname = $1`,
          [config.database],
        );
      }
    });
    await ended;
    expect(first.status).toBe('failed');
    expect(first.failure).toMatchObject({ reason: 'crashed', retryable: true });
    expect(first.failure?.message).toMatch(/terminat/i);
    expect(first.rowsCommitted).toBeGreaterThanOrEqual(50_000);
    expect(first.rowsCommitted).toBeLessThan(120_000);
    // What was committed stays, exactly as its checkpoint said.
    expect(await count('ORDERS')).toEqual({ N: first.rowsCommitted, D: first.rowsCommitted });

    const second = await sync(catalog);
    expect(second.status).toBe('succeeded');
    expect(second.rowsCommitted).toBe(120_000 - first.rowsCommitted);
    expect(await count('ORDERS')).toEqual({ N: 120_000, D: 120_000 });
  });

  it('fails a stream whose table is gone, or which this user may not read, naming it', async () => {
    const full = (name: string) => ({
      streams: [{ stream: { ...stream('orders'), name }, sync_mode: 'full_refresh' as const, destination_sync_mode: 'overwrite' as const }],
    });
    const gone = await sync(full('orders_dropped'));
    expect(gone.status).toBe('failed');
    expect(gone.failure?.message).toContain(`Stream ${schema}.orders_dropped: no such table or view`);
    expect(gone.rowsCommitted).toBe(0);

    // The owner gives up its own right to read: the table is there, but not for this user.
    await admin.query(`CREATE TABLE ${schema}.orders_locked (LIKE ${schema}.orders)`);
    await admin.query(`REVOKE ALL ON ${schema}.orders_locked FROM CURRENT_USER`);
    const locked = await sync(full('orders_locked'));
    expect(locked.status).toBe('failed');
    expect(locked.failure?.message).toContain(`Stream ${schema}.orders_locked: no such table or view (or this user may not read it)`);
  });

  it('reads only the columns this user may read', async () => {
    await admin.query(`CREATE TABLE ${schema}.orders_partly AS SELECT id, customer, amount FROM ${schema}.orders WHERE id <= 10`);
    await admin.query(`REVOKE ALL ON ${schema}.orders_partly FROM CURRENT_USER`);
    await admin.query(`GRANT SELECT (id, amount) ON ${schema}.orders_partly TO CURRENT_USER`);
    const outcome = await sync({
      streams: [{ stream: { ...stream('orders'), name: 'orders_partly' }, sync_mode: 'full_refresh', destination_sync_mode: 'overwrite' }],
    });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.rowsCommitted).toBe(10);
    // customer is not granted: it stays empty rather than failing the read.
    expect(
      await engine.query(raw(`SELECT COUNT(AMOUNT) AS AMOUNTS, COUNT(CUSTOMER) AS CUSTOMERS FROM ${schema.toUpperCase()}.ORDERS_PARTLY`)),
    ).toEqual([{ AMOUNTS: 10, CUSTOMERS: 0 }]);
  });

  it('refuses a table whose name is not a valid warehouse identifier before anything is written', async () => {
    const outcome = await sync({
      streams: [{ stream: stream('Order Lines'), sync_mode: 'full_refresh', destination_sync_mode: 'overwrite' }],
    });
    expect(outcome.status).toBe('failed');
    expect(outcome.failure).toMatchObject({ reason: 'destination', retryable: false });
    expect(outcome.failure?.message).toContain('stream name');
    expect(outcome.streams[0]?.rowsRead).toBe(0);
    // Not even the schema was made: the names are checked before the warehouse is touched.
    expect(
      await engine.query(raw(`SELECT schema_name FROM information_schema.schemata WHERE schema_name = '${schema.toUpperCase()}'`)),
    ).toEqual([]);
  });
});
