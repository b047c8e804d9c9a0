// How the last action on a page went: its sentence in a polite live region (read out when it
// changes) and, when it was refused, the server's words in an alert. Pairs with useMutationFeedback.
import { InlineError } from './InlineError';

interface ActionStatusProps {
  said: string;
  error: string | null;
  /** Classes of the sentence; "small" by default. */
  className?: string;
}

export function ActionStatus({ said, error, className = 'small' }: ActionStatusProps) {
  return (
    <>
      <p role="status" className={className}>
        {said}
      </p>
      {error ? <InlineError>{error}</InlineError> : null}
    </>
  );
}
