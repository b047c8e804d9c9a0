// One ingestion at a time per organisation, across portal instances: a row in
// dbt_ingestion_locks, held as a lease of the live process (the job runner's pattern). The holder
// renews it every few seconds while it ingests; a holder that died stops renewing, and its lock
// lapses LEASE_SECONDS later. A successor on the same host does not wait even that long: it sees
// that the holding process is gone (or that its process id now belongs to this new process, as
// with pid 1 in a container) and takes the lock over at once. The row names who holds it, so a
// refused upload says which ingestion is running.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { StoreDb } from '../../platform/store/openStore.js';
import { IngestionBusyError } from './errors.js';

/** A lock not renewed for this long is free. */
export const LEASE_SECONDS = 30;
const RENEW_MS = 10_000;

/** This process, as the lock rows name it. */
const INSTANCE = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;

export interface IngestionLock {
  holder: string;
  release(): Promise<void>;
}

interface LockRow {
  holder: string;
  started_at: Date | string;
  instance_id: string;
  host: string;
  pid: number;
}

/** Whether the process holding `row` has certainly ended (same host only; other hosts' leases decide). */
function holderIsGone(row: LockRow): boolean {
  if (row.host !== hostname() || row.instance_id === INSTANCE) return false;
  // Same process id, another instance: an earlier run of this process id.
  if (row.pid === process.pid) return true;
  try {
    process.kill(row.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Takes the organisation's ingestion lock, or says who holds it. */
export async function acquireIngestionLock(db: StoreDb, organisation: string, label: string): Promise<IngestionLock> {
  const holder = `${label} #${randomUUID().slice(0, 8)}`;
  const leaseUntil = sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`;
  for (let attempt = 0; ; attempt += 1) {
    const taken = await db
      .insertInto('dbt_ingestion_locks')
      .values({ organisation_id: organisation, holder, instance_id: INSTANCE, host: hostname(), pid: process.pid, lease_until: leaseUntil })
      .onConflict((oc) =>
        oc
          .column('organisation_id')
          .doUpdateSet({
            holder,
            instance_id: INSTANCE,
            host: hostname(),
            pid: process.pid,
            started_at: sql<Date>`now()`,
            lease_until: leaseUntil,
          })
          .where('dbt_ingestion_locks.lease_until', '<', sql<Date>`now()`),
      )
      .returning('holder')
      .executeTakeFirst();
    if (taken?.holder === holder) return held(db, organisation, holder);
    const current = await db
      .selectFrom('dbt_ingestion_locks')
      .select(['holder', 'started_at', 'instance_id', 'host', 'pid'])
      .where('organisation_id', '=', organisation)
      .executeTakeFirst();
    if (attempt < 2 && (!current || holderIsGone(current))) {
      // Released in between, or left by a process that has ended: take it over now.
      if (current)
        await db
          .deleteFrom('dbt_ingestion_locks')
          .where('organisation_id', '=', organisation)
          .where('instance_id', '=', current.instance_id)
          .execute();
      continue;
    }
    throw new IngestionBusyError(
      current?.holder.replace(/ #\w+$/, '') ?? 'another ingestion',
      current ? new Date(current.started_at) : new Date(),
    );
  }
}

function held(db: StoreDb, organisation: string, holder: string): IngestionLock {
  const renew = setInterval(() => {
    db.updateTable('dbt_ingestion_locks')
      .set({ lease_until: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where('organisation_id', '=', organisation)
      .where('holder', '=', holder)
      .execute()
      .catch(() => undefined);
  }, RENEW_MS);
  renew.unref();
  return {
    holder,
    async release() {
      clearInterval(renew);
      await db.deleteFrom('dbt_ingestion_locks').where('organisation_id', '=', organisation).where('holder', '=', holder).execute();
    },
  };
}
