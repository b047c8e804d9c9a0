// An asset's profile on the warehouse: the latest figures per column, earlier profiles' row
// counts, and "Profile now" (a job with progress and Cancel) — on the Data Quality page and the
// asset page.
import { useEffect, useState } from 'react';
import type { ColumnProfile } from '@common/catalog-quality/qualityContract';
import { apiErrorMessage } from '../../../api/apiError';
import { invalidateProfiles, useGetProfilesQuery, useStartProfileMutation } from '../../../api/catalogQualityApi';
import { useCancelJobMutation } from '../../../api/live/jobsApi';
import { useJobProgress } from '../../../api/live/useJobProgress';
import { csvFileName } from '../../../components/csv';
import { DataTable } from '../../../components/DataTable';
import type { DataColumn } from '../../../components/dataColumn';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount, formatDuration, formatPercent } from '../../../components/format';
import { InlineError } from '../../../components/InlineError';
import { JobProgress } from '../../../components/JobProgress';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { useAppDispatch } from '../../../state/hooks';

/**
 * Nulls as a count beside the share, so 3 nulls in 12,000 rows (what a failing not-null test
 * reports) never reads as "0%".
 */
export function nullText(column: Pick<ColumnProfile, 'nullCount' | 'nullShare'>): string {
  if (column.nullCount === 0) return '0';
  const share = column.nullShare < 0.001 ? '< 0.1%' : formatPercent(column.nullShare);
  return `${formatCount(column.nullCount)} (${share})`;
}

const columns: DataColumn<ColumnProfile>[] = [
  { id: 'name', header: 'Column', rowHeader: true, value: (column) => column.name },
  { id: 'type', header: 'Type', value: (column) => column.dataType },
  { id: 'nulls', header: 'Nulls', numeric: true, value: (column) => column.nullCount, cell: (column) => nullText(column) },
  {
    id: 'distinct',
    header: 'Distinct',
    numeric: true,
    value: (column) => column.distinctCount,
    cell: (column) => formatCount(column.distinctCount),
  },
  { id: 'min', header: 'Min', value: (column) => column.min },
  { id: 'max', header: 'Max', value: (column) => column.max },
  {
    id: 'top',
    header: 'Top values',
    sortable: false,
    value: (column) => column.topValues.map((top) => `${top.value ?? 'null'} (${top.count})`).join(', '),
  },
];

function RunningProfile({ jobId, assetId, onDone }: { jobId: string; assetId: string; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const { job } = useJobProgress(jobId);
  const [cancel, cancelling] = useCancelJobMutation();
  useEffect(() => {
    if (job?.finished) {
      dispatch(invalidateProfiles(assetId));
      if (job.state === 'succeeded') onDone();
    }
  }, [assetId, dispatch, job?.finished, job?.state, onDone]);
  return (
    <div className="mb-3">
      <JobProgress jobId={jobId} label="Profiling the table" />
      {job && !job.finished ? (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm mt-2"
          disabled={cancelling.isLoading}
          onClick={() => void cancel(jobId)}
        >
          Cancel profiling
        </button>
      ) : null}
    </div>
  );
}

export function ProfilePanel({ assetId, assetName }: { assetId: string; assetName: string }) {
  const profilesQuery = useGetProfilesQuery(assetId);
  const [start, starting] = useStartProfileMutation();
  const [jobId, setJobId] = useState<string | null>(null);
  const profile = async () => {
    const result = await start(assetId);
    if ('data' in result && result.data) setJobId(result.data.jobId);
  };
  const action = (
    <button type="button" className="btn btn-outline-primary btn-sm" disabled={starting.isLoading} onClick={() => void profile()}>
      Profile now
    </button>
  );
  return (
    <Panel
      title={`Profile of ${assetName}`}
      description="Per column: nulls, distinct values, min, max and top values, computed on the warehouse."
      actions={action}
    >
      {starting.error ? <InlineError>{apiErrorMessage(starting.error)}</InlineError> : null}
      {jobId ? <RunningProfile jobId={jobId} assetId={assetId} onDone={() => setJobId(null)} /> : null}
      <QueryResult query={profilesQuery} loadingLabel="Loading the profile…" errorTitle="The profile could not be loaded">
        {({ latest, history }) =>
          latest ? (
            <>
              <p className="small mb-2">
                {`${latest.relation}: ${formatCount(latest.rowCount)} rows`}
                {latest.sampledRows !== null ? `, column figures from a sample of ${formatCount(latest.sampledRows)} rows` : ''}
                {latest.distinctMethod === 'approximate'
                  ? ', distinct counts approximate (HyperLogLog, within a few percent)'
                  : ', distinct counts exact'}
                . Profiled <DateTimeText iso={latest.profiledAt} />
                {latest.profiledBy ? ` by ${latest.profiledBy}` : ''} in {formatDuration(latest.milliseconds)}.
              </p>
              <DataTable
                caption={`Columns of ${assetName}`}
                columns={columns}
                rows={latest.columns}
                rowKey={(column) => column.name}
                exportFileName={csvFileName(`profile ${assetName}`)}
                pageSize={25}
              />
              {history.length > 1 ? (
                <p className="small text-body-secondary mb-0">
                  Earlier profiles:{' '}
                  {history
                    .slice(1, 6)
                    .map((entry) => `${formatCount(entry.rowCount)} rows on ${new Date(entry.profiledAt).toLocaleDateString()}`)
                    .join('; ')}
                  .
                </p>
              ) : null}
            </>
          ) : (
            <p className="mb-0">Not profiled yet.</p>
          )
        }
      </QueryResult>
    </Panel>
  );
}
