/**
 * `npm run bench:sync`: a 1,000,000-row PostgreSQL table synced by the PostgreSQL source into a
 * temporary embedded warehouse through the engine (`runSyncAttempt`, the connector a real child
 * process): a full refresh, then an incremental connection's first sync and, after 100,000 new
 * rows, its second. Prints rows per second, the time to the first progress report, and the peak
 * resident memory of the connector process and of this (the portal's side: reader and warehouse
 * writer) process, with where this process's memory is at its largest. Aim: at least 50,000 rows/s
 * and under 500 MB.
 *
 * Settings: BENCH_DATABASE_URL (a PostgreSQL the script may create and drop a schema in; without
 * it, Debian's PostgreSQL is started as CI does with .ci/postgres, database dataworks_bench),
 * BENCH_ROWS (default 1000000),
 * BENCH_NEW_ROWS (default 100000). The browser figure is measured by benchSyncLive.ts.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import path from 'node:path';
import pg from 'pg';
import type { AirbyteMessage, ConfiguredAirbyteCatalog } from '../common/integrations/airbyteProtocol.js';
import { builtInConnectorCommand } from '../server/src/features/integrations/builtInConnectors.js';
import { runConnector } from '../server/src/features/integrations/engine/connectorProcess.js';
import { runSyncAttempt, type AttemptOutcome } from '../server/src/features/integrations/engine/syncAttempt.js';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import type { Engine } from '../server/src/platform/warehouse/engine.js';
import { raw } from '../server/src/platform/warehouse/sql.js';
import { timeToFirstProgress } from './benchSyncLive.js';

const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_MB = 500;
const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const newRows = Number(process.env.BENCH_NEW_ROWS ?? 100_000);

function databaseUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  console.log(
    'BENCH_DATABASE_URL is not set: starting Debian’s PostgreSQL on loopback as CI does (.ci/postgres), in a database of its own …',
  );
  // Its own database: the store tests' one may be in use, and .ci/postgres makes its database afresh.
  return (
    execFileSync('bash', ['.ci/postgres'], { encoding: 'utf8', env: { ...process.env, STORE_TEST_PG_DATABASE: 'dataworks_bench' } })
      .trim()
      .split('\n')
      .at(-1) ?? ''
  );
}

/** Peak resident memory (VmHWM) of a process, in MB; null once it has gone. */
function peakMb(pid: number | 'self'): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** This process's memory in MB: Node's heap (its larger spaces), outside it, and resident anonymous vs file-backed. */
function memorySplit(usage: NodeJS.MemoryUsage): string {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const spaces = v8
    .getHeapSpaceStatistics()
    .filter((space) => space.space_size > 4 << 20)
    .map((space) => `${space.space_name} ${mb(space.space_size)}`)
    .join(', ');
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return `Node's heap ${mb(usage.heapTotal)} MB (${mb(usage.heapUsed)} in use; ${spaces}), external ${mb(usage.external)} MB; resident anonymous ${mb(kb('RssAnon'))} MB, file-backed ${mb(kb('RssFile'))} MB`;
}

/** Polls the peak memory of this process's children (the connector) while `work` runs. */
async function watchingChildren<T>(work: () => Promise<T>): Promise<{ result: T; childPeakMb: number }> {
  let childPeakMb = 0;
  const poll = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the name before it may hold spaces, hence the last ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
        childPeakMb = Math.max(childPeakMb, peakMb(Number(entry)) ?? 0);
      } catch {
        // The process ended between listing and reading.
      }
    }
  };
  const timer = setInterval(poll, 100);
  try {
    return { result: await work(), childPeakMb };
  } finally {
    clearInterval(timer);
  }
}

interface Figure {
  name: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  firstProgressMs: number | null;
  connectorPeakMb: number;
}

