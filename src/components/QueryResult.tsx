// The three states of a read before its data can be shown, said the same way on every page:
// loading, failed (with the server's message and a Retry), and then the data.
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../api/apiError';
import { ErrorAlert } from './ErrorAlert';
import { LoadingState } from './LoadingState';

interface QueryResultProps<T> {
  /** The data for the current request only (RTK Query's `currentData`): never a previous range's. */
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  loadingLabel: string;
  /** What could not be loaded, e.g. "The cost summary could not be loaded". */
  errorTitle: string;
  children: (data: T) => ReactNode;
}

export function QueryResult<T>({ data, error, isFetching, refetch, loadingLabel, errorTitle, children }: QueryResultProps<T>) {
  if (error && !isFetching) {
    return <ErrorAlert title={errorTitle} message={apiErrorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (data === undefined) return <LoadingState label={loadingLabel} />;
  return <>{children(data)}</>;
}
