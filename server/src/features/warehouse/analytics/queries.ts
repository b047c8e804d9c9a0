/**
 * The Queries page: most expensive and slowest queries, patterns grouped by
 * QUERY_PARAMETERIZED_HASH, queries spilling to remote storage, and one query's detail with its
 * text. Costs come from query cost attribution (attribution.ts); every filter value is bound.
 */
import { WarehouseError, notFound } from '../../../platform/warehouse/errors.js';
import { iso, num, numOrNull, str, strOrNull, type Row } from '../../../platform/warehouse/engine.js';
import { int, raw, sql, where, type Sql } from '../../../platform/warehouse/sql.js';
import {
  DAILY_TOP_QUERIES,
  queryCostDailyRelation,
  queryCostRelation,
  queryCostTopRelation,
  type TimeWindow,
} from '../../../platform/warehouse/attribution.js';
import type { AnalyticsContext } from './context.js';
import { addDays, filterConditions, rangeWindow, type QueryFilter } from './filters.js';
import type { QuerySummary, QueryDetail, QueryPattern, SpillSummary, QueryOrder, PatternOrder } from '@common/warehouse/analyticsContract';

const SUMMARY_COLUMNS = raw(`T.QUERY_ID AS "queryId", T.START_TIME AS "startTime", T.WAREHOUSE_NAME AS "warehouseName",
  T.WAREHOUSE_SIZE AS "warehouseSize", T.USER_NAME AS "userName", T.ROLE_NAME AS "roleName", T.QUERY_TAG AS "queryTag",
  T.QUERY_TYPE AS "queryType", T.EXECUTION_STATUS AS "executionStatus", T.TOTAL_ELAPSED_TIME AS "totalElapsedMs",
  T.EXECUTION_TIME AS "executionMs", T.QUEUED_OVERLOAD_TIME AS "queuedOverloadMs", T.BYTES_SCANNED AS "bytesScanned",
  T.BYTES_SPILLED_TO_LOCAL_STORAGE AS "bytesSpilledLocal", T.BYTES_SPILLED_TO_REMOTE_STORAGE AS "bytesSpilledRemote",
  T.CREDITS AS "credits", T.CREDITS_COMPUTE AS "computeCredits", T.CREDITS_CLOUD_SERVICES AS "cloudServicesCredits"`);

function summary(context: AnalyticsContext, row: Row): QuerySummary {
  const credits = num(row, 'credits');
  return {
    queryId: str(row, 'queryId'),
    startTime: iso(row, 'startTime'),
    warehouseName: strOrNull(row, 'warehouseName'),
    warehouseSize: strOrNull(row, 'warehouseSize'),
    userName: str(row, 'userName'),
    roleName: strOrNull(row, 'roleName'),
    queryTag: strOrNull(row, 'queryTag') || null,
    queryType: str(row, 'queryType'),
    executionStatus: str(row, 'executionStatus'),
    totalElapsedMs: num(row, 'totalElapsedMs'),
    executionMs: num(row, 'executionMs'),
    queuedOverloadMs: num(row, 'queuedOverloadMs'),
    bytesScanned: num(row, 'bytesScanned'),
    bytesSpilledLocal: num(row, 'bytesSpilledLocal'),
    bytesSpilledRemote: num(row, 'bytesSpilledRemote'),
    credits,
    cost: credits * context.prices.pricePerCredit,
    textPreview: str(row, 'textPreview'),
  };
}

/**
 * The chosen rows (T, picked from QC: the window's per-query costs, or `from` in their place) with
 * their summary columns; the text preview is kept with each query's cost.
 */
function withText(context: AnalyticsContext, filter: QueryFilter, chosen: Sql, order: Sql, from?: Sql): Sql {
  const window = rangeWindow(filter.range);
  return sql`WITH QC AS (${from ?? queryCostRelation(window)}),
    T AS (${chosen})
    SELECT ${SUMMARY_COLUMNS}, T.TEXT_PREVIEW AS "textPreview"
    FROM T
    ORDER BY ${order}`;
}

