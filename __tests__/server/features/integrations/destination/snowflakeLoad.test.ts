// The checkpointed writer's Snowflake side, against a recording engine at the warehouse boundary
// (statements and their order; Snowflake itself is exercised by snowflakeLoad.live.test.ts when
// credentials are present): files go up with PUT and into a load table with COPY before the
// checkpoint's transaction; the transaction moves them into the stream's table with its state;
// an overwrite stream's table is swapped in after the last commit; what the sync used is dropped.
import { readFileSync } from 'node:fs';
import type { ConfiguredAirbyteCatalog, DestinationSyncMode, SyncMode } from '@common/integrations/airbyteProtocol';
import { CheckpointWriter } from '../../../../../server/src/features/integrations/destination/checkpointWriter';
import { runSyncAttempt } from '../../../../../server/src/features/integrations/engine/syncAttempt';
import type { Engine, Queryable, Row } from '../../../../../server/src/platform/warehouse/engine';
import type { Sql } from '../../../../../server/src/platform/warehouse/sql';

const CONNECTION = '0f4c2a9e-1b2d-4c3e-8f70-123456789abc';
const LOAD_TABLE = '"RAW_DB"."AIRBYTE_INTERNAL"."_DW_LOAD_0F4C2A9E1B2D4C3E8F70123456789ABC_0"';

interface Recorded {
  text: string;
  params: readonly unknown[];
  inTransaction: boolean;
}

