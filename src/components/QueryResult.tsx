// The three states of a read before its data can be shown, said the same way on every page:
// loading, failed (with the server's message and a Retry), and then the data.
import type { ReactNode } from 'react';
import { apiErrorMessage } from '../api/apiError';
import { ErrorAlert } from './ErrorAlert';
import { LoadingState } from './LoadingState';

/** The parts of an RTK Query read that QueryResult uses. */
export interface ReadQuery<T> {
  currentData?: T;
  data?: T;
  error?: unknown;
  isFetching: boolean;
  /** The first read is running (RTK Query's own flag); used by `retryInPlace`. */
  isLoading?: boolean;
  refetch: () => unknown;
}

/**
 * Where the data comes from: an RTK Query read as it is (the usual case), or its parts given one
 * by one where a page combines reads or shapes the data first.
 */
type Source<T> =
  | {
      query: ReadQuery<T>;
      /**
       * Keep showing the last data while it is read again (after a save invalidates it), so a form
       * made from it is not replaced by "Loading"; otherwise only the current request's data shows.
       */
      keepWhileRefetching?: boolean;
      /**
       * The frame of a whole page: "Loading" only for the first read, then the last data, or the
       * failure with a Retry that says "Retrying…" while it runs.
       */
      retryInPlace?: boolean;
      data?: never;
      error?: never;
      isFetching?: never;
      refetch?: never;
    }
  | {
      query?: never;
      keepWhileRefetching?: never;
      retryInPlace?: never;
      /** The data for the current request only (RTK Query's `currentData`): never a previous range's. */
      data: T | undefined;
      error: unknown;
      isFetching: boolean;
      refetch: () => unknown;
    };

type QueryResultProps<T> = Source<T> & {
  loadingLabel: string;
  /** What could not be loaded, e.g. "The cost summary could not be loaded". */
  errorTitle: string;
  children: (data: T) => ReactNode;
};

export function QueryResult<T>(props: QueryResultProps<T>) {
  const { query, loadingLabel, errorTitle, children } = props;
  const data = query ? (props.keepWhileRefetching ? (query.currentData ?? query.data) : query.currentData) : props.data;
  const error = query ? query.error : props.error;
  const isFetching = query ? query.isFetching : props.isFetching;
  const refetch = query ? query.refetch : props.refetch;
  if (query && props.retryInPlace) {
    const last = query.data;
    if (query.isLoading) return <LoadingState label={loadingLabel} />;
    if (error || last === undefined) {
      return <ErrorAlert title={errorTitle} message={apiErrorMessage(error)} onRetry={() => void refetch()} retrying={isFetching} />;
    }
    return <>{children(last)}</>;
  }
  if (error && !isFetching) {
    return <ErrorAlert title={errorTitle} message={apiErrorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (data === undefined) return <LoadingState label={loadingLabel} />;
  return <>{children(data)}</>;
}
