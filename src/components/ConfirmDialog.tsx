// Asking before an action that cannot be taken back (delete, drop, revoke, apply a change):
// what will happen, in words, then the action. Cancel has the focus, so Enter or Escape right
// away never does the harm. While the request runs the dialog stays open (no backdrop click,
// no Escape, no close button): closing it would hide the outcome, and a refusal is shown in it.
import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { InlineError } from './InlineError';

interface ConfirmDialogProps {
  title: ReactNode;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the request runs, e.g. "Deleting…". */
  busyLabel: string;
  variant?: 'primary' | 'danger';
  busy: boolean;
  /** Why the action was refused; shown under the text. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  confirmDisabled?: boolean;
  /**
   * The body holds a field (e.g. the name typed to confirm a drop): the dialog is a form, so
   * Enter in the field confirms, and the field, not Cancel, takes the focus.
   */
  asForm?: boolean;
  /**
   * What happened, once done: shown instead of the text, with a single Done button. It should
   * take the focus itself, as the buttons that had it are gone.
   */
  outcome?: ReactNode;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  variant = 'primary',
  busy,
  error,
  onConfirm,
  onCancel,
  confirmDisabled = false,
  asForm = false,
  outcome,
}: ConfirmDialogProps) {
  const titleId = useId();
  const done = outcome !== undefined && outcome !== null;

  const footer = done ? (
    <Button variant="primary" onClick={onCancel}>
      Done
    </Button>
  ) : (
    <>
      <Button variant="outline-secondary" onClick={onCancel} disabled={busy} autoFocus={!asForm}>
        Cancel
      </Button>
      <Button
        type={asForm ? 'submit' : 'button'}
        variant={variant}
        onClick={asForm ? undefined : onConfirm}
        disabled={confirmDisabled || busy}
      >
        {busy ? busyLabel : confirmLabel}
      </Button>
    </>
  );

  const content = (
    <>
      <Modal.Header closeButton={!busy}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {done ? (
          outcome
        ) : (
          <>
            {children}
            {error ? <InlineError className="mt-3 mb-0">{error}</InlineError> : null}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </>
  );

  return (
    <Modal show onHide={onCancel} aria-labelledby={titleId} backdrop={busy ? 'static' : true} keyboard={!busy}>
      {asForm ? (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is rendered in a portal but React still bubbles its submit to a form
            // that holds it in the component tree; that form must not submit too.
            event.stopPropagation();
            if (!confirmDisabled && !busy) onConfirm();
          }}
        >
          {content}
        </Form>
      ) : (
        content
      )}
    </Modal>
  );
}
