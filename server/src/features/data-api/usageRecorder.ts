/**
 * One usage row per data call (endpoint, version, key, status, latency, rows, time), written
 * after the answer in batches so a call never waits on it: rows collect in memory and are
 * inserted every second (or at 500 rows), together with the keys' "last used" times. A crash
 * loses at most the last second of usage rows; the calls themselves were answered.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StoreDb } from '../../platform/store/openStore.js';
import { pruneWindows } from './rateLimiter.js';

export interface CallRecord {
  organisation: string;
  endpointId: string | null;
  endpointName: string;
  version: number | null;
  keyId: string | null;
  status: number;
  latencyMs: number;
  rows: number;
  at: Date;
}

const FLUSH_MS = 1000;
const FLUSH_ROWS = 500;

export class UsageRecorder {
  private pending: CallRecord[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private flushes = 0;

  constructor(
    private readonly db: StoreDb,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  record(call: CallRecord): void {
    this.pending.push(call);
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
  }

  /** Writes what has collected; resolves when it is in the store. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    const lastUsed = new Map<string, Date>();
    for (const call of batch)
      if (call.keyId && (lastUsed.get(call.keyId)?.getTime() ?? 0) < call.at.getTime()) lastUsed.set(call.keyId, call.at);
    try {
      await this.db.transaction().execute(async (tx) => {
        await tx
          .insertInto('data_api_calls')
          .values(
            batch.map((call) => ({
              organisation_id: call.organisation,
              endpoint_id: call.endpointId,
              endpoint_name: call.endpointName,
              version: call.version,
              key_id: call.keyId,
              status: call.status,
              latency_ms: call.latencyMs,
              rows: call.rows,
              called_at: call.at,
            })),
          )
          .execute();
        for (const [keyId, at] of lastUsed)
          await tx.updateTable('data_api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
      });
      this.flushes += 1;
      if (this.flushes % 60 === 0) await pruneWindows(this.db);
    } catch (error) {
      this.log.error({ err: error, calls: batch.length }, 'could not record data API usage');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
