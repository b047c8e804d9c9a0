interface ErrorAlertProps {
  /** What could not be done, e.g. "The dashboards could not be loaded". */
  title: string;
  /** Why, in the user's words (the server's message when it sent one). */
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load or action, said plainly, with a way to try again: never a blank page. */
export function ErrorAlert({ title, message, onRetry, retrying = false }: ErrorAlertProps) {
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
      <div className="flex-grow-1">
        <p className="fw-semibold mb-1">{title}</p>
        <p className="mb-0">{message}</p>
      </div>
      {onRetry ? (
        <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </div>
  );
}
