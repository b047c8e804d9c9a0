// A data product's objective, judged on what the store already holds: the latest freshness
// result of every source the product reads (its own sources and those upstream of its other
// assets) and the last result of every data test on its assets (an exposure's tests are those
// of the assets it depends on directly). Each check says what it found and, when not met, why —
// one reason per stale source or failing test.
import { sql } from 'kysely';
import type { ObjectiveCheck, ObjectiveStatus, ProductObjective } from '@common/catalog-domains/productsContract';
import type { StoreDb } from '../../platform/store/openStore.js';

const REASONS_SHOWN = 20;
const PASSING = ['pass', 'success'];
const RESULTS = ['pass', 'success', 'fail', 'warn', 'error', 'runtime error'];

interface SourceRow {
  unique_id: string;
  name: string;
  source_name: string | null;
  max_loaded_at: Date | string | null;
  status: string | null;
}

interface TestRow {
  unique_id: string;
  name: string;
  last_status: string | null;
}

function hours(value: number): string {
  return value >= 48 ? `${(value / 24).toFixed(1)} days` : `${value.toFixed(1)} hours`;
}

async function freshnessCheck(
  db: StoreDb,
  organisation: string,
  productId: string,
  limitHours: number,
  now: Date,
): Promise<ObjectiveCheck> {
  const { rows } = await sql<SourceRow>`
    WITH RECURSIVE up(id) AS (
      SELECT unique_id FROM catalog_product_members WHERE product_id = ${productId}
      UNION
      SELECT e.parent_id FROM catalog_read_edges e JOIN up ON e.child_id = up.id WHERE e.organisation_id = ${organisation}
    )
    SELECT n.unique_id, n.name, n.source_name, f.max_loaded_at, f.status
    FROM up
    JOIN catalog_read_nodes n ON n.organisation_id = ${organisation} AND n.unique_id = up.id AND n.resource_type = 'source'
    LEFT JOIN LATERAL (
      SELECT r.max_loaded_at, r.status FROM catalog_read_freshness r
      WHERE r.organisation_id = ${organisation} AND r.unique_id = n.unique_id
      ORDER BY r.checked_at DESC, r.id DESC LIMIT 1
    ) f ON true
    ORDER BY n.source_name, n.name`.execute(db);
  const reasons: string[] = [];
  let fresh = 0;
  for (const source of rows) {
    const label = source.source_name ? `${source.source_name}.${source.name}` : source.name;
    if (!source.max_loaded_at) {
      reasons.push(`${label}: no load time known yet`);
      continue;
    }
    const age = (now.getTime() - new Date(source.max_loaded_at).getTime()) / 3_600_000;
    if (age <= limitHours) fresh += 1;
    else reasons.push(`${label}: last loaded ${hours(age)} ago`);
  }
  const summary =
    rows.length === 0 ? 'The product reads no source.' : `${fresh} of ${rows.length} sources loaded within ${limitHours} hours.`;
  return { kind: 'freshness', met: reasons.length === 0, summary, reasons: capped(reasons) };
}

async function testCheck(db: StoreDb, organisation: string, productId: string, minRate: number): Promise<ObjectiveCheck> {
  const { rows } = await sql<TestRow>`
    WITH scope AS (
      SELECT m.unique_id FROM catalog_product_members m WHERE m.product_id = ${productId}
      UNION
      SELECT e.parent_id FROM catalog_product_members m
      JOIN catalog_read_edges e ON e.organisation_id = ${organisation} AND e.child_id = m.unique_id
      WHERE m.product_id = ${productId} AND m.unique_id LIKE 'exposure.%'
    )
    SELECT DISTINCT t.unique_id, t.name, s.last_status
    FROM scope
    JOIN catalog_read_tests t ON t.organisation_id = ${organisation} AND t.attached_to = scope.unique_id AND t.test_type <> 'unit'
    LEFT JOIN quality_read_test_states s ON s.organisation_id = ${organisation} AND s.test_id = t.unique_id
    ORDER BY t.name`.execute(db);
  const judged = rows.filter((test) => test.last_status !== null && RESULTS.includes(test.last_status));
  const passing = judged.filter((test) => PASSING.includes(test.last_status ?? ''));
  const rate = judged.length > 0 ? (passing.length / judged.length) * 100 : null;
  const reasons: string[] = [];
  if (rate === null)
    reasons.push(rows.length === 0 ? 'No data tests cover the product’s assets.' : 'None of the product’s tests has a result yet.');
  else if (rate < minRate) {
    for (const test of judged) if (!PASSING.includes(test.last_status ?? '')) reasons.push(`${test.name}: ${test.last_status}`);
  }
  const summary =
    rate === null
      ? `No test results (objective: at least ${minRate}% passing).`
      : `${passing.length} of ${judged.length} tests passing (${rate.toFixed(1)}%; objective: at least ${minRate}%).`;
  return { kind: 'tests', met: rate !== null && rate >= minRate, summary, reasons: capped(reasons) };
}

function capped(reasons: string[]): string[] {
  return reasons.length > REASONS_SHOWN ? [...reasons.slice(0, REASONS_SHOWN), `… and ${reasons.length - REASONS_SHOWN} more`] : reasons;
}

export async function evaluateObjective(
  db: StoreDb,
  organisation: string,
  productId: string,
  objective: ProductObjective,
  now = new Date(),
): Promise<ObjectiveStatus> {
  const checks: ObjectiveCheck[] = [];
  if (objective.freshnessHours !== null) checks.push(await freshnessCheck(db, organisation, productId, objective.freshnessHours, now));
  if (objective.minTestPassRate !== null) checks.push(await testCheck(db, organisation, productId, objective.minTestPassRate));
  return { met: checks.length === 0 ? null : checks.every((check) => check.met), checks };
}
