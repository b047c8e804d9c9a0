/**
 * Per-key rate limits in fixed one-minute windows, counted in the portal store so that every
 * portal instance sharing it counts the same calls: one `INSERT … ON CONFLICT … DO UPDATE …
 * RETURNING` increments and reads the window atomically.
 */
import { sql } from 'kysely';
import { RATE_WINDOW_SECONDS } from '@common/data-api/dataApiRules';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export async function takeCall(db: StoreDb, keyId: string, limit: number, now = new Date()): Promise<RateDecision> {
  const windowMs = RATE_WINDOW_SECONDS * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('data_api_rate_windows')
    .values({ key_id: keyId, window_start: start, calls: 1 })
    .onConflict((conflict) => conflict.columns(['key_id', 'window_start']).doUpdateSet({ calls: sql`data_api_rate_windows.calls + 1` }))
    .returning('calls')
    .executeTakeFirstOrThrow();
  const resetSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: row.calls <= limit, limit, remaining: Math.max(0, limit - row.calls), resetSeconds };
}

/** Drops windows that ended; run now and then (the usage recorder's flush does it). */
export async function pruneWindows(db: StoreDb, now = new Date()): Promise<void> {
  await db.deleteFrom('data_api_rate_windows').where('window_start', '<', new Date(now.getTime() - 2 * RATE_WINDOW_SECONDS * 1000)).execute();
}
