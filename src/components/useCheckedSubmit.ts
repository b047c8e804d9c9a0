// Sending a form whose fields are checked first: the form's own findings are shown at their
// fields and nothing is sent while there are any; a refusal the server ties to one of the
// fields is shown there too, any other above the fields (the dialog's error).
import { useState } from 'react';
import { useMutationFeedback, type DataOf, type MutationResult } from '../api/useMutationFeedback';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/**
 * A required text and its limit: the words for an empty one, or "At most N characters.".
 * `measured` is the length held against the limit: the trimmed text unless given (markdown
 * counts whole, as the server stores it).
 */
export function textError(value: string, max: number, missing: string, measured = value.trim().length): string | undefined {
  if (!value.trim()) return missing;
  return measured > max ? `At most ${max.toLocaleString('en')} characters.` : undefined;
}

export function useCheckedSubmit<Field extends string>(fields: readonly Field[]) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const feedback = useMutationFeedback({ fields });

  /** Shows `found`; when it is empty, runs `action` and hands its answer to `onDone`. */
  const send = async <R extends MutationResult>(
    found: FieldErrors<Field>,
    action: () => PromiseLike<R>,
    onDone: (data: DataOf<R>) => void,
  ) => {
    // Only the named fields: a check that finds nothing leaves an undefined entry behind.
    const present = Object.fromEntries(Object.entries(found).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
    setErrors(present);
    feedback.setError(null);
    if (Object.keys(present).length > 0) return;
    const outcome = await feedback.run(action);
    if (!outcome.ok) {
      // The feedback keeps `field` only when it is one of `fields`.
      if (outcome.field) setErrors({ [outcome.field]: outcome.message } as FieldErrors<Field>);
      return;
    }
    onDone(outcome.data);
  };

  /** The FormDialog props that follow from sending: busy while it runs, the refusal above the fields, submit and cancel. */
  const dialogProps = (submit: () => Promise<void>, onCancel: () => void) => ({
    busy: feedback.busy,
    error: feedback.error,
    onSubmit: () => void submit(),
    onCancel,
  });

  return { errors, error: feedback.error, send, dialogProps };
}
