// Reads one table (or view) as a stream, through a server-side cursor so that only one batch of
// rows is ever in memory, inside one read-only REPEATABLE READ transaction so the whole read sees
// one snapshot of the table.
//
// Incremental reads ask for `WHERE cursor > $last ORDER BY cursor` and checkpoint as they go. A
// checkpoint is only placed where the cursor value changes, and holds the value of the rows just
// before it: every row with that value (and any lower one) has then been emitted, so a run resumed
// with `> last` neither repeats nor skips rows, even when many rows share a cursor value at the
// boundary (the alternative, `>=` and dropping repeats by primary key, needs a key every stream
// may not have). A value shared by more rows than a checkpoint interval only delays the checkpoint.
import type { ConfiguredAirbyteStream, StreamDescriptor } from '@common/integrations/airbyteProtocol';
import type pg from 'pg';
import { ConfigError, type Emitter } from '../kit/connectorKit.js';
import { quoteIdent } from './postgresConnection.js';

/** Rows fetched from the server-side cursor at a time. */
const FETCH_ROWS = 5000;
/** A checkpoint after at least this many rows… */
const STATE_EVERY_ROWS = 50_000;
/** …or this long, whichever comes first (at the next change of cursor value). */
const STATE_EVERY_MS = 10_000;
/** The cursor's text form travels in this extra column (exact for numerics and timestamps, bound back as it is). */
const CURSOR_TEXT = '__dataworks_cursor_text';
/**
 * Sort memory of the read's own transaction (SET LOCAL: gone at its end). An incremental read
 * sorts its new rows by the cursor, usually without an index; PostgreSQL's default 4 MB sends a
 * sort of 100,000 rows to disk (a third slower), 64 MB keeps a few hundred thousand in memory.
 */
const READ_WORK_MEM = '64MB';

export interface StreamPosition {
  cursor_field: string;
  cursor: string;
}

export interface TableRead {
  client: pg.Client;
  configured: ConfiguredAirbyteStream;
  /** The table's real columns (from discovery), to read only those the catalog and table share. */
  tableColumns: readonly string[];
  saved: Record<string, unknown> | null;
  emit: Emitter;
}

function selectedColumns(configured: ConfiguredAirbyteStream, tableColumns: readonly string[]): string[] {
  const wanted = Object.keys((configured.stream.json_schema.properties ?? {}) as Record<string, unknown>);
  const present = new Set(tableColumns);
  const columns = wanted.filter((column) => present.has(column));
  if (!columns.length)
    throw new ConfigError(
      `None of the selected fields of ${configured.stream.namespace ?? ''}.${configured.stream.name} exist in the table any more; refresh the source's schema.`,
    );
  return columns;
}

function cursorOf(configured: ConfiguredAirbyteStream, tableColumns: readonly string[]): string | null {
  if (configured.sync_mode !== 'incremental') return null;
  const cursor = configured.cursor_field;
  if (!cursor?.length) throw new ConfigError(`Stream ${configured.stream.name}: an incremental sync needs a cursor field.`);
  if (cursor.length !== 1 || !tableColumns.includes(cursor[0] ?? ''))
    throw new ConfigError(`Stream ${configured.stream.name}: the cursor field ${cursor.join('.')} is not a column of the table.`);
  return cursor[0] ?? null;
}

/** Whether the table declares the column NOT NULL (then no row can lack a cursor value, and none need counting). */
async function declaredNotNull(client: pg.Client, table: string, column: string): Promise<boolean> {
  const result = await client.query<{ notnull: boolean }>(
    'SELECT attnotnull AS notnull FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2 AND NOT attisdropped',
    [table, column],
  );
  return result.rows[0]?.notnull === true;
}

async function rowEstimate(client: pg.Client, table: string): Promise<number | null> {
  const result = await client.query<{ estimate: string | number | null }>(
    'SELECT reltuples::bigint AS estimate FROM pg_class WHERE oid = to_regclass($1)',
    [table],
  );
  const estimate = Number(result.rows[0]?.estimate ?? -1);
  // -1: never analysed (PostgreSQL 14 and later); views have no estimate.
  return estimate >= 0 ? estimate : null;
}

