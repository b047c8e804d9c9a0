/**
 * One usage sync: brings an organisation's usage copy up to date with its account.
 *
 * 1. Historical views (usageViews.ts), each from its watermark less its safety window (or, the
 *    first time, from the start of the backfill period) to now, in slices. Each slice is read
 *    from the account first, then replaces the same slice of the copy in one transaction that
 *    also moves the view's watermark: a sync that fails or is cancelled leaves every slice
 *    either as it was or fully replaced, and the next sync goes on from the last watermark.
 * 2. Object views (users, roles, grants), replaced whole, one transaction each.
 * 3. The cost attribution (DATAWORKS.QUERY_COST, WAREHOUSE_HOUR_COST, QUERY_GAPS) recomputed
 *    with the very statements of analytics/attribution.ts and gaps.ts, from two days before
 *    the earliest change (a query's hours are shared with the queries that ran beside it), in
 *    one transaction.
 *
 * Every statement sent to the account carries SYNC_QUERY_MARK, so the sync's own cost shows
 * in the account's QUERY_HISTORY (and so in the copy) and the page can report it.
 */
import { randomUUID } from 'node:crypto';
import { DAY_MS, utcDayOf } from '@common/time/utcDay';
import type { Queryable, Row } from '../../../platform/warehouse/engine.js';
import { raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import {
  queryCostDailySelect,
  queryCostDailyTopSelect,
  queryCostSelect,
  ts,
  warehouseHourCostSelect,
  windowText,
} from '../../../platform/warehouse/attribution.js';
import { queryGapsSelect } from '../../../platform/warehouse/gaps.js';
import { loadStaged, removeStaged, stageSlice, tableColumns, type ColumnType, type StagedSlice, quoted } from './stagedRows.js';
import { usageStagingDir, type UsageCopy } from './usageCopy.js';
import { copyState } from './usageStatus.js';
import { historicalViews, objectViews, SYNC_QUERY_MARK, USAGE_VIEWS, type HistoricalView, type ObjectView } from './usageViews.js';

const HOUR_MS = 3_600_000;
/** The attribution shares an hour's credits among the queries of that hour; queries run up to 48 hours. */
const ATTRIBUTION_LOOKBACK_MS = 2 * DAY_MS;

export interface SyncProgress {
  fraction: number;
  message: string;
}

export interface UsageSyncOptions {
  /** The account: a Snowflake connection or the embedded sample. */
  source: Queryable;
  copy: UsageCopy;
  /** How far back the first sync reads. */
  backfillDays: number;
  now?: () => Date;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}

export interface UsageSyncResult {
  runId: string;
  kind: 'backfill' | 'incremental';
  rowsCopied: number;
  sourceStatements: number;
  milliseconds: number;
  views: Array<{ name: string; rows: number }>;
}

export class UsageSyncCancelledError extends Error {
  constructor() {
    super('The usage sync was cancelled.');
    this.name = 'UsageSyncCancelledError';
  }
}

export class UsageSyncBusyError extends Error {
  constructor() {
    super('A usage sync is already running for this organisation.');
    this.name = 'UsageSyncBusyError';
  }
}

/** Copies whose sync is running in this process (a second one is refused, not queued). */
const running = new Set<string>();

function floorTo(time: number, unitMs: number): number {
  return Math.floor(time / unitMs) * unitMs;
}

function cutValue(view: HistoricalView, columns: readonly ColumnType[], time: number): Sql {
  const isDate = columns.find((column) => column.name === view.cutColumn)?.type === 'DATE';
  return isDate ? sql`CAST(${utcDayOf(time)} AS DATE)` : ts(windowText(new Date(time)));
}

function columnList(columns: readonly ColumnType[]): Sql {
  return raw(columns.map((column) => quoted(column.name)).join(', '));
}

class SyncRun {
  readonly id = randomUUID();
  statements = 0;
  rows = 0;
  readonly perView = new Map<string, number>();
  private readonly stagingDir: string;

  constructor(private readonly options: UsageSyncOptions) {
    this.stagingDir = usageStagingDir(options.copy.file);
  }

  get copy(): UsageCopy['engine'] {
    return this.options.copy.engine;
  }

  checkCancelled(): void {
    if (this.options.signal?.aborted) throw new UsageSyncCancelledError();
  }

  /** A statement on the account, marked and counted. */
  async readSource(statement: Sql): Promise<Row[]> {
    this.checkCancelled();
    this.statements += 1;
    return this.options.source.query(sql`${raw(SYNC_QUERY_MARK)} ${statement}`);
  }

  /** A slice read from the account into a staging file (see stagedRows.ts), marked and counted. */
  async stageFromSource(select: Sql, columns: readonly ColumnType[]): Promise<StagedSlice> {
    this.checkCancelled();
    this.statements += 1;
    return stageSlice(this.options.source, sql`${raw(SYNC_QUERY_MARK)} ${select}`, columns, this.stagingDir);
  }

  counted(view: string, rows: number): void {
    this.rows += rows;
    this.perView.set(view, (this.perView.get(view) ?? 0) + rows);
  }
}

async function watermarks(copy: Queryable): Promise<Map<string, number>> {
  const rows = await copy.query(sql`SELECT VIEW_NAME, READ_TO FROM USAGE_SYNC.WATERMARKS`);
  const out = new Map<string, number>();
  for (const row of rows) {
    if (row.READ_TO instanceof Date) out.set(String(row.VIEW_NAME), row.READ_TO.getTime());
  }
  return out;
}

function setWatermark(tx: Queryable, view: string, readTo: number, now: number, rows: number): Promise<Row[]> {
  return tx.query(
    sql`INSERT INTO USAGE_SYNC.WATERMARKS (VIEW_NAME, READ_TO, SYNCED_AT, ROWS_COPIED)
        VALUES (${view}, ${ts(windowText(new Date(readTo)))}, ${ts(windowText(new Date(now)))}, ${rows})
        ON CONFLICT (VIEW_NAME) DO UPDATE SET READ_TO = EXCLUDED.READ_TO, SYNCED_AT = EXCLUDED.SYNCED_AT,
          ROWS_COPIED = USAGE_SYNC.WATERMARKS.ROWS_COPIED + EXCLUDED.ROWS_COPIED`,
  );
}

/** The slices of `view` this sync reads: [start, end) pairs in ms. */
async function slicesOf(
  run: SyncRun,
  view: HistoricalView,
  columns: readonly ColumnType[],
  from: number,
  to: number,
  firstTime: boolean,
): Promise<Array<[number, number]>> {
  let start = from;
  if (firstTime) {
    // A backfill starts at the account's first row, not at an empty year before it.
    const rows = await run.readSource(
      sql`SELECT MIN(${raw(`"${view.cutColumn}"`)}) AS "first" FROM ACCOUNT_USAGE.${raw(view.name)} WHERE ${raw(`"${view.cutColumn}"`)} >= ${cutValue(view, columns, from)}`,
    );
    const first = rows[0]?.first;
    if (!(first instanceof Date)) return [];
    start = Math.max(from, floorTo(first.getTime(), DAY_MS));
  }
  const slices: Array<[number, number]> = [];
  for (let at = start; at < to; at += view.sliceMs) slices.push([at, Math.min(at + view.sliceMs, to)]);
  return slices;
}

/** Copies one historical view; returns the earliest time whose attribution must be recomputed (or null). */
async function syncHistorical(
  run: SyncRun,
  view: HistoricalView,
  now: number,
  backfillFrom: number,
  readTo: number | undefined,
  report: (done: number) => void,
): Promise<number | null> {
  const columns = await tableColumns(run.copy, 'ACCOUNT_USAGE', view.name);
  const isDate = columns.find((column) => column.name === view.cutColumn)?.type === 'DATE';
  const unit = isDate ? DAY_MS : 1000;
  const from = floorTo(readTo === undefined ? backfillFrom : Math.max(backfillFrom, readTo - view.rereadMs), unit);
  // A daily view's today is a row too (still growing): read through the end of today.
  const until = isDate ? floorTo(now, DAY_MS) + DAY_MS : now;
  const slices = await slicesOf(run, view, columns, from, until, readTo === undefined);
  const cut = raw(`"${view.cutColumn}"`);
  for (const [index, [start, end]] of slices.entries()) {
    const staged = await run.stageFromSource(
      sql`SELECT ${columnList(columns)} FROM ACCOUNT_USAGE.${raw(view.name)} WHERE ${cut} >= ${cutValue(view, columns, start)} AND ${cut} < ${cutValue(view, columns, end)}`,
      columns,
    );
    try {
      run.checkCancelled();
      await run.copy.transaction(async (tx) => {
        await tx.query(
          sql`DELETE FROM ACCOUNT_USAGE.${raw(view.name)} WHERE ${cut} >= ${cutValue(view, columns, start)} AND ${cut} < ${cutValue(view, columns, end)}`,
        );
        const inserted = await loadStaged(tx, staged, 'ACCOUNT_USAGE', view.name, columns);
        await setWatermark(tx, view.name, end, now, inserted);
        run.counted(view.name, inserted);
      });
    } finally {
      await removeStaged(staged);
    }
    report((index + 1) / slices.length);
  }
  if (slices.length === 0) {
    await run.copy.transaction((tx) => setWatermark(tx, view.name, until, now, 0));
    return null;
  }
  if (view.name === 'QUERY_HISTORY') {
    // Queries reported in the window may have started long before it.
    const rows = await run.copy.query(
      sql`SELECT MIN(START_TIME) AS "first" FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE END_TIME >= ${cutValue(view, columns, from)}`,
    );
    const first = rows[0]?.first;
    return first instanceof Date ? Math.min(first.getTime(), from) : from;
  }
  return from;
}

async function syncObject(run: SyncRun, view: ObjectView, now: number): Promise<void> {
  const columns = await tableColumns(run.copy, 'ACCOUNT_USAGE', view.name);
  const staged = await run.stageFromSource(sql`SELECT ${columnList(columns)} FROM ACCOUNT_USAGE.${raw(view.name)}`, columns);
  try {
    run.checkCancelled();
    await run.copy.transaction(async (tx) => {
      await tx.query(sql`DELETE FROM ACCOUNT_USAGE.${raw(view.name)}`);
      const inserted = await loadStaged(tx, staged, 'ACCOUNT_USAGE', view.name, columns);
      await setWatermark(tx, view.name, now, now, inserted);
      run.counted(view.name, inserted);
    });
  } finally {
    await removeStaged(staged);
  }
}

/** Recomputes the cost attribution of everything from `from` on. */
async function recomputeAttribution(copy: UsageCopy['engine'], from: number, now: number): Promise<void> {
  const start = floorTo(from - ATTRIBUTION_LOOKBACK_MS, HOUR_MS);
  const window = { start: windowText(new Date(start)), end: windowText(new Date(now + DAY_MS)) };
  // Gaps need the query before the first one of the window.
  const gapsWindow = { start: windowText(new Date(start - DAY_MS)), end: window.end };
  await copy.transaction(async (tx) => {
    await tx.query(sql`DELETE FROM DATAWORKS.QUERY_COST WHERE START_TIME >= ${ts(window.start)}`);
    await tx.query(sql`INSERT INTO DATAWORKS.QUERY_COST SELECT * FROM (${queryCostSelect(window)}) ORDER BY START_TIME`);
    // The daily rollup and each day's top queries, of whole days from the first recomputed day on
    // (the window starts on an hour).
    const firstDay = windowText(new Date(floorTo(start, DAY_MS)));
    await tx.query(sql`DELETE FROM DATAWORKS.QUERY_COST_DAILY WHERE DAY >= CAST(${ts(firstDay)} AS DATE)`);
    await tx.query(
      sql`INSERT INTO DATAWORKS.QUERY_COST_DAILY SELECT * FROM (${queryCostDailySelect({ start: firstDay, end: window.end })}) ORDER BY DAY`,
    );
    await tx.query(sql`DELETE FROM DATAWORKS.QUERY_COST_DAILY_TOP WHERE START_TIME >= ${ts(firstDay)}`);
    await tx.query(
      sql`INSERT INTO DATAWORKS.QUERY_COST_DAILY_TOP SELECT * FROM (${queryCostDailyTopSelect({ start: firstDay, end: window.end })}) ORDER BY START_TIME`,
    );
    await tx.query(sql`DELETE FROM DATAWORKS.WAREHOUSE_HOUR_COST WHERE HOUR_START >= ${ts(window.start)}`);
    await tx.query(
      sql`INSERT INTO DATAWORKS.WAREHOUSE_HOUR_COST SELECT * FROM (${warehouseHourCostSelect(window)}) ORDER BY HOUR_START, WAREHOUSE_NAME`,
    );
    await tx.query(sql`DELETE FROM DATAWORKS.QUERY_GAPS WHERE START_TIME >= ${ts(window.start)}`);
    await tx.query(
      sql`INSERT INTO DATAWORKS.QUERY_GAPS SELECT * FROM (${queryGapsSelect(gapsWindow)}) WHERE START_TIME >= ${ts(window.start)} ORDER BY START_TIME`,
    );
  });
}

async function recordRun(
  copy: UsageCopy['engine'],
  run: SyncRun,
  kind: string,
  startedAt: number,
  status: string,
  error: string | null,
): Promise<void> {
  await copy.transaction((tx) =>
    tx.query(
      sql`INSERT INTO USAGE_SYNC.RUNS (RUN_ID, KIND, STARTED_AT, FINISHED_AT, STATUS, ROWS_COPIED, SOURCE_STATEMENTS, ERROR)
          VALUES (${run.id}, ${kind}, ${ts(windowText(new Date(startedAt)))}, now(), ${status}, ${run.rows}, ${run.statements}, ${error})`,
    ),
  );
}

/** Runs one sync of `options.copy` from `options.source`. Rejects with UsageSyncBusyError when one is already running here. */
export async function syncUsage(options: UsageSyncOptions): Promise<UsageSyncResult> {
  const key = options.copy.file;
  if (running.has(key)) throw new UsageSyncBusyError();
  running.add(key);
  const run = new SyncRun(options);
  const startedAt = Date.now();
  const now = (options.now?.() ?? new Date()).getTime();
  const backfillFrom = floorTo(now - options.backfillDays * DAY_MS, DAY_MS);
  let kind: 'backfill' | 'incremental' = 'incremental';
  try {
    const marks = await watermarks(run.copy);
    // Until one sync has finished, every sync is (the rest of) the backfill.
    kind = (await copyState(run.copy)).ready ? 'incremental' : 'backfill';
    const totalWeight = USAGE_VIEWS.reduce((sum, view) => sum + view.weight, 0) + 2;
    let doneWeight = 0;
    const report = (view: { name: string; weight: number }, fraction: number) =>
      options.onProgress?.({
        fraction: Math.min(0.99, (doneWeight + view.weight * fraction) / totalWeight),
        message: `${kind === 'backfill' ? 'Backfilling' : 'Copying'} ${view.name}`,
      });

    let recomputeFrom: number | null = null;
    for (const view of historicalViews()) {
      report(view, 0);
      const changed = await syncHistorical(run, view, now, backfillFrom, marks.get(view.name), (fraction) => report(view, fraction));
      if (changed !== null && ['QUERY_HISTORY', 'WAREHOUSE_METERING_HISTORY', 'METERING_DAILY_HISTORY'].includes(view.name)) {
        recomputeFrom = recomputeFrom === null ? changed : Math.min(recomputeFrom, changed);
      }
      doneWeight += view.weight;
    }
    for (const view of objectViews()) {
      report(view, 0);
      await syncObject(run, view, now);
      doneWeight += view.weight;
    }
    run.checkCancelled();
    options.onProgress?.({ fraction: doneWeight / totalWeight, message: 'Attributing cost to queries' });
    if (recomputeFrom !== null) await recomputeAttribution(run.copy, recomputeFrom, now);
    await recordRun(run.copy, run, kind, startedAt, 'succeeded', null);
    options.onProgress?.({ fraction: 1, message: 'Done' });
    return {
      runId: run.id,
      kind,
      rowsCopied: run.rows,
      sourceStatements: run.statements,
      milliseconds: Date.now() - startedAt,
      views: [...run.perView.entries()].map(([name, rows]) => ({ name, rows })),
    };
  } catch (error) {
    const cancelled = error instanceof UsageSyncCancelledError;
    const message = error instanceof Error ? error.message : String(error);
    await recordRun(run.copy, run, kind, startedAt, cancelled ? 'cancelled' : 'failed', cancelled ? null : message).catch(() => undefined);
    throw error;
  } finally {
    running.delete(key);
  }
}