async function main(): Promise<void> {
  const url = new URL(databaseUrl());
  const schema = `bench_sync_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-sync-'));
  let engine: Engine | null = null;
  try {
    console.log(`Loading ${rows.toLocaleString('en')} rows into ${schema}.orders …`);
    const loadStarted = Date.now();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(
      `CREATE TABLE ${schema}.orders (id bigint PRIMARY KEY, customer_id integer NOT NULL, status text NOT NULL, amount numeric(12,2) NOT NULL, paid boolean NOT NULL, ordered_on date NOT NULL, updated_at timestamp NOT NULL, note text)`,
    );
    const insert = (from: number, to: number) =>
      admin.query(
        `INSERT INTO ${schema}.orders SELECT g, (g % 5000)::integer, (ARRAY['placed','shipped','completed','returned'])[g % 4 + 1], (g % 10000) / 100.0, g % 3 = 0, date '2026-01-01' + (g % 300)::integer, timestamp '2026-01-01' + g * interval '1 second', CASE WHEN g % 7 = 0 THEN 'gift wrap please' END FROM generate_series($1::bigint, $2::bigint) g`,
        [from, to],
      );
    await insert(1, rows);
    await admin.query(`ANALYZE ${schema}.orders`);
    console.log(`Loaded in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s.`);

    const config = {
      host: url.hostname,
      port: Number(url.port || 5432),
      database: decodeURIComponent(url.pathname.slice(1)),
      username: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      schemas: [schema],
    };
    const source = builtInConnectorCommand('source-postgres', process.cwd(), { privateNetworks: true });
    const discovered: AirbyteMessage[] = [];
    await runConnector(source, {
      operation: 'discover',
      config,
      timeoutMs: 60_000,
      memoryLimitMb: 512,
      onMessage: (message) => void discovered.push(message),
    });
    const stream = discovered
      .find((message) => message.type === 'CATALOG')
      ?.catalog?.streams.find((candidate) => candidate.name === 'orders');
    if (!stream) throw new Error('discover did not find the orders table');

    engine = await openDuckDbEngine(path.join(dir, 'warehouse.duckdb'));
    const warehouse = engine;
    // What this process holds before any sync (Node, tsx, the drivers, an open DuckDB), to tell the syncs' own share.
    const baselineMb = process.memoryUsage().rss / 1024 / 1024;
    const figures: Figure[] = [];
    // Where this process's memory is at its largest, sampled: Node's heap by space, and resident
    // memory split into anonymous (heaps: V8's, DuckDB's, the allocator's) and file-backed (code).
    let largest = { rssMb: 0, split: '' };
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      if (usage.rss / 1048576 > largest.rssMb) largest = { rssMb: usage.rss / 1048576, split: memorySplit(usage) };
    }, 50);
    const run = async (name: string, connectionId: string, catalog: ConfiguredAirbyteCatalog) => {
      const started = Date.now();
      let firstProgressMs: number | null = null;
      const { result, childPeakMb } = await watchingChildren<AttemptOutcome>(() =>
        runSyncAttempt({
          source,
          config,
          secrets: [config.password],
          catalog,
          warehouse: { engine: warehouse },
          connectionId,
          defaultSchema: 'RAW',
          generationId: 1,
          timeoutMs: 30 * 60_000,
          memoryLimitMb: 512,
          onProgress: () => {
            firstProgressMs ??= Date.now() - started;
          },
        }),
      );
      if (result.status !== 'succeeded') throw new Error(`${name} ${result.status}: ${result.failure?.message ?? ''}`);
      const seconds = result.durationMs / 1000;
      figures.push({
        name,
        rows: result.rowsCommitted,
        seconds,
        rowsPerSecond: Math.round(result.rowsCommitted / seconds),
        firstProgressMs,
        connectorPeakMb: childPeakMb,
      });
      // What DuckDB itself says it holds (its buffer manager), beside what the process holds.
      const duck = await warehouse.query(
        raw(`SELECT tag, memory_usage_bytes >> 20 AS mb FROM duckdb_memory() WHERE memory_usage_bytes > 4 << 20`),
      );
      console.log(
        `${name}: ${result.rowsCommitted.toLocaleString('en')} rows in ${seconds.toFixed(1)} s; RSS now ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB, peak so far ${peakMb('self')?.toFixed(0)} MB; DuckDB's own count: ${duck.map((row) => `${row.tag} ${row.mb} MB`).join(', ') || 'under 4 MB'}`,
      );
    };

    await run('full refresh (overwrite)', 'bench-full', {
      streams: [{ stream, sync_mode: 'full_refresh', destination_sync_mode: 'overwrite' }],
    });
    const incremental: ConfiguredAirbyteCatalog = {
      streams: [{ stream, sync_mode: 'incremental', cursor_field: ['updated_at'], destination_sync_mode: 'append' }],
    };
    await run('incremental, first sync', 'bench-incremental', incremental);
    await insert(rows + 1, rows + newRows);
    await run(`incremental, +${newRows.toLocaleString('en')} rows`, 'bench-incremental', incremental);

    const portalPeakMb = peakMb('self') ?? 0;
    clearInterval(sampler);
    console.log('Timing "sync now" to the first progress events on a browser’s live stream …');
    const live = await timeToFirstProgress(config, stream);
    console.log('');
    console.log(
      `| sync | rows | seconds | rows/s (aim ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString('en')}) | first progress | connector peak RSS |`,
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const figure of figures) {
      console.log(
        `| ${figure.name} | ${figure.rows.toLocaleString('en')} | ${figure.seconds.toFixed(1)} | ${figure.rowsPerSecond.toLocaleString('en')}${figure.rowsPerSecond < TARGET_ROWS_PER_SECOND ? ' (below aim)' : ''} | ${figure.firstProgressMs ?? '–'} ms | ${figure.connectorPeakMb.toFixed(0)} MB |`,
      );
    }
    console.log(
      `Peak RSS of this process (engine, warehouse writer, DuckDB; aim < ${TARGET_MB} MB): ${portalPeakMb.toFixed(0)} MB${portalPeakMb >= TARGET_MB ? ' (above aim)' : ''}; ${baselineMb.toFixed(0)} MB of it before the first sync.`,
    );
    console.log(`At the largest RSS sampled (${largest.rssMb.toFixed(0)} MB): ${largest.split}.`);
    console.log('First progress: from the start of the attempt to its first progress report (the connector’s estimate), engine side.');
    console.log(
      `In the browser (a portal on loopback, its API and live stream): "sync now" to the first progress event ${live.firstEventMs.toFixed(0)} ms, to the first one with rows ${live.firstRowsMs === null ? 'never' : `${live.firstRowsMs.toFixed(0)} ms`}.`,
    );
  } finally {
    await engine?.close();
    await fs.rm(dir, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
