// The Viewer list is read on every page load by every user and changes rarely: keep each
// organisation's list in memory for a few seconds. Writes through this process drop the
// organisation's entry at once; other instances (PostgreSQL deployments) see a change within
// the time-to-live.
import { listDashboards, type DashboardRecord } from './dashboardsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';

const TTL_MS = 5_000;

export interface DashboardListCache {
  get(organisation: string): Promise<DashboardRecord[]>;
  invalidate(organisation: string): void;
}

export function createDashboardListCache(db: StoreDb): DashboardListCache {
  const entries = new Map<string, { list: Promise<DashboardRecord[]>; at: number }>();
  return {
    get(organisation) {
      const entry = entries.get(organisation);
      if (entry && Date.now() - entry.at < TTL_MS) return entry.list;
      const list = listDashboards(db, organisation);
      entries.set(organisation, { list, at: Date.now() });
      // A failed read is not remembered.
      list.catch(() => entries.delete(organisation));
      return list;
    },
    invalidate(organisation) {
      entries.delete(organisation);
    },
  };
}
