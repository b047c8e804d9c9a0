// A form that sends one warehouse change (create a user or a role, set a user's defaults): its
// own checks are shown at the fields, the first one focused, and nothing is sent while there
// are any; then the change, whose refusal is shown at the field the server names, or above the
// fields when it names none of them.
import { useState, type FormEvent } from 'react';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { useFieldErrors, type FieldErrors } from './useFieldErrors';
import { useWarehouseChange } from './useWarehouseChange';

/** `duplicateField`: where a 409 ("already exists") belongs when the server names no field. */
export function useChangeForm<Field extends string>(order: readonly Field[], duplicateField?: Field) {
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors(order);
  const { run, pending } = useWarehouseChange(duplicateField);

  /** Shows `found`; when it is empty, sends the change and hands what was applied to `onDone`. */
  const send = async (found: FieldErrors<Field>, change: () => WarehouseChange, onDone: (applied: AppliedChange) => void) => {
    setFormError(null);
    if (fields.show(found)) return;
    const outcome = await run(change());
    if (outcome.ok) onDone(outcome.applied);
    else if (fields.isField(outcome.field)) fields.show({ [outcome.field]: outcome.message } as FieldErrors<Field>);
    else setFormError(outcome.message);
  };

  /** The FormDialog props that follow from sending: busy while it runs, the refusal above the fields, submit and cancel. */
  const dialogProps = (submit: (event: FormEvent<HTMLFormElement>) => Promise<void>, onCancel: () => void) => ({
    busy: pending,
    error: formError,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
    onCancel,
  });

  return { fields, formError, pending, send, dialogProps };
}
