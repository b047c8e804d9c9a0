// Row types of the catalog alerts and settings tables (migration 016) and the dbt upload tokens (017).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from './columnTypes.js';

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

export interface CatalogSettingsTable {
  organisation_id: string;
  section: string;
  value: Json<unknown>;
  updated_by: string;
  updated_at: UpdatedAt;
}

/** Migration 017: upload tokens of the dbt layer (kept here with the other catalog settings' tables). */
export interface DbtUploadTokensTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  token_hash: string;
  token_start: string;
  created_by: string;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface CatalogAlertsSchema {
  catalog_alert_rules: CatalogAlertRulesTable;
  catalog_alert_deliveries: CatalogAlertDeliveriesTable;
  catalog_settings: CatalogSettingsTable;
  dbt_upload_tokens: DbtUploadTokensTable;
}
