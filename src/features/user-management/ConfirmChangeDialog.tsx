// Asking before a change to the account (revoke a role, disable a user…): what will happen,
// in words, then the change; the dialog stays until the server has answered, and a refusal is
// shown in it.
import { useState, type ComponentProps } from 'react';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useWarehouseChange } from './useWarehouseChange';

/** ConfirmDialog's words and options; the sending is this dialog's. */
type ConfirmChangeDialogProps = Omit<ComponentProps<typeof ConfirmDialog>, 'busyLabel' | 'busy' | 'error' | 'onConfirm' | 'onCancel'> & {
  change: WarehouseChange;
  pendingLabel: string;
  onClose: () => void;
  onDone: (applied: AppliedChange) => void;
};

export function ConfirmChangeDialog({ change, pendingLabel, onClose, onDone, ...dialog }: ConfirmChangeDialogProps) {
  const { run, pending } = useWarehouseChange();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (dialog.confirmDisabled) return;
    setError(null);
    const outcome = await run(change);
    if (outcome.ok) onDone(outcome.applied);
    else setError(outcome.message);
  };

  return (
    <ConfirmDialog {...dialog} busyLabel={pendingLabel} busy={pending} error={error} onConfirm={() => void confirm()} onCancel={onClose} />
  );
}
