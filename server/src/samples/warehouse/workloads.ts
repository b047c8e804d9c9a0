/**
 * The workloads that run on the sample account's warehouses (sampleWarehouses.ts), described in
 * the shapes of workloadShapes.ts. Each workload is a cost story a real account tells:
 * - BI_WH (Medium, 10-minute auto-suspend): dashboard traffic in business hours on weekdays;
 *   the auto-suspend keeps it running between dashboard refreshes.
 * - ELT_WH (Large): the nightly dbt and Fivetran loads, 01:00–04:00 UTC every day; the dbt
 *   statements are the builds of the sample dbt project's models (dbtBuilds.ts), which the
 *   dashboards and analysts then read (FCT_ORDERS, DIM_CUSTOMERS in ANALYTICS_MARTS).
 * - ANALYTICS_WH (X-Small, single cluster): analysts' ad-hoc work; too small for one heavy join
 *   pattern that spills to remote storage, and queues at peak hours.
 * - REPORTING_WH (Large, one-hour auto-suspend): a handful of small scheduled reports a day; the
 *   warehouse is billed for an hour after each and is almost never busy.
 * - DEV_WH (X-Small, 30-second auto-suspend): sporadic development queries, so most runs are
 *   billed the 60-second minimum.
 * - no warehouse: a monitoring service's SHOW/DESCRIBE calls, billed as cloud services only;
 *   they push weekend cloud services above the free 10% of compute.
 */
import { dbtBuildTemplates } from './dbtBuilds.js';
import { ANALYST_HOURS, BUSINESS, flat, NIGHTLY, NONE, OFFICE, template, type Workload } from './workloadShapes.js';

