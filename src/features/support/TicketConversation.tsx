// The ticket's description and its messages, oldest first. Texts are markdown written by people,
// rendered by the shared safe renderer (no raw HTML, no script, no event handlers). Internal notes
// reach only support staff's pages (the API leaves them out for requesters) and look different.
import type { TicketDetail } from '@common/support/supportContract';
import { DateTimeText } from '../../components/DateTimeText';
import { Markdown } from '../../components/Markdown';

export function TicketConversation({ ticket }: { ticket: TicketDetail }) {
  return (
    <section aria-labelledby="conversation-title" className="mb-4">
      <h2 id="conversation-title" className="h5">
        Conversation
      </h2>
      <ol className="list-unstyled">
        <li className="card dw-card mb-3">
          <div className="card-body">
            <p className="small text-body-secondary mb-2">
              {ticket.requester.username} opened it <DateTimeText iso={ticket.createdAt} />
            </p>
            <Markdown text={ticket.description} />
          </div>
        </li>
        {ticket.messages.map((message) => (
          <li key={message.id} className={`card dw-card mb-3 ${message.kind === 'note' ? 'border-warning dw-internal-note' : ''}`}>
            <div className="card-body">
              <p className="small text-body-secondary mb-2">
                {message.kind === 'note' ? <span className="badge text-bg-warning me-2">Internal note</span> : null}
                <span className="fw-semibold text-body">{message.author.username}</span>
                {message.author.staff ? ' (support)' : ''} · <DateTimeText iso={message.createdAt} />
              </p>
              <Markdown text={message.body} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
