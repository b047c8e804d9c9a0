// Settles the audit intents of warehouse changes whose process died between recording the
// intent and recording the outcome (a crash, a kill -9, a lost store connection): the change
// is planned again against the warehouse, which tells whether it is in effect. Runs at start-up
// and then every minute as a scheduled job (one run across all portal instances), for intents
// of other processes only; with PostgreSQL, where several portal processes may share the store,
// an intent must also be older than any change can take, so a live process's change in flight
// is left to that process.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SYSTEM_ORGANISATION, type JobRunner } from '../../../platform/jobs/index.js';
import { pendingIntents, settleIntent } from '../../../platform/store/audit.js';
import type { Store } from '../../../platform/store/openStore.js';
import type { WarehouseRegistry } from '../index.js';
import { PORTAL_INSTANCE, WAREHOUSE_ACTION_PREFIX } from './auditedWrite.js';

/** Longer than any warehouse change takes (statement time-outs are shorter). */
const IN_FLIGHT_SECONDS = 120;

export async function settleInterruptedChanges(store: Store, registry: WarehouseRegistry, log: FastifyBaseLogger): Promise<number> {
  // PGlite is opened by one process only, so no other process can still be working on an intent.
  const olderThanSeconds = store.engine === 'pglite' ? 0 : IN_FLIGHT_SECONDS;
  const pending = await pendingIntents(store.db, {
    exceptInstance: PORTAL_INSTANCE,
    olderThanSeconds,
    actionPrefix: WAREHOUSE_ACTION_PREFIX,
  });
  let settled = 0;
  for (const entry of pending) {
    const change = (entry.details as { change?: unknown }).change;
    try {
      const warehouse = await registry.forOrganisation(entry.organisation_id);
      const inEffect = await warehouse.changeInEffect(change);
      await settleIntent(store.db, entry.id, inEffect ? 'applied' : 'not_applied', { recoveredAt: new Date().toISOString() });
      settled += 1;
      log.warn(
        { auditId: entry.id, action: entry.action, target: entry.target, outcome: inEffect ? 'applied' : 'not_applied' },
        'settled a warehouse change interrupted before its outcome was recorded',
      );
    } catch (error) {
      log.error(
        { err: error, auditId: entry.id, action: entry.action },
        'could not settle an interrupted warehouse change; it stays pending',
      );
    }
  }
  return settled;
}

export const CHANGE_RECOVERY_JOB = 'warehouse.settleInterruptedChanges';

/** Runs the recovery now (before the server answers), then every minute on the job runner. */
export async function startChangeRecovery(
  store: Store,
  registry: WarehouseRegistry,
  jobs: JobRunner,
  log: FastifyBaseLogger,
): Promise<void> {
  await settleInterruptedChanges(store, registry, log);
  jobs.define(
    CHANGE_RECOVERY_JOB,
    async () => ({ settled: await settleInterruptedChanges(store, registry, log) }),
    // A failed sweep is simply the next minute's work.
    { payload: z.object({}), maxAttempts: 1 },
  );
  await jobs.schedule({
    name: CHANGE_RECOVERY_JOB,
    kind: CHANGE_RECOVERY_JOB,
    organisation: SYSTEM_ORGANISATION,
    every: 60_000,
    payload: {},
  });
}
