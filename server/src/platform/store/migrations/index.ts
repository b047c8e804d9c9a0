// Every migration of the portal store, in order. Add new ones at the end with the next
// number; never edit one that has shipped.
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './001_initial.js';
import { auditOutcome } from './002_audit_outcome.js';
import { jobs } from './003_jobs.js';
import { dbt } from './004_dbt.js';
import { notificationsSupport } from './005_notifications_support.js';
import { workspace } from './006_workspace.js';
import { dataApi } from './007_data_api.js';
import { security } from './008_security.js';
import { integrations } from './009_integrations.js';
import { integrationDefinitions } from './010_integration_definitions.js';
import { budgets } from './011_budgets.js';
import { catalogQuality } from './013_catalog_quality.js';
import { catalogGovernance } from './014_catalog_governance.js';
import { catalogDomains } from './015_catalog_domains.js';
import { catalogAlerts } from './016_catalog_alerts.js';
import { dbtUploadTokens } from './017_dbt_upload_tokens.js';
import { integrationsAirbyte } from './018_integrations_airbyte.js';
import { dbtIngestionLease } from './019_dbt_ingestion_lease.js';

const migrations: Record<string, Migration> = {
  '001_initial': initial,
  '002_audit_outcome': auditOutcome,
  '003_jobs': jobs,
  '004_dbt': dbt,
  '005_notifications_support': notificationsSupport,
  '006_workspace': workspace,
  '007_data_api': dataApi,
  '008_security': security,
  '009_integrations': integrations,
  '010_integration_definitions': integrationDefinitions,
  '011_budgets': budgets,
  '013_catalog_quality': catalogQuality,
  '014_catalog_governance': catalogGovernance,
  '015_catalog_domains': catalogDomains,
  '016_catalog_alerts': catalogAlerts,
  '017_dbt_upload_tokens': dbtUploadTokens,
  '018_integrations_airbyte': integrationsAirbyte,
  '019_dbt_ingestion_lease': dbtIngestionLease,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
