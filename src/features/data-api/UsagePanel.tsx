// Usage of the organisation's data APIs: calls over time (successes and errors), latency
// percentiles, status codes and a breakdown per endpoint and key, filtered by range, endpoint
// and key; the calls themselves export as CSV (streamed by the server).
import { useMemo, useState } from 'react';
import type { ApiKeySummary, EndpointSummary, UsageReport } from '@common/data-api/dataApiContract';
import { apiErrorMessage } from '../../api/apiError';
import { apiClient } from '../../api/client';
import { useGetDataApiUsageQuery, usageCsvUrl } from '../../api/dataApiApi';
import { BarChart } from '../../components/charts/BarChart';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';
import { downloadTextFile } from '../../components/downloadFile';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { QueryResult } from '../../components/QueryResult';

const RANGES = [
  { id: '24h', label: 'Last 24 hours', hours: 24, bucket: 'hour' },
  { id: '7d', label: 'Last 7 days', hours: 24 * 7, bucket: 'hour' },
  { id: '30d', label: 'Last 30 days', hours: 24 * 30, bucket: 'day' },
] as const;

type BreakdownRow = UsageReport['breakdown'][number];

const breakdownColumns: DataColumn<BreakdownRow>[] = [
  { id: 'endpoint', header: 'Endpoint', value: (row) => row.endpoint, rowHeader: true },
  { id: 'key', header: 'Key', value: (row) => row.keyName },
  { id: 'calls', header: 'Calls', value: (row) => row.calls, numeric: true },
  { id: 'rows', header: 'Rows returned', value: (row) => row.rows, numeric: true },
  { id: 'p50', header: 'p50 ms', value: (row) => row.p50, numeric: true },
  { id: 'p95', header: 'p95 ms', value: (row) => row.p95, numeric: true },
  { id: 'p99', header: 'p99 ms', value: (row) => row.p99, numeric: true },
  {
    id: 'statuses',
    header: 'Status codes',
    value: (row) =>
      Object.entries(row.statuses)
        .map(([status, calls]) => `${status}: ${calls}`)
        .join(', '),
    sortable: false,
  },
];

// The filter row's selects: small, each in a column of the row.
const smallField = { control: 'select', compact: true, className: 'col-sm-6 col-lg-3' } as const;

const bucketLabel = (iso: string, bucket: 'hour' | 'day') =>
  bucket === 'day' ? iso.slice(0, 10) : `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;

interface UsagePanelProps {
  endpoints: readonly EndpointSummary[];
  keys: readonly ApiKeySummary[];
}

export function UsagePanel({ endpoints, keys }: UsagePanelProps) {
  const [range, setRange] = useState<(typeof RANGES)[number]['id']>('24h');
  const [endpoint, setEndpoint] = useState('');
  const [key, setKey] = useState('');
  // The range ends when it was chosen (or refreshed), so the query stays the same between renders.
  const [until, setUntil] = useState(() => Date.now());
  const [exportError, setExportError] = useState<string | null>(null);
  const chosen = RANGES.find((candidate) => candidate.id === range) ?? RANGES[0];
  const params = useMemo(() => {
    const to = new Date(until + 60_000);
    const from = new Date(until - chosen.hours * 3_600_000);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      bucket: chosen.bucket,
      ...(endpoint ? { endpoint } : {}),
      ...(key ? { key } : {}),
    };
  }, [until, chosen, endpoint, key]);
  const usage = useGetDataApiUsageQuery(params);

  const exportCsv = async () => {
    setExportError(null);
    try {
      const response = await apiClient.get<string>(usageCsvUrl(), { params, responseType: 'text' });
      downloadTextFile(`data-api-usage-${params.from.slice(0, 10)}.csv`, response.data);
    } catch (error) {
      setExportError(apiErrorMessage(error));
    }
  };

  return (
    <div>
      <form className="row g-2 align-items-end mb-3" aria-label="Usage filters" onSubmit={(event) => event.preventDefault()}>
        <FormField
          id="usage-range"
          label="Range"
          {...smallField}
          value={range}
          onValue={(value) => {
            setRange(value as typeof range);
            setUntil(Date.now());
          }}
        >
          {RANGES.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </FormField>
        <FormField id="usage-endpoint" label="Endpoint" {...smallField} value={endpoint} onValue={setEndpoint}>
          <option value="">All endpoints</option>
          {endpoints.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </FormField>
        <FormField id="usage-key" label="Key" {...smallField} value={key} onValue={setKey}>
          <option value="">All keys</option>
          {keys.map((option) => (
            <option key={option.id} value={option.id}>
              {`${option.name} (${option.prefix})`}
            </option>
          ))}
        </FormField>
        <div className="col-auto d-flex gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setUntil(Date.now())}>
            Refresh
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void exportCsv()}>
            Export CSV
          </button>
        </div>
      </form>
      {exportError ? <InlineError>{exportError}</InlineError> : null}
      <QueryResult query={usage} loadingLabel="Loading usage" errorTitle="Usage could not be loaded">
        {(report) => {
          const total = report.series.reduce((sum, bucket) => sum + bucket.calls, 0);
          if (total === 0) return <p className="mb-0">No calls in this range.</p>;
          const labels = report.series.map((bucket) => bucketLabel(bucket.start, report.bucket));
          return (
            <>
              <p className="small" role="status">
                {total} {total === 1 ? 'call' : 'calls'} · status codes:{' '}
                {Object.entries(report.statuses)
                  .map(([status, calls]) => `${status} × ${calls}`)
                  .join(', ')}
              </p>
              <div className="row g-3 mb-3">
                <div className="col-lg-6">
                  <BarChart
                    title={`Calls per ${report.bucket}`}
                    labels={labels}
                    stacked
                    series={[
                      { label: 'Succeeded', values: report.series.map((bucket) => bucket.calls - bucket.errors) },
                      { label: 'Failed', values: report.series.map((bucket) => bucket.errors) },
                    ]}
                    height={240}
                  />
                </div>
                <div className="col-lg-6">
                  <BarChart
                    title={`Latency per ${report.bucket} (ms)`}
                    labels={labels}
                    series={[
                      { label: 'p50', values: report.series.map((bucket) => bucket.p50) },
                      { label: 'p99', values: report.series.map((bucket) => bucket.p99) },
                    ]}
                    formatValue={(value) => `${value} ms`}
                    height={240}
                  />
                </div>
              </div>
              <DataTable
                caption="Usage per endpoint and key"
                showCaption
                columns={breakdownColumns}
                rows={report.breakdown}
                rowKey={(row) => `${row.endpoint}:${row.keyPrefix}`}
                exportFileName="data-api-usage-summary.csv"
              />
            </>
          );
        }}
      </QueryResult>
    </div>
  );
}
