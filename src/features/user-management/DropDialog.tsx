// Dropping a user or a role cannot be undone, so the name has to be typed before the button
// works; what the drop takes with it is said above the field.
import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { useWarehouseChange } from './useWarehouseChange';

interface DropDialogProps {
  noun: 'user' | 'role';
  name: string;
  change: WarehouseChange;
  /** What is lost with it, in words. */
  children: ReactNode;
  onClose: () => void;
  onDropped: (applied: AppliedChange) => void;
}

export function DropDialog({ noun, name, change, children, onClose, onDropped }: DropDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, pending } = useWarehouseChange();
  const inputId = useId();
  const titleId = useId();
  const matches = typed.trim() === name;

  const drop = async () => {
    if (!matches) return;
    setError(null);
    const outcome = await run(change);
    if (outcome.ok) onDropped(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} backdrop={pending ? 'static' : true} keyboard={!pending}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void drop();
        }}
      >
        <Modal.Header closeButton={!pending}>
          <Modal.Title id={titleId} as="h2" className="h5">
            Drop {noun} {name}?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {children}
          <Form.Group controlId={inputId}>
            <Form.Label>
              Type <strong>{name}</strong> to confirm
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
            {pending ? 'Dropping…' : `Drop ${noun}`}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
