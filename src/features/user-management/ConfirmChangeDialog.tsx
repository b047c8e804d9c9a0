// Asking before a change to the account (revoke a role, disable a user…): what will happen,
// in words, then the change; the dialog stays until the server has answered, and a refusal is
// shown in it.
import { useState, type ReactNode } from 'react';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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
  /** The change may not be confirmed yet (a name still to be typed). */
  confirmDisabled?: boolean;
  /** The body holds a field: Enter in it confirms (see ConfirmDialog). */
  asForm?: boolean;
}

export function ConfirmChangeDialog({
  title,
  children,
  change,
  confirmLabel,
  pendingLabel,
  variant = 'primary',
  onClose,
  onDone,
  confirmDisabled = false,
  asForm = false,
}: ConfirmChangeDialogProps) {
  const { run, pending } = useWarehouseChange();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (confirmDisabled) return;
    setError(null);
    const outcome = await run(change);
    if (outcome.ok) onDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      busyLabel={pendingLabel}
      variant={variant}
      busy={pending}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
      confirmDisabled={confirmDisabled}
      asForm={asForm}
    >
      {children}
    </ConfirmDialog>
  );
}
