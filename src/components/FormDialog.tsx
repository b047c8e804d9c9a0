// The modal shell of a small form (add a dashboard, create a user or a role): a title, the
// fields, Cancel and submit. The form is `noValidate` so the form's own checks, tied to each
// field, speak instead of the browser's bubbles. While the request runs the dialog stays open
// (no backdrop click, no Escape, no close button): closing it would hide the outcome. A
// refusal that belongs to no field is shown above the fields.
import { useId, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { InlineError } from './InlineError';

interface FormDialogProps {
  title: ReactNode;
  /** The fields. */
  children: ReactNode;
  submitLabel: string;
  /** The submit button's text while the request runs, e.g. "Saving…". */
  busyLabel: string;
  busy: boolean;
  /** A refusal that belongs to no single field. */
  error?: string | null;
  /** Called with the submit event; the default (a page load) is already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

export function FormDialog({ title, children, submitLabel, busyLabel, busy, error, onSubmit, onCancel }: FormDialogProps) {
  const titleId = useId();
  return (
    <Modal show onHide={onCancel} aria-labelledby={titleId} backdrop={busy ? 'static' : true} keyboard={!busy}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Rendered in a portal, but React still bubbles the submit to any form that holds
          // the dialog in the component tree; that form must not submit too.
          event.stopPropagation();
          onSubmit(event);
        }}
      >
        <Modal.Header closeButton={!busy}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error ? <InlineError>{error}</InlineError> : null}
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
