// Which macros the catalog indexes: those of the project's own package and of the packages it
// installed (dbt_utils, dbt_expectations, …), which people call by name in their models. dbt's
// own (`dbt`) and the adapters' (`dbt_postgres`, `dbt_snowflake`, …) are the machinery every
// project carries (hundreds of them) and nobody looks for in a catalog; they are left out.

/** dbt-core's package and the packages of dbt's adapters (an adapter may bring its parent's: Redshift brings Postgres's). */
const internalPackages = new Set([
  'dbt',
  'dbt_athena',
  'dbt_bigquery',
  'dbt_clickhouse',
  'dbt_databricks',
  'dbt_doris',
  'dbt_dremio',
  'dbt_duckdb',
  'dbt_exasol',
  'dbt_fabric',
  'dbt_firebolt',
  'dbt_glue',
  'dbt_greenplum',
  'dbt_hive',
  'dbt_impala',
  'dbt_materialize',
  'dbt_mysql',
  'dbt_oracle',
  'dbt_postgres',
  'dbt_redshift',
  'dbt_risingwave',
  'dbt_singlestore',
  'dbt_snowflake',
  'dbt_spark',
  'dbt_sqlite',
  'dbt_sqlserver',
  'dbt_starrocks',
  'dbt_synapse',
  'dbt_teradata',
  'dbt_trino',
  'dbt_vertica',
]);

/** True for a macro package the catalog indexes: neither dbt's nor an adapter's (the manifest's own adapter included). */
export function isProjectMacroPackage(packageName: string, adapterType: string | null | undefined): boolean {
  if (internalPackages.has(packageName)) return false;
  return !(adapterType && packageName === `dbt_${adapterType}`);
}