/** Records every statement; answers the few reads the writer makes. */
function recordingSnowflake(answers: { columns?: string[]; states?: string[]; stateTable?: boolean } = {}) {
  const statements: Recorded[] = [];
  const staged: string[] = [];
  let inTransaction = false;
  const answer = (statement: Sql): Row[] => {
    statements.push({ text: statement.text, params: statement.params, inTransaction });
    if (statement.text.startsWith('PUT ')) staged.push(readFileSync(/file:\/\/([^']+)'/.exec(statement.text)?.[1] ?? '', 'utf8'));
    if (statement.text.includes('INFORMATION_SCHEMA.COLUMNS')) return (answers.columns ?? []).map((name) => ({ column_name: name }));
    if (statement.text.includes('INFORMATION_SCHEMA.TABLES')) return answers.stateTable === false ? [] : [{ present: 1 }];
    if (statement.text.includes('TO_JSON(STATE)'))
      return (answers.states ?? []).map((text, index) => ({ STREAM: `s${index}`, STATE: text }));
    return [];
  };
  const engine: Engine = {
    kind: 'snowflake',
    query: async (statement) => answer(statement),
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => {
      inTransaction = true;
      statements.push({ text: 'BEGIN', params: [], inTransaction });
      try {
        const result = await work({ kind: 'snowflake', query: async (statement) => answer(statement) });
        statements.push({ text: 'COMMIT', params: [], inTransaction });
        return result;
      } catch (error) {
        statements.push({ text: 'ROLLBACK', params: [], inTransaction });
        throw error;
      } finally {
        inTransaction = false;
      }
    },
    close: async () => undefined,
  };
  return { engine, statements, staged, texts: () => statements.map((statement) => statement.text) };
}

function catalog(sync: SyncMode, destination: DestinationSyncMode): ConfiguredAirbyteCatalog {
  return {
    streams: [
      {
        stream: {
          name: 'orders',
          namespace: 'raw_shop',
          json_schema: { properties: { id: { type: 'integer' }, status: { type: 'string' }, detail: { type: 'object' } } },
          supported_sync_modes: ['full_refresh', 'incremental'],
        },
        sync_mode: sync,
        destination_sync_mode: destination,
        cursor_field: ['id'],
        primary_key: [['id']],
      },
    ],
  };
}

const record = (id: number) => ({
  stream: 'orders',
  namespace: 'raw_shop',
  emitted_at: Date.UTC(2026, 10, 24),
  data: { id, status: 'placed', detail: { gift: id % 2 === 0 } },
});
const state = (id: number) => ({
  type: 'STREAM' as const,
  stream: { stream_descriptor: { name: 'orders', namespace: 'raw_shop' }, stream_state: { id } },
});
const open = (engine: Engine, sync: SyncMode, destination: DestinationSyncMode, database: string | null = 'RAW_DB') =>
  CheckpointWriter.open(
    { engine, database },
    { connectionId: CONNECTION, catalog: catalog(sync, destination), defaultSchema: 'RAW', generationId: 4 },
  );

it('names everything inside the load database and makes a fresh load table per stream', async () => {
  const snowflake = recordingSnowflake({
    columns: ['ID', 'STATUS', 'DETAIL', '_AIRBYTE_RAW_ID', '_AIRBYTE_EXTRACTED_AT', '_AIRBYTE_META', '_AIRBYTE_GENERATION_ID'],
  });
  const writer = await open(snowflake.engine, 'incremental', 'append');
  const texts = snowflake.texts();
  expect(texts).toContain('CREATE SCHEMA IF NOT EXISTS "RAW_DB"."AIRBYTE_INTERNAL"');
  expect(texts).toContain(
    'CREATE TABLE IF NOT EXISTS "RAW_DB"."AIRBYTE_INTERNAL"."DATAWORKS_SYNC_STATE" (CONNECTION_ID VARCHAR NOT NULL, STREAM VARCHAR NOT NULL, STATE VARIANT NOT NULL, COMMITTED_AT TIMESTAMP_TZ NOT NULL, PRIMARY KEY (CONNECTION_ID, STREAM))',
  );
  expect(texts).toContain(
    'CREATE TABLE IF NOT EXISTS "RAW_DB"."RAW_SHOP"."ORDERS" ("ID" NUMBER(38,0), "STATUS" VARCHAR, "DETAIL" VARIANT, "_AIRBYTE_RAW_ID" VARCHAR NOT NULL, "_AIRBYTE_EXTRACTED_AT" TIMESTAMP_TZ NOT NULL, "_AIRBYTE_META" VARIANT NOT NULL, "_AIRBYTE_GENERATION_ID" NUMBER(38,0))',
  );
  expect(texts).toContain(`CREATE OR REPLACE TRANSIENT TABLE ${LOAD_TABLE} LIKE "RAW_DB"."RAW_SHOP"."ORDERS"`);
  // Columns the table already has are not added again.
  expect(texts.some((text) => text.includes('ADD COLUMN'))).toBe(false);
  await writer.abandon();
});

it('uploads and copies each checkpoint before its transaction, then moves rows and state together', async () => {
  const snowflake = recordingSnowflake({ columns: ['ID', 'STATUS', 'DETAIL'] });
  const writer = await open(snowflake.engine, 'incremental', 'append_dedup');
  snowflake.statements.length = 0;
  for (let id = 1; id <= 3; id += 1) await writer.record(record(id));
  await writer.checkpoint(state(3));
  const texts = snowflake.texts();
  const put = texts.findIndex((text) => text.startsWith('PUT '));
  expect(texts[put]).toMatch(
    /^PUT 'file:\/\/\/[^']+\/\d+\.ndjson' @~\/dataworks_sync\/0f4c2a9e-1b2d-4c3e-8f70-123456789abc\/ AUTO_COMPRESS = TRUE OVERWRITE = TRUE$/,
  );
  expect(texts[put + 1]).toMatch(
    new RegExp(
      `^COPY INTO ${LOAD_TABLE.replace(/[.$"]/g, '\\$&')} \\("ID", "STATUS", "DETAIL", "_AIRBYTE_RAW_ID", "_AIRBYTE_EXTRACTED_AT", "_AIRBYTE_META"\\) FROM \\(SELECT \\$1:c0::NUMBER\\(38,0\\), \\$1:c1::VARCHAR, \\$1:c2, \\$1:_raw_id::VARCHAR, \\$1:_extracted_at::TIMESTAMP_TZ, \\$1:_meta FROM @~/dataworks_sync/0f4c2a9e-1b2d-4c3e-8f70-123456789abc/\\) FILES = \\('\\d+\\.ndjson\\.gz'\\) FILE_FORMAT = \\(TYPE = JSON\\) FORCE = TRUE PURGE = TRUE$`,
    ),
  );
  expect(snowflake.statements[put]?.inTransaction).toBe(false);
  expect(snowflake.statements[put + 1]?.inTransaction).toBe(false);
  // What was uploaded: one JSON line per record, values typed, Airbyte's columns filled.
  const lines = (snowflake.staged[0] ?? '')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatchObject({
    c0: 2,
    c1: 'placed',
    c2: { gift: true },
    _extracted_at: '2026-11-24T00:00:00.000Z',
    _meta: { changes: [], sync_id: 4 },
  });

  const transaction = snowflake.statements.slice(snowflake.statements.findIndex((statement) => statement.text === 'BEGIN'));
  expect(transaction.map((statement) => statement.text.split(' (')[0]?.split(' WHERE')[0])).toEqual([
    'BEGIN',
    'INSERT INTO "RAW_DB"."RAW_SHOP"."ORDERS"',
    'DELETE FROM "RAW_DB"."RAW_SHOP"."ORDERS"',
    `DELETE FROM ${LOAD_TABLE}`,
    'MERGE INTO "RAW_DB"."AIRBYTE_INTERNAL"."DATAWORKS_SYNC_STATE" AS T USING',
    'COMMIT',
  ]);
  expect(transaction[1]?.text).toBe(
    `INSERT INTO "RAW_DB"."RAW_SHOP"."ORDERS" ("ID", "STATUS", "DETAIL", "_AIRBYTE_RAW_ID", "_AIRBYTE_EXTRACTED_AT", "_AIRBYTE_META", "_AIRBYTE_GENERATION_ID") SELECT "ID", "STATUS", "DETAIL", "_AIRBYTE_RAW_ID", "_AIRBYTE_EXTRACTED_AT", "_AIRBYTE_META", ? FROM ${LOAD_TABLE}`,
  );
  expect(transaction[1]?.params).toEqual([4]);
  // Deduplication looks only at the keys the load table brought.
  expect(transaction[2]?.text).toContain(`WHERE ("ID") IN (SELECT "ID" FROM ${LOAD_TABLE})`);
  expect(transaction[4]?.params).toEqual([CONNECTION, 'raw_shop.orders', JSON.stringify(state(3))]);
  expect(transaction[4]?.text).toContain('PARSE_JSON(?) AS STATE');
  await writer.finish();
  // The sync's load table and stage folder go when it ends.
  expect(snowflake.texts().slice(-2)).toEqual([
    `DROP TABLE IF EXISTS ${LOAD_TABLE}`,
    'REMOVE @~/dataworks_sync/0f4c2a9e-1b2d-4c3e-8f70-123456789abc/',
  ]);
});

it("swaps an overwrite stream's new table in after the last commit, never inside a transaction", async () => {
  const snowflake = recordingSnowflake({ columns: ['ID', 'STATUS', 'DETAIL'] });
  const writer = await open(snowflake.engine, 'full_refresh', 'overwrite');
  expect(snowflake.texts()).toContain(
    'CREATE TABLE "RAW_DB"."RAW_SHOP"."_AIRBYTE_TMP_ORDERS" ("ID" NUMBER(38,0), "STATUS" VARCHAR, "DETAIL" VARIANT, "_AIRBYTE_RAW_ID" VARCHAR NOT NULL, "_AIRBYTE_EXTRACTED_AT" TIMESTAMP_TZ NOT NULL, "_AIRBYTE_META" VARIANT NOT NULL, "_AIRBYTE_GENERATION_ID" NUMBER(38,0))',
  );
  await writer.record(record(1));
  await writer.finish();
  const swap = snowflake.statements.find((statement) => statement.text.includes('SWAP WITH'));
  expect(swap).toEqual({
    text: 'ALTER TABLE "RAW_DB"."RAW_SHOP"."ORDERS" SWAP WITH "RAW_DB"."RAW_SHOP"."_AIRBYTE_TMP_ORDERS"',
    params: [],
    inTransaction: false,
  });
  const texts = snowflake.texts();
  expect(texts.indexOf(swap?.text ?? '')).toBeGreaterThan(texts.lastIndexOf('COMMIT'));
  expect(texts[texts.indexOf(swap?.text ?? '') + 1]).toBe('DROP TABLE "RAW_DB"."RAW_SHOP"."_AIRBYTE_TMP_ORDERS"');
  // Overwrite streams keep no state: a failed sync starts over.
  expect(texts.some((text) => text.startsWith('MERGE'))).toBe(false);
});

it('reads the committed state back from its JSON text', async () => {
  const snowflake = recordingSnowflake({ states: [JSON.stringify(state(42))] });
  expect(await CheckpointWriter.committedState({ engine: snowflake.engine, database: 'RAW_DB' }, CONNECTION)).toEqual([state(42)]);
  expect(snowflake.statements.at(-1)).toMatchObject({
    text: 'SELECT STREAM, TO_JSON(STATE) AS STATE FROM "RAW_DB"."AIRBYTE_INTERNAL"."DATAWORKS_SYNC_STATE" WHERE CONNECTION_ID = ? ORDER BY STREAM',
    params: [CONNECTION],
  });
  const empty = recordingSnowflake({ stateTable: false });
  expect(await CheckpointWriter.committedState({ engine: empty.engine, database: 'RAW_DB' }, CONNECTION)).toEqual([]);
});

it('refuses a sync into Snowflake without a load database, in words, before the connector runs', async () => {
  const snowflake = recordingSnowflake();
  const outcome = await runSyncAttempt({
    source: { command: '/nonexistent/connector', args: [], runtime: 'executable' },
    config: {},
    secrets: [],
    catalog: catalog('incremental', 'append'),
    warehouse: { engine: snowflake.engine, database: null },
    connectionId: CONNECTION,
    defaultSchema: 'RAW',
    generationId: 1,
    timeoutMs: 5000,
    memoryLimitMb: 64,
  });
  expect(outcome).toMatchObject({
    status: 'failed',
    failure: {
      reason: 'destination',
      retryable: false,
      message:
        'The warehouse could not be prepared: Syncs into Snowflake need a load database: set "loadDatabase" for the organisation in the warehouse connections file.',
    },
  });
  expect(snowflake.statements).toEqual([]);
});
