// The dbt area's migrations of the portal store. Names are numbered across the whole store
// (the next free number, see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { dbt } from './004_dbt.js';
import { dbtUploadTokens } from './017_dbt_upload_tokens.js';
import { dbtIngestionLease } from './019_dbt_ingestion_lease.js';
import { catalogReadViews } from './022_catalog_read_views.js';
import { dbtModelGovernance } from './024_dbt_model_governance.js';
import { dbtCertified } from './026_dbt_certified.js';
import { dbtCompiledSqlView } from './028_dbt_compiled_sql_view.js';
import { dbtProjects } from './030_dbt_projects.js';
import { dbtSearchDocsWithoutGin } from './031_dbt_search_docs_without_gin.js';

export const migrations: Record<string, Migration> = {
  '004_dbt': dbt,
  '017_dbt_upload_tokens': dbtUploadTokens,
  '019_dbt_ingestion_lease': dbtIngestionLease,
  '022_catalog_read_views': catalogReadViews,
  '024_dbt_model_governance': dbtModelGovernance,
  '026_dbt_certified': dbtCertified,
  '028_dbt_compiled_sql_view': dbtCompiledSqlView,
  '030_dbt_projects': dbtProjects,
  '031_dbt_search_docs_without_gin': dbtSearchDocsWithoutGin,
};
