// The one-line refusal shown inside a form or dialog, next to what failed. Unlike ErrorAlert
// (a failed page load or action, with a title and a retry), it is just the server's message:
// whoever placed it already says what was being done, and trying again is the form's own button.
import type { ReactNode } from 'react';

interface InlineErrorProps {
  children: ReactNode;
  /** Spacing where it sits, e.g. "mt-3 mb-0" below a dialog's text. */
  className?: string;
}

export function InlineError({ children, className }: InlineErrorProps) {
  return (
    <div className={className ? `alert alert-danger ${className}` : 'alert alert-danger'} role="alert">
      {children}
    </div>
  );
}
