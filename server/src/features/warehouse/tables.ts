// Row types of the Optimize budgets' tables (migration 011).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface WarehouseBudgetsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  scope: 'account' | 'warehouse' | 'user' | 'role' | 'tag';
  scope_value: string | null;
  /** numeric: node-postgres answers a string, PGlite may too; read through Number(). */
  amount: ColumnType<string | number, string | number, string | number>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WarehouseBudgetAlertsTable {
  budget_id: string;
  organisation_id: string;
  month: string;
  level: 'forecast' | 'exceeded';
  notification_id: string | null;
  created_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    warehouse_budgets: WarehouseBudgetsTable;
    warehouse_budget_alerts: WarehouseBudgetAlertsTable;
  }
}