/**
 * The value at or above which the page's rows lie: the (limit + offset)-th largest of the daily
 * rollup's group maxima. Each group's maximum is one real query of that group, and groups never
 * share a query, so at least that many queries reach this value and it can only be at or below
 * the true edge; the rollup's groups carry every column the filters name, so a filtered group
 * holds filtered queries only. A few thousand rollup rows stand in for a top-N over millions of
 * queries. Null when the rollup cannot say (a dbt model filter, which the rollup does not carry,
 * or fewer groups than the page needs): the caller then takes the top-N itself.
 */
async function edgeFromRollup(context: AnalyticsContext, filter: QueryFilter, maximum: Sql, rank: number): Promise<number | null> {
  if (filter.dbtModel !== undefined) return null;
  const [row] = await context.engine.query(sql`
    SELECT MIN(V) AS "edge", COUNT(*) AS "groups" FROM (
      SELECT ${maximum} AS V FROM (${queryCostDailyRelation(rangeWindow(filter.range))}) ${where([...filterConditions(filter), sql`${maximum} IS NOT NULL`])}
      ORDER BY V DESC LIMIT ${int(rank)})`);
  return row && num(row, 'groups') >= rank && row.edge !== null ? num(row, 'edge') : null;
}

/**
 * Whether each day's top queries hold every query of the window at or above `bound` in the
 * chosen order: true when no day's edge lies above it (a query at or above its day's edge is kept).
 */
async function dailyTopHolds(context: AnalyticsContext, window: TimeWindow, byDuration: boolean, bound: number): Promise<boolean> {
  const dayEdge = raw(byDuration ? 'DAY_ELAPSED_EDGE' : 'DAY_CREDITS_EDGE');
  const [row] = await context.engine.query(sql`SELECT MAX(${dayEdge}) AS "edge" FROM (${queryCostTopRelation(window)})`);
  return row !== undefined && row.edge !== null && num(row, 'edge') <= bound;
}

/** True when only a range is set: the daily top queries then hold every page up to DAILY_TOP_QUERIES rows deep. */
function rangeOnly(filter: QueryFilter): boolean {
  return [filter.warehouseName, filter.userName, filter.roleName, filter.queryTag, filter.parameterizedHash, filter.dbtModel].every(
    (value) => value === undefined,
  );
}

/**
 * The most expensive (`cost`) or slowest (`duration`) queries, a page at a time (`offset` rows
 * skipped). A year holds millions of queries, so: with no filter but the range (the pages'
 * default), the page comes from each day's top queries (QUERY_COST_DAILY_TOP, a hundredth of the
 * queries); otherwise in two steps, first a value the page's last row is at or above (from the
 * daily rollup when it can say, else a top-N over that one column), then only the rows at or
 * above it, whole: from each day's top queries when they hold them all, else from every query.
 */
