// Usage over time for the API management page: calls, errors, rows and latency percentiles per
// hour or day, status codes, and a breakdown per endpoint and key; plus the raw calls as CSV.
import { sql } from 'kysely';
import type { UsageReport } from '@common/data-api/dataApiContract';
import { csvLines } from '../../platform/http/csvExport.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export interface UsageFilter {
  organisation: string;
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
  endpoint?: string;
  key?: string;
}

function base(db: StoreDb, filter: UsageFilter) {
  let query = db
    .selectFrom('data_api_calls as c')
    .where('c.organisation_id', '=', filter.organisation)
    .where('c.called_at', '>=', filter.from)
    .where('c.called_at', '<', filter.to);
  if (filter.endpoint) query = query.where('c.endpoint_id', '=', filter.endpoint);
  if (filter.key) query = query.where('c.key_id', '=', filter.key);
  return query;
}

const round = (value: unknown) => Math.round(Number(value ?? 0) * 10) / 10;

export async function usageReport(db: StoreDb, filter: UsageFilter): Promise<UsageReport> {
  const unit = sql.lit(filter.bucket);
  const [series, statuses, breakdown] = await Promise.all([
    base(db, filter)
      .select([
        sql<Date>`date_trunc(${unit}, c.called_at AT TIME ZONE 'UTC')`.as('start'),
        sql<string>`count(*)`.as('calls'),
        sql<string>`count(*) FILTER (WHERE c.status >= 400)`.as('errors'),
        sql<string>`coalesce(sum(c.rows), 0)`.as('rows'),
        sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY c.latency_ms)`.as('p50'),
        sql<number>`percentile_cont(0.99) WITHIN GROUP (ORDER BY c.latency_ms)`.as('p99'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
    base(db, filter)
      .select(['c.status', sql<string>`count(*)`.as('calls')])
      .groupBy('c.status')
      .execute(),
    base(db, filter)
      .leftJoin('data_api_keys as k', 'k.id', 'c.key_id')
      .select([
        'c.endpoint_name',
        sql<string>`coalesce(k.name, '(no key)')`.as('key_name'),
        sql<string>`coalesce(k.prefix, '')`.as('key_prefix'),
        sql<string>`count(*)`.as('calls'),
        sql<string>`coalesce(sum(c.rows), 0)`.as('rows'),
        sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY c.latency_ms)`.as('p50'),
        sql<number>`percentile_cont(0.95) WITHIN GROUP (ORDER BY c.latency_ms)`.as('p95'),
        sql<number>`percentile_cont(0.99) WITHIN GROUP (ORDER BY c.latency_ms)`.as('p99'),
      ])
      .groupBy(['c.endpoint_name', 'k.name', 'k.prefix'])
      .orderBy(sql`count(*)`, 'desc')
      .execute(),
  ]);
  const statusCounts = await base(db, filter)
    .leftJoin('data_api_keys as k', 'k.id', 'c.key_id')
    .select(['c.endpoint_name', sql<string>`coalesce(k.name, '(no key)')`.as('key_name'), 'c.status', sql<string>`count(*)`.as('calls')])
    .groupBy(['c.endpoint_name', 'k.name', 'c.status'])
    .execute();
  return {
    from: filter.from.toISOString(),
    to: filter.to.toISOString(),
    bucket: filter.bucket,
    series: series.map((row) => ({
      start: new Date(`${new Date(row.start).toISOString().slice(0, 19)}Z`).toISOString(),
      calls: Number(row.calls),
      errors: Number(row.errors),
      rows: Number(row.rows),
      p50: round(row.p50),
      p99: round(row.p99),
    })),
    statuses: Object.fromEntries(statuses.map((row) => [String(row.status), Number(row.calls)])),
    breakdown: breakdown.map((row) => ({
      endpoint: row.endpoint_name,
      keyName: row.key_name,
      keyPrefix: row.key_prefix ? `dw_live_${row.key_prefix}` : '',
      calls: Number(row.calls),
      rows: Number(row.rows),
      p50: round(row.p50),
      p95: round(row.p95),
      p99: round(row.p99),
      statuses: Object.fromEntries(
        statusCounts
          .filter((s) => s.endpoint_name === row.endpoint_name && s.key_name === row.key_name)
          .map((s) => [String(s.status), Number(s.calls)]),
      ),
    })),
  };
}

/** The filter's calls as CSV lines, read from the store in pages so an export never sits in memory whole. */
export async function* usageCsv(db: StoreDb, filter: UsageFilter): AsyncGenerator<string> {
  yield csvLines([['called_at', 'endpoint', 'version', 'key_name', 'key_prefix', 'status', 'latency_ms', 'rows']]);
  let after = '0';
  for (;;) {
    const page = await base(db, filter)
      .leftJoin('data_api_keys as k', 'k.id', 'c.key_id')
      .select(['c.id', 'c.called_at', 'c.endpoint_name', 'c.version', 'k.name', 'k.prefix', 'c.status', 'c.latency_ms', 'c.rows'])
      .where(sql`c.id`, '>', after)
      .orderBy('c.id')
      .limit(1000)
      .execute();
    if (page.length === 0) return;
    yield csvLines(
      page.map((row) => [
        new Date(row.called_at).toISOString(),
        row.endpoint_name,
        row.version ?? '',
        row.name ?? '',
        row.prefix ? `dw_live_${row.prefix}` : '',
        row.status,
        round(row.latency_ms),
        row.rows,
      ]),
    );
    after = String(page[page.length - 1]?.id);
    if (page.length < 1000) return;
  }
}
