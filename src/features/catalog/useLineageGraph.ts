// The lineage page's graph: the answer around the focus at the chosen depths, plus whatever the
// user expanded since. A new focus, depth or type filter starts again from the server's answer.
import { useCallback, useState } from 'react';
import type { LineageResponse } from '@common/dbt/catalogContract';
import { apiErrorMessage } from '../../api/apiError';
import { dbtApi, useGetLineageQuery, type LineageRequest } from '../../api/dbtApi';
import { emptyGraph, mergeLineage, type LineageGraphModel } from '../../components/lineage/graphModel';
import { useAppDispatch } from '../../state/hooks';

export interface LineageGraphState {
  model: LineageGraphModel | null;
  truncated: boolean;
  loading: boolean;
  error: string | null;
  expandError: string | null;
  refetch: () => void;
  expand: (uniqueId: string, direction: 'upstream' | 'downstream') => void;
}

export function useLineageGraph(request: LineageRequest): LineageGraphState {
  const dispatch = useAppDispatch();
  const { currentData, error, isFetching, refetch } = useGetLineageQuery(request);
  const [model, setModel] = useState<LineageGraphModel | null>(null);
  const [expandError, setExpandError] = useState<string | null>(null);
  // A new answer (other focus, depth or types) starts the graph again, set while rendering so the
  // old graph is never drawn with the new request's controls.
  const [answered, setAnswered] = useState<LineageResponse | undefined>(undefined);
  if (answered !== currentData) {
    setAnswered(currentData);
    setModel(currentData ? mergeLineage(emptyGraph(currentData.focus), currentData) : null);
    setExpandError(null);
  }

  const expand = useCallback(
    (uniqueId: string, direction: 'upstream' | 'downstream') => {
      const step: LineageRequest = {
        focus: uniqueId,
        upstream: direction === 'upstream' ? 1 : 0,
        downstream: direction === 'downstream' ? 1 : 0,
        types: request.types,
      };
      const subscription = dispatch(dbtApi.endpoints.getLineage.initiate(step, { subscribe: false }));
      subscription
        .unwrap()
        .then((answer: LineageResponse) => setModel((current) => (current ? mergeLineage(current, answer) : current)))
        .catch((failure: unknown) => setExpandError(`Could not expand ${uniqueId}: ${apiErrorMessage(failure)}`));
    },
    [dispatch, request.types],
  );

  return {
    model,
    truncated: currentData?.truncated ?? false,
    loading: isFetching && !currentData,
    error: error && !isFetching ? apiErrorMessage(error) : null,
    expandError,
    refetch: () => void refetch(),
    expand,
  };
}
