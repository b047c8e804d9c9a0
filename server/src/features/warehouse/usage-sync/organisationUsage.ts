/**
 * One organisation's usage copy as the rest of the warehouse layer sees it: the engine the
 * Optimize analyses read, "is it filled yet" (the first sync is a backfill that can take a
 * while on a real account), and the sync itself. The registry creates one per organisation;
 * who triggers syncs (the job runner in the portal, a direct call in tests and benchmarks) is
 * decided by the caller.
 */
import type { UsageSyncCost } from '@common/warehouse/usageSyncContract';
import type { Queryable } from '../../../platform/warehouse/engine.js';
import { WarehouseError } from '../../../platform/warehouse/errors.js';
import type { UsageCopy } from './usageCopy.js';
import { copyState, syncCost, type CopyState } from './usageStatus.js';
import { syncUsage, type SyncProgress, type UsageSyncResult } from './usageSync.js';

export interface UsageSettings {
  /** Directory of the copies (`${DATA_DIR}/usage`). */
  dir: string;
  /** How far back the first sync reads. */
  backfillDays: number;
  /** Milliseconds between scheduled syncs. */
  intervalMs: number;
  /** How long an analysis waits for the first sync before answering "not ready yet". */
  readyWaitMs: number;
}

/** The pages asked for figures before the first sync finished. */
export class UsageNotReadyError extends WarehouseError {
  constructor() {
    // The page tells "still filling the copy" apart from an account that cannot be reached.
    super('unavailable', 'Usage is still being copied from the account for the first time; the figures appear when that finishes.', {
      code: 'usage_not_ready',
    });
  }
}

export class OrganisationUsage {
  private ready: boolean;
  private readonly waiters = new Set<() => void>();
  private readonly syncedListeners = new Set<() => void>();

  private constructor(
    readonly organisation: string,
    readonly copy: UsageCopy,
    private readonly source: Queryable,
    readonly settings: UsageSettings,
    initial: CopyState,
  ) {
    this.ready = initial.ready;
  }

  static async open(organisation: string, copy: UsageCopy, source: Queryable, settings: UsageSettings): Promise<OrganisationUsage> {
    return new OrganisationUsage(organisation, copy, source, settings, await copyState(copy.engine));
  }

  /** The copy, for the analyses. */
  get engine(): Queryable {
    return this.copy.engine;
  }

  isReady(): boolean {
    return this.ready;
  }

  /** Resolves once the copy has been filled; rejects with UsageNotReadyError after `waitMs` (default `settings.readyWaitMs`). */
  whenReady(waitMs: number = this.settings.readyWaitMs): Promise<void> {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        reject(new UsageNotReadyError());
      }, waitMs);
      this.waiters.add(done);
    });
  }

  /** Called after every successful sync (the warehouse drops the analyses it remembered). */
  onSynced(listener: () => void): void {
    this.syncedListeners.add(listener);
  }

  async sync(
    options: { signal?: AbortSignal; onProgress?: (progress: SyncProgress) => void; now?: () => Date } = {},
  ): Promise<UsageSyncResult> {
    const result = await syncUsage({ source: this.source, copy: this.copy, backfillDays: this.settings.backfillDays, ...options });
    this.ready = true;
    for (const waiter of [...this.waiters]) waiter();
    for (const listener of this.syncedListeners) listener();
    return result;
  }

  state(): Promise<CopyState> {
    return copyState(this.copy.engine);
  }

  cost(pricePerCredit: number, now?: Date): Promise<UsageSyncCost> {
    return syncCost(this.copy.engine, pricePerCredit, now);
  }

  close(): Promise<void> {
    return this.copy.close();
  }
}
