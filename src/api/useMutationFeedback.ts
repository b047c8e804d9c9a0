// Running a change (an RTK Query mutation) and saying how it went, the same way on every page:
// the refusal in the server's words (apiErrorMessage) or, once done, a sentence for the page's
// status line, and whether it is still running. A form that shows a refusal at the field the
// server blamed names its fields; such a refusal is left to it instead of the page-wide error.
import { useCallback, useState } from 'react';
import { apiErrorField, apiErrorMessage } from './apiError';

/** What an RTK Query mutation's trigger settles to: its answer, or why there is none. */
export type MutationResult = { data: unknown } | { error: unknown };

/** The answer's type of a settled mutation (RTK Query's success member; never its error member). */
export type DataOf<R> = R extends { data: infer T } ? T : never;

/** A settled mutation as a page reads it: the data, or the refusal in words and the field it blames. */
export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown; message: string; field?: string };

/** The outcome of a settled mutation; `field` is the first part of the blamed path ("members" of "members.2"). */
export function mutationOutcome<R extends MutationResult>(result: R): MutationOutcome<DataOf<R>> {
  if ('error' in result) {
    return { ok: false, error: result.error, message: apiErrorMessage(result.error), field: apiErrorField(result.error)?.split('.')[0] };
  }
  // Without an error the result is RTK Query's success member, whose data DataOf names.
  return { ok: true, data: (result as { data: DataOf<R> }).data };
}

/** The page's sentence once done, or a function of the answer giving it (nothing: say nothing). */
export type SaidWhenDone<T> = string | ((data: T) => string | undefined | void);

export interface MutationFeedback {
  /** Runs the mutation: clears the error, then sets it or the sentence; resolves to the outcome. */
  run: <R extends MutationResult>(action: () => PromiseLike<R>, said?: SaidWhenDone<DataOf<R>>) => Promise<MutationOutcome<DataOf<R>>>;
  /** The last refusal in words (not one at a field the form shows itself), or null. */
  error: string | null;
  /** The last sentence of success, for a role="status" line. */
  said: string;
  /** A mutation started here is still running. */
  busy: boolean;
  /** For the page's own checks and notes, shown in the same places. */
  setError: (error: string | null) => void;
  setSaid: (said: string) => void;
}

interface MutationFeedbackOptions {
  /** Fields the form shows a refusal at itself. */
  fields?: readonly string[];
}

export function useMutationFeedback({ fields = [] }: MutationFeedbackOptions = {}): MutationFeedback {
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  const [running, setRunning] = useState(0);
  const fieldList = fields.join('\n');

  const run = useCallback(
    async <R extends MutationResult>(
      action: () => PromiseLike<R>,
      saidWhenDone?: SaidWhenDone<DataOf<R>>,
    ): Promise<MutationOutcome<DataOf<R>>> => {
      setError(null);
      setRunning((count) => count + 1);
      let outcome: MutationOutcome<DataOf<R>>;
      try {
        outcome = mutationOutcome(await action());
      } finally {
        setRunning((count) => count - 1);
      }
      if (!outcome.ok) {
        const atField = outcome.field !== undefined && fieldList.split('\n').includes(outcome.field);
        if (!atField) setError(outcome.message);
        return atField ? outcome : { ...outcome, field: undefined };
      }
      const sentence = typeof saidWhenDone === 'function' ? saidWhenDone(outcome.data) : saidWhenDone;
      if (typeof sentence === 'string') setSaid(sentence);
      return outcome;
    },
    [fieldList],
  );

  return { run, error, said, busy: running > 0, setError, setSaid };
}
