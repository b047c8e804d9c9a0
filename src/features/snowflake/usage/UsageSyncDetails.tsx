// The usage copy's history, folded away under the "data as of" line: the last syncs (kind,
// outcome, rows, statements sent to the account, duration) and what syncing cost. A native
// <details> keeps it keyboard- and screen-reader-friendly without any script.
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { DateTimeText } from '../../../components/DateTimeText';
import { formatCount, formatDuration } from '../../../components/format';

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
      {status.recentRuns.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm mb-0">
            <caption className="visually-hidden">Recent usage syncs</caption>
            <thead>
              <tr>
                <th scope="col">Finished</th>
                <th scope="col">Kind</th>
                <th scope="col">Outcome</th>
                <th scope="col" className="text-end">
                  Rows copied
                </th>
                <th scope="col" className="text-end">
                  Statements
                </th>
                <th scope="col" className="text-end">
                  Took
                </th>
              </tr>
            </thead>
            <tbody>
              {status.recentRuns.map((run) => (
                <tr key={run.id}>
                  <td>
                    <DateTimeText iso={run.finishedAt} />
                  </td>
                  <td>{run.kind === 'backfill' ? 'Backfill' : 'Incremental'}</td>
                  <td>{run.error ? `${statusText[run.status]}: ${run.error}` : statusText[run.status]}</td>
                  <td className="text-end">{formatCount(run.rowsCopied)}</td>
                  <td className="text-end">{formatCount(run.sourceStatements)}</td>
                  <td className="text-end">{formatDuration(Date.parse(run.finishedAt) - Date.parse(run.startedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
