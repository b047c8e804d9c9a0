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

export function SuggestionsPanel({ editor }: { editor: boolean }) {
  const { currentData, data, error, isFetching, refetch } = useListSuggestionsQuery();
  const [scan, scanning] = useScanSuggestionsMutation();
  const [decide, deciding] = useDecideSuggestionMutation();
  const [started, setStarted] = useState<string | null>(null);
  const jobId = started ?? data?.scan.jobId ?? null;
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
        data={currentData ?? data}
        error={error}
        isFetching={isFetching}
        refetch={refetch}
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
            {suggestions.length === 0 ? (
              <p className="mb-0">No suggestion waits for a decision.</p>
            ) : (
              <div className="table-responsive">
                <table className="table table-sm align-middle mb-0">
                  <caption className="visually-hidden">Suggested personal data</caption>
                  <thead>
                    <tr>
                      <th scope="col">Column</th>
                      <th scope="col">Suggested tag</th>
                      <th scope="col">Why</th>
                      {editor ? <th scope="col">Decision</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {suggestions.map((suggestion) => {
                      const target = `${suggestion.nodeName}.${suggestion.columnName}`;
                      return (
                        <tr key={suggestion.id}>
                          <th scope="row">
                            <Link to={nodePagePath(suggestion.nodeId)}>{target}</Link>
                          </th>
                          <td>{`${suggestion.classification}.${suggestion.tag}`}</td>
                          <td>{suggestion.evidence}</td>
                          {editor ? (
                            <td className="text-nowrap">
                              <button
                                type="button"
                                className="btn btn-outline-success btn-sm me-2"
                                disabled={deciding.isLoading}
                                aria-label={`Accept ${suggestion.classification}.${suggestion.tag} for ${target}`}
                                onClick={() => void decide({ id: suggestion.id, decision: 'accept' })}
                              >
                                Accept
                              </button>
                              <button
                                type="button"
                                className="btn btn-outline-secondary btn-sm"
                                disabled={deciding.isLoading}
                                aria-label={`Reject ${suggestion.classification}.${suggestion.tag} for ${target}`}
                                onClick={() => void decide({ id: suggestion.id, decision: 'reject' })}
                              >
                                Reject
                              </button>
                            </td>
                          ) : null}
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