export const SAMPLE_WORKLOADS: readonly Workload[] = [
  {
    id: 'bi',
    warehouse: 'BI_WH',
    share: 0.5,
    weekday: BUSINESS,
    weekend: BUSINESS.map((w) => w * 0.06),
    queueAtPeak: 0.03,
    users: [
      { name: 'LOOKER_SVC', role: 'BI_READER', weight: 0.85 },
      { name: 'TABLEAU_SVC', role: 'BI_READER', weight: 0.15 },
    ],
    templates: [
      template({
        key: 'bi_sales_overview',
        weight: 3,
        queryType: 'SELECT',
        tag: 'looker:dashboard=sales_overview',
        execMedianMs: 1200,
        cacheShare: 0.6,
        text: 'SELECT region, SUM(amount) AS revenue FROM ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS WHERE order_date >= DATEADD(day, -{n}, CURRENT_DATE) GROUP BY region',
      }),
      template({
        key: 'bi_customer_360',
        weight: 2,
        queryType: 'SELECT',
        tag: 'looker:dashboard=customer_360',
        execMedianMs: 2500,
        cacheShare: 0.4,
        text: 'SELECT c.customer_id, c.segment, SUM(o.amount) FROM ANALYTICS.ANALYTICS_MARTS.DIM_CUSTOMERS c JOIN ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS o USING (customer_id) WHERE c.customer_id = {n} GROUP BY 1, 2',
        paramRange: 50000,
      }),
      template({
        key: 'bi_finance_daily',
        weight: 1,
        queryType: 'SELECT',
        tag: 'looker:dashboard=finance_daily',
        execMedianMs: 4000,
        cacheShare: 0.3,
        text: 'SELECT DATE_TRUNC(day, booked_at) AS day, account, SUM(amount) FROM ANALYTICS.MARTS.FCT_LEDGER WHERE booked_at >= DATEADD(day, -{n}, CURRENT_DATE) GROUP BY 1, 2',
      }),
      template({
        key: 'bi_marketing_funnel',
        weight: 1.5,
        queryType: 'SELECT',
        tag: 'looker:dashboard=marketing_funnel',
        execMedianMs: 1800,
        cacheShare: 0.5,
        text: 'SELECT step, COUNT(DISTINCT session_id) FROM ANALYTICS.MARTS.FCT_FUNNEL WHERE campaign_id = {n} GROUP BY step',
        paramRange: 800,
      }),
      template({
        key: 'bi_explore_orders',
        weight: 1,
        queryType: 'SELECT',
        tag: 'looker:explore=orders',
        execMedianMs: 3000,
        execSigma: 1.3,
        text: 'SELECT product_category, COUNT(*), AVG(amount) FROM ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS WHERE store_id = {n} GROUP BY 1 ORDER BY 2 DESC LIMIT 500',
        paramRange: 400,
      }),
    ],
  },
  {
    id: 'elt_dbt',
    warehouse: 'ELT_WH',
    share: 0.07,
    weekday: NIGHTLY,
    weekend: NIGHTLY,
    queueAtPeak: 0,
    users: [{ name: 'DBT_SVC', role: 'TRANSFORMER', weight: 1 }],
    templates: [
      // One build statement per model of the sample dbt project, with dbt's query comment (dbtBuilds.ts).
      ...dbtBuildTemplates().map((input) => template({ ...input, execSigma: 0.6, compileMedianMs: 1200 })),
      template({
        key: 'dbt_test_not_null',
        weight: 4,
        queryType: 'SELECT',
        tag: 'dbt:test=not_null',
        execMedianMs: 3000,
        compileMedianMs: 400,
        text: 'SELECT COUNT(*) FROM ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS WHERE order_id IS NULL AND batch_id = {n}',
        paramRange: 100000,
      }),
    ],
  },
  {
    id: 'elt_fivetran',
    warehouse: 'ELT_WH',
    share: 0.03,
    weekday: NIGHTLY,
    weekend: NIGHTLY,
    queueAtPeak: 0,
    users: [{ name: 'FIVETRAN_SVC', role: 'LOADER', weight: 1 }],
    templates: [
      template({
        key: 'fivetran_salesforce',
        weight: 2,
        queryType: 'MERGE',
        tag: 'fivetran:connector=salesforce',
        execMedianMs: 20_000,
        database: 'RAW',
        schema: 'SALESFORCE',
        text: 'MERGE INTO RAW.SALESFORCE.OPPORTUNITY t USING RAW.SALESFORCE.OPPORTUNITY_STAGING_{n} s ON t.id = s.id WHEN MATCHED THEN UPDATE SET t.amount = s.amount',
        paramRange: 1000,
      }),
      template({
        key: 'fivetran_segment',
        weight: 1,
        queryType: 'COPY',
        tag: 'fivetran:connector=segment',
        execMedianMs: 30_000,
        database: 'RAW',
        schema: 'SEGMENT',
        text: "COPY INTO RAW.SEGMENT.EVENTS FROM @RAW.SEGMENT.STAGE/batch_{n}/ FILE_FORMAT = (TYPE = 'JSON')",
        paramRange: 100000,
      }),
    ],
  },
  {
    id: 'analytics',
    warehouse: 'ANALYTICS_WH',
    share: 0.14,
    weekday: ANALYST_HOURS,
    weekend: NONE,
    queueAtPeak: 0.5,
    users: [], // filled with the analysts by people.ts
    templates: [
      template({
        key: 'adhoc_revenue',
        weight: 4,
        queryType: 'SELECT',
        tag: '',
        execMedianMs: 8000,
        execSigma: 1.2,
        text: 'SELECT DATE_TRUNC(month, order_date), SUM(amount) FROM ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS WHERE customer_segment_id = {n} GROUP BY 1',
        paramRange: 40,
      }),
      template({
        key: 'adhoc_cohort',
        weight: 2,
        queryType: 'SELECT',
        tag: '',
        execMedianMs: 25_000,
        text: 'WITH first_orders AS (SELECT customer_id, MIN(order_date) AS first_day FROM ANALYTICS.ANALYTICS_MARTS.FCT_ORDERS GROUP BY 1) SELECT DATE_TRUNC(month, first_day), COUNT(*) FROM first_orders WHERE first_day > DATEADD(day, -{n}, CURRENT_DATE) GROUP BY 1',
      }),
      template({
        key: 'hex_churn_model',
        weight: 2,
        queryType: 'SELECT',
        tag: 'hex:project=churn',
        execMedianMs: 15_000,
        text: 'SELECT * FROM ANALYTICS.MARTS.FCT_SUBSCRIPTIONS WHERE churn_score > 0.{n} ORDER BY churn_score DESC',
        paramRange: 99,
      }),
      template({
        key: 'adhoc_sessions_join',
        weight: 1,
        queryType: 'SELECT',
        tag: '',
        execMedianMs: 240_000,
        execSigma: 0.5,
        remoteSpill: 0.8,
        compileMedianMs: 700,
        database: 'RAW',
        schema: 'SEGMENT',
        failRate: 0.05,
        text: "SELECT e.user_id, s.session_id, COUNT(*) AS events, LISTAGG(e.event_name, ',') FROM RAW.SEGMENT.EVENTS e JOIN RAW.SEGMENT.SESSIONS s ON e.anonymous_id = s.anonymous_id WHERE e.received_at > DATEADD(day, -{n}, CURRENT_DATE) GROUP BY 1, 2 ORDER BY events DESC",
      }),
    ],
  },
  {
    id: 'reporting',
    warehouse: 'REPORTING_WH',
    share: 0,
    perWeekday: 5,
    weekday: OFFICE,
    weekend: NONE,
    queueAtPeak: 0,
    users: [{ name: 'REPORT_SVC', role: 'REPORTING', weight: 1 }],
    templates: [
      template({
        key: 'report_exec_kpis',
        weight: 2,
        queryType: 'SELECT',
        tag: 'reporting:job=exec_kpis',
        execMedianMs: 4000,
        execSigma: 0.5,
        text: 'SELECT kpi, value FROM ANALYTICS.MARTS.KPI_DAILY WHERE day = DATEADD(day, -{n}, CURRENT_DATE)',
        paramRange: 3,
      }),
      template({
        key: 'report_board_pack',
        weight: 1,
        queryType: 'SELECT',
        tag: 'reporting:job=board_pack',
        execMedianMs: 9000,
        execSigma: 0.5,
        text: 'SELECT month, revenue, gross_margin FROM ANALYTICS.MARTS.BOARD_PACK WHERE month >= DATEADD(month, -{n}, CURRENT_DATE)',
        paramRange: 24,
      }),
    ],
  },
  {
    id: 'dev',
    warehouse: 'DEV_WH',
    share: 0.04,
    weekday: OFFICE,
    weekend: NONE,
    queueAtPeak: 0,
    users: [], // the data engineers, from people.ts
    templates: [
      template({
        key: 'dev_preview',
        weight: 3,
        queryType: 'SELECT',
        tag: 'dbt:run=dev',
        execMedianMs: 1500,
        database: 'ANALYTICS',
        schema: 'DEV',
        text: 'SELECT * FROM ANALYTICS.DEV.STG_ORDERS LIMIT {n}',
        paramRange: 1000,
      }),
      template({
        key: 'dev_describe',
        weight: 1,
        queryType: 'DESCRIBE',
        tag: '',
        execMedianMs: 200,
        database: 'ANALYTICS',
        schema: 'DEV',
        text: 'DESCRIBE TABLE ANALYTICS.DEV.STG_ORDERS_V{n}',
        paramRange: 20,
      }),
    ],
  },
  {
    id: 'monitor',
    warehouse: null,
    share: 0.22,
    weekday: flat(1),
    weekend: flat(1),
    queueAtPeak: 0,
    users: [{ name: 'MONITOR_SVC', role: 'MONITOR', weight: 1 }],
    templates: [
      template({
        key: 'monitor_show_tables',
        weight: 2,
        queryType: 'SHOW',
        tag: 'monitor:check=metadata',
        execMedianMs: 40,
        execSigma: 0.5,
        compileMedianMs: 150,
        database: null,
        schema: null,
        failRate: 0,
        text: 'SHOW TABLES IN DATABASE ANALYTICS_{n}',
        paramRange: 3,
      }),
      template({
        key: 'monitor_describe',
        weight: 1,
        queryType: 'DESCRIBE',
        tag: 'monitor:check=schema',
        execMedianMs: 30,
        execSigma: 0.5,
        compileMedianMs: 120,
        database: null,
        schema: null,
        failRate: 0,
        text: 'DESCRIBE TABLE ANALYTICS.MARTS.TABLE_{n}',
        paramRange: 60,
      }),
    ],
  },
];

/** The sample's size-independent cloud-services budget: monitoring credits per day (see header). */
export const MONITOR_CLOUD_SERVICES_PER_DAY = 4.5;
/** Cloud-services credits per second of compilation, at the reference size of 150k queries. */
export const CLOUD_SERVICES_PER_COMPILE_SECOND = 0.005;
export const REFERENCE_QUERY_COUNT = 150_000;
