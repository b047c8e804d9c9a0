// The Data Quality page's reads: the tests (filtered and paged by the server), summaries per
// asset, domain or owner, and one test's run history. Each is one SQL statement over the
// current tests, their nodes and their states (testStates.ts), never over the whole history.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  HISTORY_RUNS_MAX,
  type QualityGroup,
  type QualitySummaryQuery,
  type QualityTest,
  type QualityTestsQuery,
  type SummaryDimension,
  type TestRun,
} from '@common/catalog-quality/qualityContract';
import type { TestStatus } from '@common/dbt/catalogContract';
import type { StoreSchema } from '../../platform/store/schema.js';
import { QualityNotFoundError } from './errors.js';
import { containsPattern, domainOf, ownerOf, testStatus } from './qualitySql.js';
import { FLAKY_MIN_FLIPS } from '@common/catalog-quality/qualityContract';

type Db = Kysely<StoreSchema>;
type Filters = Omit<QualityTestsQuery, 'page' | 'pageSize'> & { testId?: string };

/** Every current test of the organisation with what the page shows of it, as a sub-query `q`. */
function testsOf(organisation: string): RawBuilder<unknown> {
  return sql`(
    SELECT t.unique_id, t.name, t.test_type, t.test_kind, t.severity, t.attached_to, t.column_name,
      n.name AS asset_name, ${domainOf('n')} AS domain, ${ownerOf('n')} AS owner,
      ${testStatus(sql`s.last_status`)} AS status, s.last_failures, s.last_message, s.last_executed_at,
      COALESCE(s.recent, '') AS recent, COALESCE(s.runs, 0) AS runs, COALESCE(s.flips, 0) AS flips
    FROM catalog_read_tests t
    LEFT JOIN catalog_read_nodes n ON n.organisation_id = t.organisation_id AND n.unique_id = t.attached_to
    LEFT JOIN catalog_test_states s ON s.organisation_id = t.organisation_id AND s.test_id = t.unique_id
    WHERE t.organisation_id = ${organisation}
  ) q`;
}

