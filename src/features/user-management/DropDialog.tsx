// Dropping a user or a role cannot be undone, so the name has to be typed before the button
// works; what the drop takes with it is said above the field.
import { useId, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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
  const matches = typed.trim() === name;

  const drop = async () => {
    if (!matches) return;
    setError(null);
    const outcome = await run(change);
    if (outcome.ok) onDropped(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <ConfirmDialog
      title={`Drop ${noun} ${name}?`}
      confirmLabel={`Drop ${noun}`}
      busyLabel="Dropping…"
      variant="danger"
      busy={pending}
      error={error}
      onConfirm={() => void drop()}
      onCancel={onClose}
      confirmDisabled={!matches}
      asForm
    >
      {children}
      <Form.Group controlId={inputId}>
        <Form.Label>
          Type <strong>{name}</strong> to confirm
        </Form.Label>
        <Form.Control value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus spellCheck={false} />
      </Form.Group>
    </ConfirmDialog>
  );
}
