// Finding work for this instance: due schedule ticks become jobs, then due jobs are claimed until
// every slot is busy or nothing is due. One look runs at a time; a wake-up that comes while one
// runs makes it look once more rather than start a second, so no wake-up is lost.
import type { StoreDb } from '../store/openStore.js';
import type { JobRow } from '../store/schema.js';
import { claimNextJob, insertJob } from './jobStore.js';
import { dueScheduleNames, takeScheduleTick } from './scheduleStore.js';
import type { JobLog, KindDefinition } from './jobRunnerTypes.js';

/** What looking for work needs of the runner. */
export interface PumpContext {
  db: StoreDb;
  kinds: ReadonlyMap<string, KindDefinition>;
  instanceId: string;
  leaseMs: number;
  concurrency: number;
  log: JobLog;
  publish(row: JobRow | undefined): Promise<void>;
  /** Whether the runner takes work now (started and not stopping). */
  taking(): boolean;
  /** Jobs this instance runs now. */
  runningCount(): number;
  /** Runs a claimed job. */
  launch(row: JobRow): void;
}

export interface JobPump {
  /** Takes due schedule ticks and due jobs until every slot is busy or nothing is due. */
  pump(): Promise<void>;
  /** The look under way, if any (a stop waits for it). */
  current(): Promise<void> | null;
}

/** Turns each due schedule's tick into a job, unless its previous run is still queued or running. */
async function enqueueDueTicks(context: PumpContext, definedKinds: string[]): Promise<void> {
  const { db, kinds } = context;
  for (const name of await dueScheduleNames(db, definedKinds)) {
    const row = await takeScheduleTick(db, name, async (trx, schedule) => {
      const definition = kinds.get(schedule.kind);
      const { row: job } = await insertJob(trx, {
        kind: schedule.kind,
        organisation: schedule.organisation,
        payload: schedule.payload,
        startedBy: null,
        runAt: null,
        // A tick whose previous run (or another job holding the key) is still queued or running adds nothing.
        singletonKey: schedule.singletonKey ?? `schedule:${name}`,
        maxAttempts: definition?.maxAttempts ?? 1,
      });
      return job;
    });
    if (row) await context.publish(row);
  }
}

export function createJobPump(context: PumpContext): JobPump {
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  const definedKinds = () => [...context.kinds.keys()];

  const pump = (): Promise<void> => {
    if (!context.taking()) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        await enqueueDueTicks(context, definedKinds());
        while (context.taking() && context.runningCount() < context.concurrency) {
          const claim = await claimNextJob(context.db, definedKinds(), context.instanceId, context.leaseMs);
          if (!claim) break;
          await context.publish(claim.row);
          if (claim.kind === 'claimed') context.launch(claim.row);
        }
      } while (pumpAgain && context.taking());
    })()
      .catch((error: unknown) => context.log.error({ err: error }, 'the job runner could not look for work'))
      .finally(() => {
        pumping = null;
      });
    return pumping;
  };

  return { pump, current: () => pumping };
}
