// Row types of the dashboards area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface DashboardsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  url: string;
  /** The spec calls it `order`; `position` avoids quoting a reserved word in every query. */
  position: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type Dashboard = Selectable<DashboardsTable>;

export type NewDashboard = Insertable<DashboardsTable>;

export type DashboardUpdate = Updateable<DashboardsTable>;

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    dashboards: DashboardsTable;
  }
}