export async function topQueries(
  context: AnalyticsContext,
  filter: QueryFilter,
  options: { orderBy?: QueryOrder; limit?: number; offset?: number } = {},
): Promise<QuerySummary[]> {
  const byDuration = options.orderBy === 'duration';
  const orderColumn = raw(byDuration ? 'TOTAL_ELAPSED_TIME' : 'CREDITS');
  const limit = options.limit ?? 50;
  const offset = options.offset ?? 0;
  const window = rangeWindow(filter.range);
  const conditions = filterConditions(filter);
  if (rangeOnly(filter) && limit + offset <= DAILY_TOP_QUERIES) {
    const chosen = sql`SELECT * FROM QC WHERE ${orderColumn} IS NOT NULL ORDER BY ${orderColumn} DESC, QUERY_ID LIMIT ${int(limit)} OFFSET ${int(offset)}`;
    const rows = await context.engine.query(
      withText(context, filter, chosen, sql`T.${orderColumn} DESC, T.QUERY_ID`, queryCostTopRelation(window)),
    );
    return rows.map((row) => summary(context, row));
  }
  let edge = await edgeFromRollup(context, filter, raw(byDuration ? 'MAX_ELAPSED_TIME' : 'MAX_CREDITS'), limit + offset);
  const fromDailyTop = edge !== null && (await dailyTopHolds(context, window, byDuration, edge));
  if (edge === null) {
    const [row] = await context.engine.query(sql`
      WITH QC AS (${queryCostRelation(window)})
      SELECT MIN(V) AS "edge" FROM (SELECT ${orderColumn} AS V FROM QC ${where(conditions)} ORDER BY V DESC LIMIT ${int(limit + offset)})`);
    if (!row || row.edge === null) return [];
    edge = num(row, 'edge');
  }
  const chosen = sql`SELECT * FROM QC ${where([...conditions, sql`${orderColumn} >= ${edge}`])}
    ORDER BY ${orderColumn} DESC, QUERY_ID LIMIT ${int(limit)} OFFSET ${int(offset)}`;
  const from = fromDailyTop ? queryCostTopRelation(window) : undefined;
  const rows = await context.engine.query(withText(context, filter, chosen, sql`T.${orderColumn} DESC, T.QUERY_ID`, from));
  return rows.map((row) => summary(context, row));
}

/** How many queries match the filter (the pages' "of N"). */
export async function countQueries(context: AnalyticsContext, filter: QueryFilter): Promise<number> {
  const rows = await context.engine.query(
    sql`WITH QC AS (${queryCostRelation(rangeWindow(filter.range))}) SELECT COUNT(*) AS "n" FROM QC ${where(filterConditions(filter))}`,
  );
  return rows[0] ? num(rows[0], 'n') : 0;
}

/** Rows of the CSV export per read: memory stays flat however many queries match. */
export const EXPORT_PAGE_ROWS = 5000;

/**
 * Every query matching the filter, largest first, in pages read one after another (keyset
 * pagination: each page starts after the last row of the one before, so the ten-millionth row
 * costs what the first did).
 */
export async function* allQueries(
  context: AnalyticsContext,
  filter: QueryFilter,
  orderBy: QueryOrder = 'cost',
): AsyncGenerator<QuerySummary[]> {
  const column = orderBy === 'duration' ? 'TOTAL_ELAPSED_TIME' : 'CREDITS';
  const orderColumn = raw(column);
  let after: { value: number; queryId: string } | null = null;
  for (;;) {
    const conditions = [...filterConditions(filter)];
    if (after) conditions.push(sql`(${orderColumn} < ${after.value} OR (${orderColumn} = ${after.value} AND QUERY_ID > ${after.queryId}))`);
    const chosen = sql`SELECT * FROM QC ${where(conditions)} ORDER BY ${orderColumn} DESC, QUERY_ID LIMIT ${int(EXPORT_PAGE_ROWS)}`;
    const rows = await context.engine.query(withText(context, filter, chosen, sql`T.${orderColumn} DESC, T.QUERY_ID`));
    if (rows.length === 0) return;
    const page = rows.map((row) => summary(context, row));
    yield page;
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1] as Row;
    after = { value: num(last, orderBy === 'duration' ? 'totalElapsedMs' : 'credits'), queryId: str(last, 'queryId') };
  }
}

/** Queries that spilled to remote storage, most spilled first. */
export async function remoteSpillingQueries(context: AnalyticsContext, filter: QueryFilter, limit = 50): Promise<QuerySummary[]> {
  const conditions = [...filterConditions(filter), sql`BYTES_SPILLED_TO_REMOTE_STORAGE > 0`];
  const chosen = sql`SELECT * FROM QC ${where(conditions)} ORDER BY BYTES_SPILLED_TO_REMOTE_STORAGE DESC, QUERY_ID LIMIT ${int(limit)}`;
  const rows = await context.engine.query(withText(context, filter, chosen, sql`T.BYTES_SPILLED_TO_REMOTE_STORAGE DESC, T.QUERY_ID`));
  return rows.map((row) => summary(context, row));
}

