// The wiring of a ConfirmDialog that runs one action (delete a dashboard, apply a change): the
// action's progress and refusal in the dialog, and what follows once it is done. The dialog's
// words stay with the caller.
import { useMutationFeedback, type DataOf, type MutationResult } from '../api/useMutationFeedback';

/**
 * @param action runs the mutation, e.g. `() => remove(dashboard.id)`
 * @param onDone what follows with the answer (a notice, the outcome shown in the dialog)
 * @returns the ConfirmDialog props busy, error and onConfirm
 */
export function useConfirmAction<R extends MutationResult>(action: () => PromiseLike<R>, onDone: (data: DataOf<R>) => void) {
  const { run, error, busy } = useMutationFeedback();
  const onConfirm = () => {
    void run(action).then((outcome) => {
      if (outcome.ok) onDone(outcome.data);
    });
  };
  return { busy, error, onConfirm };
}
