// Writing a comment or an answer in markdown under a discussion: one text box, checked before
// sending (not empty, not too long), the server's refusal shown at the box, and emptied once
// posted so the next one starts fresh.
import { useState, type ReactNode } from 'react';
import { useMutationFeedback, type MutationResult } from '../api/useMutationFeedback';
import { FormField } from './FormField';

interface MarkdownPostFormProps {
  /** The text box's label, e.g. "Your comment (markdown)". */
  label: string;
  rows: number;
  submitLabel: string;
  /** The button's text while sending; the submit label stays where none is given. */
  busyLabel?: string;
  /** Said when the box is empty on sending, e.g. "Write your comment first." */
  emptyMessage: string;
  maxLength?: number;
  /** A heading inside the form that names it. */
  heading?: { id: string; text: ReactNode };
  className?: string;
  /** Sends the text: an RTK Query mutation. */
  post: (body: string) => PromiseLike<MutationResult>;
  onPosted: () => void;
}

export function MarkdownPostForm({
  label,
  rows,
  submitLabel,
  busyLabel,
  emptyMessage,
  maxLength,
  heading,
  className = 'card dw-card card-body',
  post,
  onPosted,
}: MarkdownPostFormProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>();
  const { run, busy } = useMutationFeedback();

  const submit = async () => {
    if (!draft.trim()) return setDraftError(emptyMessage);
    if (maxLength !== undefined && draft.length > maxLength) return setDraftError(`At most ${maxLength.toLocaleString('en')} characters.`);
    setDraftError(undefined);
    const outcome = await run(() => post(draft));
    if (!outcome.ok) return setDraftError(outcome.message);
    setDraft('');
    onPosted();
  };

  return (
    <form
      className={className}
      aria-labelledby={heading?.id}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {heading ? (
        <h3 id={heading.id} className="h6">
          {heading.text}
        </h3>
      ) : null}
      <FormField label={label} control="textarea" rows={rows} value={draft} onValue={setDraft} error={draftError} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