/** Spilling per warehouse: how many queries spilled locally and remotely, and how much. */
export async function spillByWarehouse(context: AnalyticsContext, filter: QueryFilter): Promise<SpillSummary[]> {
  const conditions = [...filterConditions(filter), sql`WAREHOUSE_NAME IS NOT NULL`];
  const rows = await context.engine.query(sql`
    WITH QC AS (${queryCostRelation(rangeWindow(filter.range))})
    SELECT WAREHOUSE_NAME AS "warehouseName", MODE(WAREHOUSE_SIZE) AS "warehouseSize", COUNT(*) AS "queries",
           SUM(CASE WHEN BYTES_SPILLED_TO_REMOTE_STORAGE > 0 THEN 1 ELSE 0 END) AS "remoteSpillQueries",
           SUM(COALESCE(BYTES_SPILLED_TO_LOCAL_STORAGE, 0)) AS "local", SUM(COALESCE(BYTES_SPILLED_TO_REMOTE_STORAGE, 0)) AS "remote"
    FROM QC ${where(conditions)} GROUP BY 1 ORDER BY 6 DESC, 1`);
  return rows.map((row) => ({
    warehouseName: str(row, 'warehouseName'),
    warehouseSize: strOrNull(row, 'warehouseSize'),
    queries: num(row, 'queries'),
    remoteSpillQueries: num(row, 'remoteSpillQueries'),
    bytesSpilledLocal: num(row, 'local'),
    bytesSpilledRemote: num(row, 'remote'),
  }));
}

/** Per-query cost rows with the daily rollup's columns (each query a group of one), and QUERY_ID for the filters. */
function perQueryAsDaily(window: TimeWindow): Sql {
  return sql`SELECT QUERY_ID, WAREHOUSE_NAME, USER_NAME, ROLE_NAME, QUERY_TAG, QUERY_PARAMETERIZED_HASH, 1 AS QUERIES, CREDITS,
      TOTAL_ELAPSED_TIME, CASE WHEN BYTES_SPILLED_TO_REMOTE_STORAGE > 0 THEN 1 ELSE 0 END AS REMOTE_SPILL_QUERIES,
      START_TIME AS FIRST_START, START_TIME AS LAST_START, QUERY_ID AS TOP_QUERY_ID, CREDITS AS MAX_CREDITS, TEXT_PREVIEW AS TOP_TEXT_PREVIEW
    FROM (${queryCostRelation(window)})`;
}

const PATTERN_ORDER: Record<PatternOrder, string> = { cost: '"totalCredits"', count: '"queries"', duration: '"totalElapsedMs"' };

/** Queries grouped by QUERY_PARAMETERIZED_HASH (the same statement with different literals). */
export async function queryPatterns(
  context: AnalyticsContext,
  filter: QueryFilter,
  options: { orderBy?: PatternOrder; limit?: number } = {},
): Promise<QueryPattern[]> {
  const window = rangeWindow(filter.range);
  const conditions = [...filterConditions(filter), sql`QUERY_PARAMETERIZED_HASH IS NOT NULL`];
  const order = raw(PATTERN_ORDER[options.orderBy ?? 'cost']);
  // From the daily rollup (attribution.ts): the same sums, counts and extremes, composed over days.
  // A dbt model is known per query only (its statements' marks), so its patterns group the queries themselves.
  const relation = filter.dbtModel === undefined ? queryCostDailyRelation(window) : perQueryAsDaily(window);
  const rows = await context.engine.query(sql`
    WITH D AS (${relation})
    SELECT QUERY_PARAMETERIZED_HASH AS "parameterizedHash", SUM(QUERIES) AS "queries", SUM(CREDITS) AS "totalCredits",
           SUM(TOTAL_ELAPSED_TIME) AS "totalElapsedMs", SUM(REMOTE_SPILL_QUERIES) AS "remoteSpillQueries",
           COUNT(DISTINCT USER_NAME) AS "users", MIN(FIRST_START) AS "firstSeen", MAX(LAST_START) AS "lastSeen",
           MAX_BY(TOP_QUERY_ID, MAX_CREDITS) AS "sampleQueryId", MAX_BY(TOP_TEXT_PREVIEW, MAX_CREDITS) AS "sampleText"
    FROM D ${where(conditions)}
    GROUP BY 1 ORDER BY ${order} DESC, 1 LIMIT ${int(options.limit ?? 50)}`);
  return rows.map((row) => {
    const queries = num(row, 'queries');
    const totalCredits = num(row, 'totalCredits');
    const totalElapsedMs = num(row, 'totalElapsedMs');
    const totalCost = totalCredits * context.prices.pricePerCredit;
    return {
      parameterizedHash: str(row, 'parameterizedHash'),
      queries,
      totalCredits,
      totalCost,
      averageCost: queries > 0 ? totalCost / queries : 0,
      totalElapsedMs,
      averageElapsedMs: queries > 0 ? totalElapsedMs / queries : 0,
      remoteSpillQueries: num(row, 'remoteSpillQueries'),
      users: num(row, 'users'),
      firstSeen: iso(row, 'firstSeen'),
      lastSeen: iso(row, 'lastSeen'),
      sampleQueryId: str(row, 'sampleQueryId'),
      sampleText: str(row, 'sampleText'),
    };
  });
}

