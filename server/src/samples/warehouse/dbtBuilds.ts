/**
 * The nightly `dbt build` of the sample dbt project (server/dbt-sample-project) as the sample
 * account's QUERY_HISTORY shows it: one statement per model, carrying dbt's query comment with
 * the node id (as dbt-snowflake prepends it) and the `dbt:model=<name>` query tag the project's
 * runs set, creating the model's relation from its upstream relations. The catalog's cost per
 * asset reads exactly these (analytics/dbtNodeCost.ts), so it works on a fresh clone.
 *
 * Relations follow the project's compilation: schema `ANALYTICS_<folder schema>` (dbt's default
 * generate_schema_name on the target schema ANALYTICS), the model's name as the table.
 */

interface SampleModel {
  name: string;
  schema: 'STAGING' | 'INTERMEDIATE' | 'MARTS';
  materialized: 'view' | 'table';
  /** What its SQL selects from: upstream models' `SCHEMA.name` or raw source tables. */
  reads: readonly string[];
  /** Typical build time; views take a moment, tables scan their inputs. */
  execMedianMs: number;
  weight: number;
}

const SAMPLE_PROJECT = 'dataworks_demo';

export const SAMPLE_DBT_MODELS: readonly SampleModel[] = [
  { name: 'stg_shop__customers', schema: 'STAGING', materialized: 'view', reads: ['RAW_SHOP.CUSTOMERS'], execMedianMs: 400, weight: 1 },
  { name: 'stg_shop__orders', schema: 'STAGING', materialized: 'view', reads: ['RAW_SHOP.ORDERS'], execMedianMs: 400, weight: 1 },
  { name: 'stg_shop__order_items', schema: 'STAGING', materialized: 'view', reads: ['RAW_SHOP.ORDER_ITEMS'], execMedianMs: 400, weight: 1 },
  { name: 'stg_shop__payments', schema: 'STAGING', materialized: 'view', reads: ['RAW_SHOP.PAYMENTS'], execMedianMs: 400, weight: 1 },
  { name: 'stg_shop__products', schema: 'STAGING', materialized: 'view', reads: ['RAW_SHOP.PRODUCTS'], execMedianMs: 400, weight: 1 },
  {
    name: 'stg_crm__support_tickets',
    schema: 'STAGING',
    materialized: 'view',
    reads: ['RAW_CRM.SUPPORT_TICKETS'],
    execMedianMs: 400,
    weight: 1,
  },
  {
    name: 'stg_events__web_events',
    schema: 'STAGING',
    materialized: 'view',
    reads: ['RAW_EVENTS.WEB_EVENTS'],
    execMedianMs: 500,
    weight: 1,
  },
  {
    name: 'stg_account_usage__query_history',
    schema: 'STAGING',
    materialized: 'view',
    reads: ['ACCOUNT_USAGE.QUERY_HISTORY'],
    execMedianMs: 500,
    weight: 1,
  },
  {
    name: 'stg_account_usage__storage_usage',
    schema: 'STAGING',
    materialized: 'view',
    reads: ['ACCOUNT_USAGE.DATABASE_STORAGE_USAGE_HISTORY'],
    execMedianMs: 400,
    weight: 1,
  },
  {
    name: 'stg_account_usage__warehouse_metering',
    schema: 'STAGING',
    materialized: 'view',
    reads: ['ACCOUNT_USAGE.WAREHOUSE_METERING_HISTORY'],
    execMedianMs: 400,
    weight: 1,
  },
  {
    name: 'int_orders__amounts',
    schema: 'INTERMEDIATE',
    materialized: 'view',
    reads: ['ANALYTICS_STAGING.stg_shop__orders', 'ANALYTICS_STAGING.stg_shop__order_items', 'ANALYTICS_STAGING.stg_shop__payments'],
    execMedianMs: 600,
    weight: 1,
  },
  {
    name: 'fct_orders',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_INTERMEDIATE.int_orders__amounts'],
    execMedianMs: 90_000,
    weight: 1,
  },
  {
    name: 'dim_customers',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_INTERMEDIATE.int_orders__amounts', 'ANALYTICS_STAGING.stg_shop__customers', 'ANALYTICS_REFERENCE.country_codes'],
    execMedianMs: 45_000,
    weight: 1,
  },
  {
    name: 'dim_products',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_STAGING.stg_shop__order_items', 'ANALYTICS_STAGING.stg_shop__products'],
    execMedianMs: 20_000,
    weight: 1,
  },
  {
    name: 'fct_daily_revenue',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_INTERMEDIATE.int_orders__amounts'],
    execMedianMs: 60_000,
    weight: 1,
  },
  {
    name: 'customer_health',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_MARTS.dim_customers', 'ANALYTICS_STAGING.stg_crm__support_tickets', 'ANALYTICS_STAGING.stg_events__web_events'],
    execMedianMs: 120_000,
    weight: 1,
  },
  {
    name: 'fct_web_engagement_daily',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_STAGING.stg_events__web_events'],
    execMedianMs: 150_000,
    weight: 1,
  },
  {
    name: 'fct_query_activity_daily',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_STAGING.stg_account_usage__query_history'],
    execMedianMs: 40_000,
    weight: 1,
  },
  {
    name: 'fct_storage_daily',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_STAGING.stg_account_usage__storage_usage'],
    execMedianMs: 8_000,
    weight: 1,
  },
  {
    name: 'fct_warehouse_credits_daily',
    schema: 'MARTS',
    materialized: 'table',
    reads: ['ANALYTICS_STAGING.stg_account_usage__warehouse_metering'],
    execMedianMs: 10_000,
    weight: 1,
  },
];

/** dbt's query comment as dbt-snowflake writes it by default. */
export function dbtQueryComment(nodeId: string): string {
  return `/* {"app": "dbt", "dbt_version": "1.8.7", "profile_name": "dataworks_sample", "target_name": "sample", "node_id": "${nodeId}"} */`;
}

/** What workloads.ts needs of a template (it fills in the rest). */
export interface BuildTemplateInput {
  key: string;
  weight: number;
  queryType: string;
  database: string;
  schema: string;
  tag: string;
  execMedianMs: number;
  text: string;
}

/** One QUERY_HISTORY template per model of the sample project: its build statement. */
export function dbtBuildTemplates(): BuildTemplateInput[] {
  return SAMPLE_DBT_MODELS.map((model) => {
    const relation = `ANALYTICS.ANALYTICS_${model.schema}.${model.name}`;
    const from = model.reads
      .map((name, index) => (index === 0 ? `from ANALYTICS.${name} t0` : `join ANALYTICS.${name} t${index} using (id)`))
      .join(' ');
    return {
      key: `dbt_${model.name}`,
      weight: model.weight,
      queryType: model.materialized === 'table' ? 'CREATE_TABLE_AS_SELECT' : 'CREATE_VIEW',
      database: 'ANALYTICS',
      schema: `ANALYTICS_${model.schema}`,
      tag: `dbt:model=${model.name}`,
      execMedianMs: model.execMedianMs,
      // {n}: the batch the run loads, so runs differ in QUERY_HASH and share QUERY_PARAMETERIZED_HASH.
      text: `${dbtQueryComment(`model.${SAMPLE_PROJECT}.${model.name}`)}\ncreate or replace ${model.materialized} ${relation} as (select t0.* ${from} where {n} >= 0)`,
    };
  });
}
