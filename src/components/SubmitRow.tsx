// The foot of a form: its submit button and, beside it, a status line read out when it changes
// ("Saved.", who changed it last). The button is disabled while the request runs.
import type { ReactNode } from 'react';

interface SubmitRowProps {
  label: string;
  /** The button's words while the request runs; without them the label stays. */
  busyLabel?: string;
  busy: boolean;
  /** Disabled for another reason too, e.g. nothing chosen yet. */
  disabled?: boolean;
  /** A smaller button, as in settings sections. */
  small?: boolean;
  status: ReactNode;
  /** Classes of the status line, e.g. "small text-success". */
  statusClassName: string;
}

export function SubmitRow({ label, busyLabel, busy, disabled = false, small = false, status, statusClassName }: SubmitRowProps) {
  return (
    <div className="d-flex align-items-center gap-3">
      <button type="submit" className={small ? 'btn btn-primary btn-sm' : 'btn btn-primary'} disabled={busy || disabled}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      <span role="status" className={statusClassName}>
        {status}
      </span>
    </div>
  );
}
