// The help assistant's conversation (a lazy chunk): a modal dialog (focus moves in and stays in,
// Escape closes, focus goes back to the launcher), a log whose new answers are read out (a live
// region), answers built from the knowledge base, FAQ and accepted Hive answers with the places
// they came from, a plain "nothing matches" when nothing does, and "open a support ticket"
// pre-filled with the conversation.
import { useEffect, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router-dom';
import { HelpLinks } from '../HelpLinks';
import { canOpen } from '@common/access/access';
import { QUESTION_MAX } from '@common/assistant/assistantContract';
import { newSupportTicketPath } from '@common/paths';
import { useAskAssistantMutation } from '../../api/assistantApi';
import { mutationOutcome } from '../../api/useMutationFeedback';
import { selectRealmRoles } from '../../auth/authSlice';
import { Highlighted } from '../../components/Highlighted';
import { useAppSelector } from '../../state/hooks';
import { ticketDescription, ticketSubject, type Exchange } from './assistantTranscript';

const sourceLabels = { article: 'Knowledge base', faq: 'FAQ', hive: 'Hive', figures: 'Live figures' } as const;

export default function AssistantDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const roles = useAppSelector(selectRealmRoles);
  const [ask, asking] = useAskAssistantMutation();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const logEnd = useRef<HTMLDivElement>(null);

  useEffect(() => {
    logEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [exchanges]);

  const submit = async () => {
    const text = question.trim();
    if (!text) return setProblem('Type a question first.');
    if (text.length > QUESTION_MAX) return setProblem(`At most ${QUESTION_MAX} characters.`);
    setProblem(null);
    setQuestion('');
    const index = exchanges.length;
    setExchanges((current) => [...current, { question: text, answer: null }]);
    const outcome = mutationOutcome(await ask(text));
    setExchanges((current) =>
      current.map((exchange, i) =>
        i === index ? (outcome.ok ? { ...exchange, answer: outcome.data } : { ...exchange, error: outcome.message }) : exchange,
      ),
    );
    input.current?.focus();
  };

  const mayOpenTicket = canOpen(roles, 'support');
  const ticketLink =
    exchanges.length > 0 ? newSupportTicketPath(ticketSubject(exchanges), ticketDescription(exchanges, window.location.origin)) : null;

  return (
    <Modal show={show} onHide={onClose} aria-labelledby={titleId} onEntered={() => input.current?.focus()} scrollable>
      <Modal.Header closeButton closeLabel="Close the help assistant">
        <Modal.Title id={titleId} as="h2" className="h5">
          Help assistant
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          I answer from the knowledge base, the FAQ and accepted Hive answers, and say where each answer comes from.
        </p>
        <div role="log" aria-live="polite" aria-label="Conversation" className="dw-assistant-log">
          {exchanges.map((exchange, index) => (
            <div key={index} className="mb-3">
              <p className="mb-1">
                <strong>You:</strong> {exchange.question}
              </p>
              {exchange.answer === null && !exchange.error ? (
                <p className="text-body-secondary mb-0">Looking…</p>
              ) : exchange.error ? (
                <p className="text-danger mb-0">The assistant could not answer: {exchange.error}</p>
              ) : exchange.answer?.found ? (
                <div>
                  <p className="mb-1">
                    <strong>Assistant:</strong> Here is what I found.
                  </p>
                  <ol className="ps-3 mb-0">
                    {exchange.answer.passages.map((passage) => (
                      <li key={`${passage.source}:${passage.id}`} className="mb-2">
                        <p className="small mb-1">
                          <Highlighted parts={passage.text} />
                        </p>
                        <p className="small mb-0">
                          Source:{' '}
                          <Link to={passage.link} onClick={onClose}>
                            {passage.title}
                          </Link>{' '}
                          <span className="text-body-secondary">({sourceLabels[passage.source]})</span>
                        </p>
                      </li>
                    ))}
                  </ol>
                </div>
              ) : (
                <p className="mb-0">
                  <strong>Assistant:</strong> I found nothing in the knowledge base, the FAQ or Hive that answers this. Try other words
                  {mayOpenTicket ? ', or open a support ticket' : ''}.
                </p>
              )}
            </div>
          ))}
          <div ref={logEnd} />
        </div>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={inputId} className="form-label">
            Your question
          </label>
          <textarea
            ref={input}
            id={inputId}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            rows={2}
            value={question}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={(event) => {
              // Enter asks; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
          />
          {problem ? (
            <div id={`${inputId}-error`} className="invalid-feedback d-block">
              {problem}
            </div>
          ) : null}
          <div className="d-flex flex-wrap gap-2 mt-2">
            <button type="submit" className="btn btn-primary" disabled={asking.isLoading}>
              {asking.isLoading ? 'Asking…' : 'Ask'}
            </button>
            {mayOpenTicket && ticketLink ? (
              <Link className="btn btn-outline-secondary" to={ticketLink} onClick={onClose}>
                Open a support ticket
              </Link>
            ) : null}
          </div>
        </form>
      </Modal.Body>
      <Modal.Footer className="justify-content-start">
        <HelpLinks onFollow={onClose} className="small mb-0" />
      </Modal.Footer>
    </Modal>
  );
}
