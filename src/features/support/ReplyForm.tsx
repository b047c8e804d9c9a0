// Answering on a ticket: a public reply, or for support staff an internal note that the
// requester never sees. Empty or over-long text is refused here and by the server.
import { useState, type FormEvent } from 'react';
import { TICKET_TEXT_MAX } from '@common/support/supportRules';
import type { TicketDetail } from '@common/support/supportContract';
import { apiErrorField, apiErrorMessage } from '../../api/apiError';
import { useAddTicketMessageMutation } from '../../api/supportApi';
import { FormField } from '../../components/FormField';
import { InlineError } from '../../components/InlineError';
import { SubmitRow } from '../../components/SubmitRow';

// Who sees what staff write: the requester, or support staff only.
const replyKinds = [
  { kind: 'reply', label: 'Public reply (the requester sees it)' },
  { kind: 'note', label: 'Internal note (support staff only)' },
] as const;

export function ReplyForm({ ticket }: { ticket: TicketDetail }) {
  const [body, setBody] = useState('');
  const [kind, setKind] = useState<'reply' | 'note'>('reply');
  const [problem, setProblem] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const [send, { isLoading, error }] = useAddTicketMessageMutation();
  if (ticket.status === 'closed')
    return <p className="text-body-secondary">This ticket is closed. Open a new ticket if you need more help.</p>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    const text = body.trim();
    if (!text) return setProblem('must not be empty');
    if (text.length > TICKET_TEXT_MAX) return setProblem(`must be at most ${TICKET_TEXT_MAX} characters (this has ${text.length})`);
    setProblem(undefined);
    const answer = await send({ id: ticket.id, message: { kind, body: text } });
    if ('data' in answer) {
      setBody('');
      setStatus(kind === 'note' ? 'Your internal note is added.' : 'Your reply is sent.');
    }
  };
  const serverProblem = apiErrorField(error) === 'body' ? apiErrorMessage(error) : undefined;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="reply-title" className="mb-4">
      <h2 id="reply-title" className="h5">
        {ticket.viewer.staff ? 'Answer' : 'Reply'}
      </h2>
      {ticket.viewer.staff ? (
        <fieldset className="mb-2">
          <legend className="visually-hidden">Visible to</legend>
          {replyKinds.map((choice) => (
            <div key={choice.kind} className="form-check form-check-inline">
              <input
                id={`reply-kind-${choice.kind}`}
                type="radio"
                name="reply-kind"
                className="form-check-input"
                checked={kind === choice.kind}
                onChange={() => setKind(choice.kind)}
              />
              <label htmlFor={`reply-kind-${choice.kind}`} className="form-check-label">
                {choice.label}
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <FormField
        label={kind === 'note' ? 'Internal note' : 'Your reply'}
        control="textarea"
        rows={5}
        value={body}
        onValue={setBody}
        error={problem ?? serverProblem}
        help="Markdown works."
      />
      {error && !serverProblem ? <InlineError>{apiErrorMessage(error)}</InlineError> : null}
      <SubmitRow
        label={kind === 'note' ? 'Add note' : 'Send reply'}
        busyLabel="Sending…"
        busy={isLoading}
        status={status}
        statusClassName="text-success"
      />
    </form>
  );
}
