// Row types of the catalog alert rules and their deliveries (migration 016).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from '../../platform/store/columnTypes.js';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CatalogAlertRulesTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  trigger: string;
  filters: Json<unknown>;
  destinations: Json<unknown>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AlertDeliveryStatusColumn = 'pending' | 'sent' | 'failed';

export interface CatalogAlertDeliveriesTable {
  id: Generated<string>;
  organisation_id: string;
  rule_id: string | null;
  rule_name: string;
  signal_kind: string;
  title: string;
  signal: Json<unknown>;
  destination_kind: string;
  target: string;
  is_test: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<AlertDeliveryStatusColumn, AlertDeliveryStatusColumn | undefined, AlertDeliveryStatusColumn>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  response_status: number | null;
  created_at: CreatedAt;
  finished_at: NullableTimestamp;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    catalog_alert_rules: CatalogAlertRulesTable;
    catalog_alert_deliveries: CatalogAlertDeliveriesTable;
  }
}
