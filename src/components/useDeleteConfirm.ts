// The wiring of a ConfirmDialog that deletes (or revokes) one thing: which thing is being asked
// about, the mutation's progress and refusal, and closing once it is done. The dialog's words
// stay with the page; the props every such dialog repeated come from here.
import { useState } from 'react';
import { apiErrorMessage } from '../api/apiError';
import { mutationOutcome, type MutationResult } from '../api/useMutationFeedback';

/** An RTK Query mutation hook's answer: the trigger and its state. */
type Mutation<Arg> = readonly [
  trigger: (arg: Arg) => PromiseLike<MutationResult>,
  state: { isLoading: boolean; error?: unknown; reset: () => void },
];

export interface DeleteConfirm<Target> {
  /** What is being asked about; null while no dialog is open. */
  target: Target | null;
  /** Opens the dialog for this one; the same function on every render. */
  ask: (target: Target) => void;
  /** The ConfirmDialog props that do not depend on the words. */
  dialogProps: { variant: 'danger'; busy: boolean; error: string | null; onConfirm: () => void; onCancel: () => void };
}

/**
 * @param mutation the mutation hook's answer, e.g. `useDeleteBudgetMutation()`
 * @param argOf the mutation's argument for the thing asked about
 * @param onDone what follows a deletion (a notice, a navigation); the dialog is closed already
 */
export function useDeleteConfirm<Target, Arg>(
  [remove, state]: Mutation<Arg>,
  argOf: (target: Target) => Arg,
  onDone?: (target: Target) => void,
): DeleteConfirm<Target> {
  const [target, setTarget] = useState<Target | null>(null);
  const close = () => {
    setTarget(null);
    state.reset();
  };
  const confirm = async (asked: Target) => {
    if (!mutationOutcome(await remove(argOf(asked))).ok) return;
    setTarget(null);
    onDone?.(asked);
  };
  return {
    target,
    ask: setTarget,
    dialogProps: {
      variant: 'danger',
      busy: state.isLoading,
      error: state.error ? apiErrorMessage(state.error) : null,
      onConfirm: () => {
        if (target !== null) void confirm(target);
      },
      onCancel: close,
    },
  };
}
