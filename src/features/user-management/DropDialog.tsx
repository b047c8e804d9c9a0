// Dropping a user cannot be undone, so the name has to be typed before the button works.
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { AppliedChange } from '../../../api/warehouseTypes';
import { useWarehouseChange } from '../useWarehouseChange';

interface DropUserDialogProps {
  userName: string;
  onClose: () => void;
  onDropped: (applied: AppliedChange) => void;
}

export function DropUserDialog({ userName, onClose, onDropped }: DropUserDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const inputId = useId();
  const matches = typed.trim() === userName;

  const drop = async () => {
    if (!matches) return;
    setError(null);
    const outcome = await run({ kind: 'dropUser', userName });
    if (outcome.ok) onDropped(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <Modal show onHide={onClose} aria-labelledby="drop-user-title" backdrop={pending ? 'static' : true} keyboard={!pending}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void drop();
        }}
      >
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="drop-user-title" as="h2" className="h5">
            Drop user {userName}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            The user is deleted from the Snowflake account with all their role grants. This cannot be undone; disabling the user is the
            reversible alternative.
          </p>
          <Form.Group controlId={inputId}>
            <Form.Label>
              Type <strong>{userName}</strong> to confirm
            </Form.Label>
            <Form.Control value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus spellCheck={false} />
          </Form.Group>
          {error ? (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {error}
            </div>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || pending}>
            {pending ? 'Dropping…' : 'Drop user'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
