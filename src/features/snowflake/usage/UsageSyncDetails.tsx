// The usage copy's history, folded away under the "data as of" line: the last syncs (kind,
// outcome, rows, statements sent to the account, duration) and what syncing cost. A native
// <details> keeps it keyboard- and screen-reader-friendly without any script.
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount, formatDuration } from '../../../components/format';
import { SimpleTable } from '../../../components/SimpleTable';

interface UsageSyncDetailsProps {
  status: UsageSyncStatus;
  currency: string;
  summary: string;
}

const statusText = { succeeded: 'Succeeded', failed: 'Failed', cancelled: 'Cancelled' } as const;

export function UsageSyncDetails({ status, summary }: UsageSyncDetailsProps) {
  return (
    <details className="mt-1 small">
      <summary>Sync history and cost</summary>
      <p className="mt-2 mb-2">
        The Optimize pages read a copy of the account&apos;s usage views, kept up to date every few minutes to hours. Snowflake shows usage
        up to three hours late, so the figures are complete up to the time above. {summary}. Credits count the sync&apos;s own statements
        once the account reports them.
      </p>
      <SimpleTable
        caption="Recent usage syncs"
        className="table table-sm mb-0"
        rows={status.recentRuns}
        empty={null}
        columns={[
          { header: 'Finished', cell: (run) => <DateTimeText iso={run.finishedAt} /> },
          { header: 'Kind', cell: (run) => (run.kind === 'backfill' ? 'Backfill' : 'Incremental') },
          { header: 'Outcome', cell: (run) => (run.error ? `${statusText[run.status]}: ${run.error}` : statusText[run.status]) },
          { header: 'Rows copied', className: 'text-end', cell: (run) => formatCount(run.rowsCopied) },
          { header: 'Statements', className: 'text-end', cell: (run) => formatCount(run.sourceStatements) },
          { header: 'Took', className: 'text-end', cell: (run) => formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt)) },
        ]}
      />
    </details>
  );
}
