// The signals an ingestion's test results raise (common/signals/signalTypes.ts): a failing or
// erroring test is a `test_failure`, a warning a `test_warning`, each about the asset the test
// is attached to. Read after the ingestion commits; reported without waiting for listeners.
import { catalogAssetPath } from '@common/paths';
import type { SignalInput } from '@common/signals/signalTypes';
import type { StoreDb } from '../../platform/store/openStore.js';

/** More results than this from one run are reported as the first ones only (and logged), so one broken run cannot flood a channel. */
export const TEST_SIGNALS_PER_INGESTION_MAX = 200;

export async function testSignalsOf(
  db: StoreDb,
  organisation: string,
  ingestionId: string,
): Promise<{ signals: SignalInput[]; total: number }> {
  const rows = await db
    .selectFrom('catalog_read_run_results as result')
    .innerJoin('catalog_read_tests as test', (join) =>
      join.onRef('test.organisation_id', '=', 'result.organisation_id').onRef('test.unique_id', '=', 'result.unique_id'),
    )
    .select(['result.unique_id', 'result.status', 'result.failures', 'result.message', 'test.name', 'test.attached_to', 'test.column_name'])
    .where('result.organisation_id', '=', organisation)
    .where('result.ingestion_id', '=', ingestionId)
    .where('result.status', 'in', ['fail', 'error', 'warn'])
    .orderBy('result.unique_id')
    .execute();
  const signals = rows.slice(0, TEST_SIGNALS_PER_INGESTION_MAX).map((row): SignalInput => {
    const on = row.attached_to
      ? ` on ${row.attached_to.split('.').pop() ?? row.attached_to}${row.column_name ? `.${row.column_name}` : ''}`
      : '';
    const failing = row.failures !== null && row.failures > 0 ? ` with ${row.failures.toLocaleString('en')} failing rows` : '';
    return {
      organisation,
      kind: row.status === 'warn' ? 'test_warning' : 'test_failure',
      title: `Test ${row.name}${on} ${row.status === 'warn' ? 'warned' : row.status === 'error' ? 'errored' : 'failed'}`,
      body: `The latest dbt run reported ${row.status}${failing}.${row.message ? ` ${row.message.slice(0, 500)}` : ''}`,
      link: row.attached_to ? catalogAssetPath(row.attached_to) : null,
      assetId: row.attached_to,
      facts: { testId: row.unique_id, status: row.status, failures: row.failures },
    };
  });
  return { signals, total: rows.length };
}
