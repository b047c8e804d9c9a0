// Dropping a user or a role cannot be undone, so the name has to be typed before the button
// works; what the drop takes with it is said above the field.
import { useId, useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { ConfirmChangeDialog } from './ConfirmChangeDialog';

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
  const inputId = useId();
  return (
    <ConfirmChangeDialog
      title={`Drop ${noun} ${name}?`}
      change={change}
      confirmLabel={`Drop ${noun}`}
      pendingLabel="Dropping…"
      variant="danger"
      onClose={onClose}
      onDone={onDropped}
      confirmDisabled={typed.trim() !== name}
      asForm
    >
      {children}
      <Form.Group controlId={inputId}>
        <Form.Label>
          Type <strong>{name}</strong> to confirm
        </Form.Label>
        <Form.Control value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoFocus spellCheck={false} />
      </Form.Group>
    </ConfirmChangeDialog>
  );
}
