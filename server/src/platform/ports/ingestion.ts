// Told of every dbt ingestion. The dbt area owns the event; areas that keep state derived from
// the artifacts (data quality's test states and incidents) add a listener here instead of the
// dbt area knowing them.
import type { StoreDb } from '../store/openStore.js';
import { defineExtensionPoint } from './portRegistry.js';

export interface IngestionListener {
  /**
   * Inside the ingestion's transaction (`tx`): the listener updates its own tables so they never
   * disagree with the artifacts. What it returns runs after the commit (notices, signals).
   */
  inTransaction(tx: StoreDb, ingestion: { organisation: string; ingestionId: string }): Promise<(() => Promise<void>) | void>;
  /** After one of the portal's own freshness checks, whose results are those checked since `startedAt`. */
  freshnessChecked?(db: StoreDb, check: { organisation: string; startedAt: Date }): Promise<void>;
  /** Inside the transaction that deletes one of the organisation's dbt projects; what it returns runs after the commit. */
  projectRemoved?(tx: StoreDb, removal: { organisation: string; project: string }): Promise<(() => Promise<void>) | void>;
}

export const ingestionListeners = defineExtensionPoint<IngestionListener>('dbt ingestion listeners');

/** The contributions as one listener, called in the order the areas registered; `list` is read at each call. */
export function allIngestionListeners(list: readonly IngestionListener[]): IngestionListener {
  return {
    async inTransaction(tx, ingestion) {
      const afterCommit: Array<() => Promise<void>> = [];
      for (const listener of list) {
        const after = await listener.inTransaction(tx, ingestion);
        if (after) afterCommit.push(after);
      }
      if (afterCommit.length === 0) return;
      return async () => {
        for (const after of afterCommit) await after();
      };
    },
    async freshnessChecked(db, check) {
      for (const listener of list) await listener.freshnessChecked?.(db, check);
    },
    async projectRemoved(tx, removal) {
      const afterCommit: Array<() => Promise<void>> = [];
      for (const listener of list) {
        const after = await listener.projectRemoved?.(tx, removal);
        if (after) afterCommit.push(after);
      }
      if (afterCommit.length === 0) return;
      return async () => {
        for (const after of afterCommit) await after();
      };
    },
  };
}