export async function readTable({ client, configured, tableColumns, saved, emit }: TableRead): Promise<void> {
  const descriptor: StreamDescriptor = { name: configured.stream.name, namespace: configured.stream.namespace };
  const table = `${quoteIdent(configured.stream.namespace ?? 'public')}.${quoteIdent(configured.stream.name)}`;
  const columns = selectedColumns(configured, tableColumns);
  const cursorField = cursorOf(configured, tableColumns);
  // A saved position counts only for the cursor it was taken on; a new cursor starts from the beginning.
  const position =
    cursorField && saved?.cursor_field === cursorField && typeof saved.cursor === 'string' ? (saved as unknown as StreamPosition) : null;

  await emit.status(descriptor, 'STARTED');
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    await client.query(`SET LOCAL work_mem = '${READ_WORK_MEM}'`);
    if (!position) {
      const estimate = await rowEstimate(client, table);
      if (estimate !== null) await emit.estimate(descriptor, estimate);
    }
    const list = columns.map(quoteIdent).join(', ');
    const parameters: unknown[] = [];
    let query = `SELECT ${list} FROM ${table}`;
    if (cursorField) {
      const cursor = quoteIdent(cursorField);
      // Counting rows without a cursor value reads the whole table: only when the table allows them.
      const nullRows = (await declaredNotNull(client, table, cursorField))
        ? 0
        : Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${cursor} IS NULL`)).rows[0]?.n ?? 0);
      if (nullRows > 0)
        await emit.log(
          'WARN',
          `${nullRows} rows of ${configured.stream.name} have no ${cursorField} and are not read by incremental syncs.`,
        );
      query = `SELECT ${list}, ${cursor}::text AS ${CURSOR_TEXT} FROM ${table} WHERE ${cursor} IS NOT NULL`;
      if (position) {
        parameters.push(position.cursor);
        query += ` AND ${cursor} > $1`;
      }
      query += ` ORDER BY ${cursor}`;
    }
    await client.query(`DECLARE dataworks_read NO SCROLL CURSOR FOR ${query}`, parameters);

    // Intermediate checkpoints for incremental streams and for overwrites (whose rows stay in a
    // staging table until the sync succeeds); a full refresh appended to its table commits once at
    // the end, so a failed attempt cannot leave half a copy beside the previous one.
    const checkpoints = cursorField !== null || configured.destination_sync_mode === 'overwrite';
    let last: string | null = position?.cursor ?? null;
    let rows = 0;
    let sinceState = 0;
    let stateAt = Date.now();
    // Rows come as arrays (the selected columns, then the cursor's text) and each record's data is
    // built key by key in the same order, so every record shares one object shape and serialises
    // on V8's fast path (removing the cursor's text from a driver-made row object did not).
    // The next batch is asked for before this one is emitted: the server reads it meanwhile.
    const fetchBatch = () => {
      const fetched = client.query<unknown[]>({ text: `FETCH ${FETCH_ROWS} FROM dataworks_read`, rowMode: 'array' });
      // Awaited in the next turn; until then a failure (the read stopped, the connection lost) must not go unhandled.
      fetched.catch(() => undefined);
      return fetched;
    };
    let next = fetchBatch();
    for (;;) {
      const batch = await next;
      if (!batch.rows.length) break;
      next = fetchBatch();
      const emittedAt = Date.now();
      for (const values of batch.rows) {
        const data: Record<string, unknown> = {};
        for (let index = 0; index < columns.length; index += 1) data[columns[index] as string] = values[index];
        if (cursorField) {
          const value = values[columns.length] as string;
          if (value !== last && last !== null && sinceState >= STATE_EVERY_ROWS) {
            await emit.state(descriptor, { cursor_field: cursorField, cursor: last } satisfies StreamPosition);
            sinceState = 0;
            stateAt = Date.now();
          }
          last = value;
        } else if (checkpoints && sinceState >= STATE_EVERY_ROWS) {
          await emit.state(descriptor, { rows_read: rows });
          sinceState = 0;
          stateAt = Date.now();
        }
        await emit.record(descriptor, data, emittedAt);
        rows += 1;
        sinceState += 1;
      }
      // A slow table still checkpoints by time: the next cursor change after the interval commits.
      if (Date.now() - stateAt >= STATE_EVERY_MS && sinceState > 0) sinceState = Math.max(sinceState, STATE_EVERY_ROWS);
    }
    await client.query('CLOSE dataworks_read');
    await client.query('COMMIT');
    if (cursorField && last !== null) await emit.state(descriptor, { cursor_field: cursorField, cursor: last } satisfies StreamPosition);
    await emit.log('INFO', `Read ${rows} rows from ${configured.stream.namespace ?? 'public'}.${configured.stream.name}.`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  await emit.status(descriptor, 'COMPLETE');
}
