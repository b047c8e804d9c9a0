// Suggested personal data waiting for a person: each column with what matched (its name or its
// sampled values), accepted (PII.Sensitive is applied) or rejected (never suggested again).
// The scan runs on the job runner; its progress is shown while it runs, then the list refreshes.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../../../api/apiError';
import {
  invalidateClassifications,
  useDecideSuggestionMutation,
  useListSuggestionsQuery,
  useScanSuggestionsMutation,
} from '../../../../api/catalogGovernanceApi';
import { useJobProgress } from '../../../../api/live/useJobProgress';
import { DateTimeText } from '../../../../components/DateTimeText';
import { InlineError } from '../../../../components/InlineError';
import { JobProgress } from '../../../../components/JobProgress';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { SimpleTable } from '../../../../components/SimpleTable';
import { useAppDispatch } from '../../../../state/hooks';
import { nodePagePath } from '../../nodePagePath';

function RunningScan({ jobId }: { jobId: string }) {
  const dispatch = useAppDispatch();
  const { job } = useJobProgress(jobId);
  useEffect(() => {
    if (job?.finished) dispatch(invalidateClassifications());
  }, [dispatch, job?.finished]);
  if (job?.finished) return null;
  return (
    <div className="mb-3">
      <JobProgress jobId={jobId} label="Looking for personal data" />
    </div>
  );
}

// The two answers a person gives a suggestion, each a button of its own.
const decisions = [
  { decision: 'accept', label: 'Accept', className: 'btn btn-outline-success btn-sm me-2' },
  { decision: 'reject', label: 'Reject', className: 'btn btn-outline-secondary btn-sm' },
] as const;

export function SuggestionsPanel({ editor }: { editor: boolean }) {
  const suggestionsQuery = useListSuggestionsQuery();
  const [scan, scanning] = useScanSuggestionsMutation();
  const [decide, deciding] = useDecideSuggestionMutation();
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? suggestionsQuery.data?.scan.jobId ?? null;
  const action = editor ? (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      disabled={scanning.isLoading}
      onClick={() => void scan().then((result) => 'data' in result && result.data && setStarted(result.data.jobId))}
    >
      Scan again
    </button>
  ) : null;
  return (
    <Panel
      title="Suggested personal data"
      description="Columns whose names or sampled values look personal. A person accepts (PII.Sensitive is applied) or rejects each."
      actions={action}
    >
      {scanning.error ? <InlineError>{apiErrorMessage(scanning.error)}</InlineError> : null}
      {deciding.error ? <InlineError>{apiErrorMessage(deciding.error)}</InlineError> : null}
      {jobId ? <RunningScan jobId={jobId} /> : null}
      <QueryResult
        query={suggestionsQuery}
        keepWhileRefetching
        loadingLabel="Loading the suggestions…"
        errorTitle="The suggestions could not be loaded"
      >
        {({ suggestions, scan: last }) => (
          <>
            {last.scannedAt ? (
              <p className="small text-body-secondary">
                Last scan finished <DateTimeText iso={last.scannedAt} />.
              </p>
            ) : null}
            <SimpleTable
              caption="Suggested personal data"
              className="table table-sm align-middle mb-0"
              rows={suggestions}
              empty={<p className="mb-0">No suggestion waits for a decision.</p>}
              columns={[
                {
                  header: 'Column',
                  rowHeader: true,
                  cell: (suggestion) => (
                    <Link to={nodePagePath(suggestion.nodeId)}>{`${suggestion.nodeName}.${suggestion.columnName}`}</Link>
                  ),
                },
                { header: 'Suggested tag', cell: (suggestion) => `${suggestion.classification}.${suggestion.tag}` },
                { header: 'Why', cell: (suggestion) => suggestion.evidence },
                editor && {
                  header: 'Decision',
                  cellClassName: 'text-nowrap',
                  cell: (suggestion) => {
                    const target = `${suggestion.nodeName}.${suggestion.columnName}`;
                    return (
                      <>
                        {decisions.map(({ decision, label, className }) => (
                          <button
                            key={decision}
                            type="button"
                            className={className}
                            disabled={deciding.isLoading}
                            aria-label={`${label} ${suggestion.classification}.${suggestion.tag} for ${target}`}
                            onClick={() => void decide({ id: suggestion.id, decision })}
                          >
                            {label}
                          </button>
                        ))}
                      </>
                    );
                  },
                },
              ]}
            />
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