function whereOf(filters: Filters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  // Unit tests test code, not data: listed only when asked for.
  const types = filters.type?.length ? filters.type : ['generic', 'singular'];
  conditions.push(sql`q.test_type IN (${sql.join(types)})`);
  if (filters.status?.length) conditions.push(sql`q.status IN (${sql.join(filters.status)})`);
  if (filters.severity?.length) conditions.push(sql`q.severity IN (${sql.join(filters.severity)})`);
  if (filters.owner) conditions.push(sql`q.owner = ${filters.owner}`);
  if (filters.domain) conditions.push(sql`q.domain = ${filters.domain}`);
  if (filters.asset) conditions.push(sql`q.attached_to = ${filters.asset}`);
  if (filters.testId) conditions.push(sql`q.unique_id = ${filters.testId}`);
  if (filters.flaky === 'true') conditions.push(sql`q.flips >= ${FLAKY_MIN_FLIPS}`);
  if (filters.flaky === 'false') conditions.push(sql`q.flips < ${FLAKY_MIN_FLIPS}`);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    conditions.push(
      sql`(q.name ILIKE ${pattern} OR q.asset_name ILIKE ${pattern} OR q.column_name ILIKE ${pattern} OR q.test_kind ILIKE ${pattern})`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

/** Failing first, then errors, warnings, never run, skipped and passing. */
const statusRank = sql`CASE q.status WHEN 'fail' THEN 0 WHEN 'error' THEN 1 WHEN 'warn' THEN 2 WHEN 'unknown' THEN 3 WHEN 'skipped' THEN 4 ELSE 5 END`;

interface TestRow {
  unique_id: string;
  name: string;
  test_type: QualityTest['type'];
  test_kind: string | null;
  severity: string;
  attached_to: string | null;
  column_name: string | null;
  asset_name: string | null;
  domain: string | null;
  owner: string | null;
  status: TestStatus;
  last_failures: number | null;
  last_message: string | null;
  last_executed_at: Date | string | null;
  recent: string;
  runs: number;
  flips: number;
  total?: number | string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toTest(row: TestRow): QualityTest {
  return {
    uniqueId: row.unique_id,
    name: row.name,
    type: row.test_type,
    kind: row.test_kind,
    severity: row.severity,
    assetId: row.attached_to,
    assetName: row.asset_name,
    column: row.column_name,
    domain: row.domain,
    owner: row.owner,
    status: row.status,
    failures: row.last_failures,
    message: row.last_message,
    executedAt: iso(row.last_executed_at),
    recent: row.recent,
    runs: Number(row.runs),
    flips: Number(row.flips),
  };
}

export async function listTests(
  db: Db,
  organisation: string,
  query: QualityTestsQuery,
): Promise<{ total: number; page: number; pageSize: number; tests: QualityTest[] }> {
  const offset = (query.page - 1) * query.pageSize;
  const { rows } = await sql<TestRow>`
    SELECT q.*, count(*) OVER () AS total FROM ${testsOf(organisation)}
    WHERE ${whereOf(query)}
    ORDER BY ${statusRank}, q.name, q.unique_id
    LIMIT ${query.pageSize} OFFSET ${offset}`.execute(db);
  // Past the last page the window has no row to count on: one more statement only then.
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const counted = await sql<{
      total: number | string;
    }>`SELECT count(*) AS total FROM ${testsOf(organisation)} WHERE ${whereOf(query)}`.execute(db);
    total = Number(counted.rows[0]?.total ?? 0);
  }
  return { total, page: query.page, pageSize: query.pageSize, tests: rows.map(toTest) };
}

const groupKey: Record<SummaryDimension, { key: RawBuilder<unknown>; label: RawBuilder<unknown> }> = {
  asset: { key: sql`q.attached_to`, label: sql`COALESCE(max(q.asset_name), 'Tests of several assets')` },
  domain: { key: sql`q.domain`, label: sql`COALESCE(q.domain, 'No domain')` },
  owner: { key: sql`q.owner`, label: sql`COALESCE(q.owner, 'No owner')` },
};

interface GroupRow {
  grand: number;
  key: string | null;
  label: string;
  tests: number | string;
  passing: number | string;
  failing: number | string;
  warning: number | string;
  other: number | string;
  flaky: number | string;
  failing_rows: number | string | null;
  groups: number | string;
}

const toGroup = (row: GroupRow): QualityGroup => ({
  key: row.key,
  label: row.label,
  tests: Number(row.tests),
  passing: Number(row.passing),
  failing: Number(row.failing),
  warning: Number(row.warning),
  other: Number(row.other),
  flaky: Number(row.flaky),
  failingRows: Number(row.failing_rows ?? 0),
});

/** One statement: a row per group (worst first) and the totals row (GROUPING SETS). */
export async function qualitySummary(
  db: Db,
  organisation: string,
  query: QualitySummaryQuery,
): Promise<{ by: SummaryDimension; groups: QualityGroup[]; totals: QualityGroup; groupCount: number }> {
  const { key, label } = groupKey[query.by];
  const { rows } = await sql<GroupRow>`
    SELECT GROUPING(${key}) AS grand, ${key} AS key,
      CASE WHEN GROUPING(${key}) = 1 THEN 'All tests' ELSE ${label} END AS label,
      count(*) AS tests,
      count(*) FILTER (WHERE q.status = 'pass') AS passing,
      count(*) FILTER (WHERE q.status IN ('fail', 'error')) AS failing,
      count(*) FILTER (WHERE q.status = 'warn') AS warning,
      count(*) FILTER (WHERE q.status IN ('skipped', 'unknown')) AS other,
      count(*) FILTER (WHERE q.flips >= ${FLAKY_MIN_FLIPS}) AS flaky,
      sum(q.last_failures) FILTER (WHERE q.status IN ('fail', 'error', 'warn')) AS failing_rows,
      count(*) OVER () - 1 AS groups
    FROM ${testsOf(organisation)}
    WHERE ${whereOf(query)}
    GROUP BY GROUPING SETS ((${key}), ())
    ORDER BY GROUPING(${key}) DESC, count(*) FILTER (WHERE q.status IN ('fail', 'error')) DESC, count(*) FILTER (WHERE q.status = 'warn') DESC, count(*) DESC, 3
    LIMIT ${query.limit + 1}`.execute(db);
  const grand = rows.find((row) => Number(row.grand) === 1);
  const empty: QualityGroup = {
    key: null,
    label: 'All tests',
    tests: 0,
    passing: 0,
    failing: 0,
    warning: 0,
    other: 0,
    flaky: 0,
    failingRows: 0,
  };
  return {
    by: query.by,
    groups: rows.filter((row) => Number(row.grand) === 0).map(toGroup),
    totals: grand ? toGroup(grand) : empty,
    groupCount: Math.max(0, Number(rows[0]?.groups ?? 0)),
  };
}

/** One test with its last HISTORY_RUNS_MAX results, newest first; 404 for a test the organisation does not have. */
export async function testHistory(db: Db, organisation: string, testId: string): Promise<{ test: QualityTest; runs: TestRun[] }> {
  const found = await sql<TestRow>`SELECT q.* FROM ${testsOf(organisation)} WHERE q.unique_id = ${testId}`.execute(db);
  const row = found.rows[0];
  if (!row) throw new QualityNotFoundError('test');
  const runs = await db
    .selectFrom('catalog_read_run_results')
    .select(['status', 'failures', 'message', 'executed_at', 'execution_time'])
    .select(testStatus(sql`status`).as('test_status'))
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', testId)
    // Newest first by when each run ran, not when it was uploaded.
    .orderBy(sql`executed_at DESC NULLS LAST`)
    .orderBy('id', 'desc')
    .limit(HISTORY_RUNS_MAX)
    .execute();
  return {
    test: toTest(row),
    runs: runs.map((run) => ({
      executedAt: iso(run.executed_at),
      status: run.test_status as TestStatus,
      failures: run.failures,
      message: run.message,
      executionTime: run.execution_time,
    })),
  };
}
