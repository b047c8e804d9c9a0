// A sync job's log in the page: the last attempt's lines (the one that decided how the job ended),
// in a scrollable region reachable by keyboard, with how many attempts there were; every attempt's
// log is in the download on the Timeline.
import type { SyncJobSummary } from '@common/integrations/integrationsContract';
import { useGetJobLogQuery } from '../../api/integrationsApi';
import { DateTimeText } from '../../components/DateTimeText';
import { QueryResult } from '../../components/QueryResult';
import { attemptLogs } from './jobLogAttempts';

export function JobLogViewer({ job, onClose }: { job: SyncJobSummary; onClose: () => void }) {
  const log = useGetJobLogQuery(job.id);
  const what = job.kind === 'reset' ? 'reset' : 'sync';
  return (
    <section className="border rounded p-3 mb-3" aria-labelledby={`log-title-${job.id}`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 className="h6 mb-0" id={`log-title-${job.id}`}>
          {`Log of the ${what} of `}
          <DateTimeText iso={job.startedAt ?? job.createdAt} />
        </h2>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          Close the log
        </button>
      </div>
      <QueryResult query={log} loadingLabel="Loading the log…" errorTitle="The log could not be loaded">
        {(text) => {
          const attempts = attemptLogs(text);
          const last = attempts.at(-1);
          if (!last) return <p>This job wrote no log (it has not started yet).</p>;
          return (
            <>
              <p className="small text-body-secondary mb-1">
                {attempts.length > 1
                  ? `The last of ${attempts.length} attempts (attempt ${last.number}); the download holds every attempt's log.`
                  : `Attempt ${last.number}.`}
              </p>
              <pre
                className="bg-body-tertiary border rounded p-2 small mb-0"
                style={{ maxHeight: '24rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
                tabIndex={0}
                aria-label={`Log of attempt ${last.number}`}
              >
                {last.text || '(empty)'}
              </pre>
            </>
          );
        }}
      </QueryResult>
    </section>
  );
}
