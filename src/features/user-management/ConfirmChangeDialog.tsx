// Asking before a change to the account (revoke a role, disable a user…): what will happen,
// in words, then the change; the dialog stays until the server has answered, and a refusal is
// shown in it.
import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { useWarehouseChange } from './useWarehouseChange';

interface ConfirmChangeDialogProps {
  title: string;
  children: ReactNode;
  change: WarehouseChange;
  confirmLabel: string;
  pendingLabel: string;
  variant?: 'primary' | 'danger';
  onClose: () => void;
  onDone: (applied: AppliedChange) => void;
}

export function ConfirmChangeDialog({ title, children, change, confirmLabel, pendingLabel, variant = 'primary', onClose, onDone }: ConfirmChangeDialogProps) {
  const { run, pending } = useWarehouseChange();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    const outcome = await run(change);
    if (outcome.ok) onDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <Modal show onHide={onClose} aria-labelledby="confirm-change-title" backdrop={pending ? 'static' : true} keyboard={!pending}>
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="confirm-change-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {error}
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={pending} autoFocus>
          Cancel
        </Button>
        <Button variant={variant} onClick={() => void confirm()} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
