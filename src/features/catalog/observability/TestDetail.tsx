// One test's history across ingested runs: failing rows per run as a chart, every run in a
// table beside it, and the profile of the asset it tests.
import { useGetTestHistoryQuery } from '../../../api/catalogQualityApi';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount, formatDateTime } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import type { TestRun } from '@common/catalog-quality/qualityContract';
import { ProfilePanel } from './ProfilePanel';
import { TestStatusBadge } from './StatusBadge';

const columns: DataColumn<TestRun>[] = [
  { id: 'at', header: 'Run', rowHeader: true, value: (run) => run.executedAt, cell: (run) => <DateTimeText iso={run.executedAt} /> },
  { id: 'status', header: 'Status', value: (run) => run.status, cell: (run) => <TestStatusBadge status={run.status} /> },
  { id: 'failures', header: 'Failing rows', numeric: true, value: (run) => run.failures },
  { id: 'message', header: 'Message', value: (run) => run.message },
];

export function TestDetail({ testId }: { testId: string }) {
  const testHistory = useGetTestHistoryQuery(testId);
  return (
    <div id="test-detail">
      <QueryResult query={testHistory} loadingLabel="Loading the test's history…" errorTitle="The test's history could not be loaded">
        {({ test, runs }) => {
          const oldestFirst = [...runs].reverse();
          return (
            <>
              <Panel
                title={`History of ${test.name}`}
                description={`${formatCount(test.runs)} runs ingested; the last ${formatCount(runs.length)} shown. ${test.flips} status changes over the last ${test.recent.length}.`}
              >
                {test.message ? <p className="small">{test.message}</p> : null}
                <BarChart
                  title={`Failing rows of ${test.name} per run`}
                  labels={oldestFirst.map((run) => formatDateTime(run.executedAt))}
                  series={[{ label: 'Failing rows', values: oldestFirst.map((run) => run.failures ?? 0) }]}
                  formatValue={formatCount}
                  height={220}
                />
                <DataTable
                  caption={`Runs of ${test.name}`}
                  columns={columns}
                  rows={runs}
                  rowKey={(run, index) => `${run.executedAt ?? ''}-${index}`}
                  exportFileName={csvFileName(`test history ${test.name}`)}
                  pageSize={10}
                />
              </Panel>
              {test.assetId && test.type !== 'unit' ? (
                <ProfilePanel assetId={test.assetId} assetName={test.assetName ?? test.assetId} />
              ) : null}
            </>
          );
        }}
      </QueryResult>
    </div>
  );
}