const DETAIL_COLUMNS = raw(`QUERY_ID AS "queryId", QUERY_TEXT AS "queryText", START_TIME AS "startTime", END_TIME AS "endTime",
  DATABASE_NAME AS "databaseName", SCHEMA_NAME AS "schemaName", COMPILATION_TIME AS "compilationMs",
  QUEUED_PROVISIONING_TIME AS "queuedProvisioningMs", PARTITIONS_SCANNED AS "partitionsScanned",
  PARTITIONS_TOTAL AS "partitionsTotal", PERCENTAGE_SCANNED_FROM_CACHE AS "cache", ERROR_CODE AS "errorCode",
  QUERY_HASH AS "queryHash", QUERY_PARAMETERIZED_HASH AS "queryParameterizedHash"`);

/** One query with its full text and cost. `queryId` must have passed parseQueryId. */
export async function queryDetail(context: AnalyticsContext, queryId: string): Promise<QueryDetail> {
  const found = await context.engine.query(sql`SELECT ${DETAIL_COLUMNS} FROM ACCOUNT_USAGE.QUERY_HISTORY WHERE QUERY_ID = ${queryId}`);
  const row = found[0];
  if (!row) throw notFound(`Query ${queryId}`);
  const startDay = iso(row, 'startTime').slice(0, 10);
  const range = { from: startDay, to: addDays(startDay, 1) };
  const costed = await context.engine.query(withText(context, { range }, sql`SELECT * FROM QC WHERE QUERY_ID = ${queryId}`, raw('1')));
  const cost = costed[0];
  if (!cost) throw new WarehouseError('failed', `The cost of query ${queryId} could not be computed.`);
  return {
    ...summary(context, cost),
    queryText: str(row, 'queryText'),
    endTime: iso(row, 'endTime'),
    databaseName: strOrNull(row, 'databaseName'),
    schemaName: strOrNull(row, 'schemaName'),
    compilationMs: num(row, 'compilationMs'),
    queuedProvisioningMs: num(row, 'queuedProvisioningMs'),
    partitionsScanned: num(row, 'partitionsScanned'),
    partitionsTotal: num(row, 'partitionsTotal'),
    percentageScannedFromCache: numOrNull(row, 'cache'),
    errorCode: strOrNull(row, 'errorCode'),
    queryHash: strOrNull(row, 'queryHash'),
    queryParameterizedHash: strOrNull(row, 'queryParameterizedHash'),
    computeCredits: num(cost, 'computeCredits'),
    cloudServicesCredits: num(cost, 'cloudServicesCredits'),
  };
}

export type { QuerySummary, QueryDetail, QueryPattern, SpillSummary, QueryOrder, PatternOrder };
