// Sending one change and reading its outcome the way every form here needs it: done, or a
// sentence for the user and, for a 400 (or a duplicate), the field it concerns.
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { mutationOutcome } from '../../api/useMutationFeedback';
import { serverFieldError } from '../../api/warehouseInput';
import type { AppliedChange, WarehouseChange } from '../../api/warehouseTypes';
import { useApplyWarehouseChangeMutation } from '../../api/managementApi';

export type ChangeOutcome = { ok: true; applied: AppliedChange } | { ok: false; message: string; field?: string };

const isConflict = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

function outcomeOf(error: unknown, duplicateField: string | undefined): ChangeOutcome {
  const message = apiErrorMessage(error);
  const blamed = apiErrorField(error) ?? (isConflict(error) ? duplicateField : undefined);
  const atField = serverFieldError(blamed, message);
  return atField ? { ok: false, message: atField.message, field: atField.field } : { ok: false, message };
}

/**
 * `duplicateField`: where a 409 ("already exists") belongs when the server names no field,
 * e.g. the name field of a create form.
 */
export function useWarehouseChange(duplicateField?: string) {
  const [apply, state] = useApplyWarehouseChangeMutation();
  const run = async (change: WarehouseChange): Promise<ChangeOutcome> => {
    const outcome = mutationOutcome(await apply(change));
    return outcome.ok ? { ok: true, applied: outcome.data } : outcomeOf(outcome.error, duplicateField);
  };
  return { run, pending: state.isLoading };
}
