// A ticket's files: listed with their size, downloaded (never opened in the page), and added one
// at a time within the type and size limits, checked here before sending and again by the server.
import { useRef, useState, type ChangeEvent } from 'react';
import type { TicketDetail } from '@common/support/supportContract';
import { ATTACHMENT_MAX_BYTES, attachmentProblem, attachmentTypeOf, attachmentTypes } from '@common/support/supportRules';
import { apiErrorMessage } from '../../api/apiError';
import { apiClient } from '../../api/client';
import { attachmentUrl, useAddTicketAttachmentMutation } from '../../api/supportApi';
import { formatBytes } from '../../components/format';
import { InlineError } from '../../components/InlineError';
import { TicketCard } from './TicketCard';

const ACCEPT = Object.values(attachmentTypes)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',');

/** Fetches with the bearer token (the address alone would not be allowed) and saves the file. */
async function download(ticketId: string, attachment: TicketDetail['attachments'][number]): Promise<void> {
  const response = await apiClient.get<Blob>(attachmentUrl(ticketId, attachment.id), { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The type a browser gives some files is empty or generic: the extension decides then, as on the server. */
export function TicketAttachments({ ticket }: { ticket: TicketDetail }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [upload, { isLoading, error }] = useAddTicketAttachmentMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setStatus('');
    if (!file) return;
    const refused = attachmentProblem(file.name, attachmentTypeOf(file.name, file.type), file.size);
    setProblem(refused ? `${file.name}: ${refused}` : null);
    if (!refused) {
      const answer = await upload({ id: ticket.id, file });
      if ('data' in answer) setStatus(`${file.name} is attached.`);
    }
    if (input.current) input.current.value = '';
  };

  return (
    <TicketCard id="attachments-title" title="Attachments">
      {ticket.attachments.length === 0 ? (
        <p className="small text-body-secondary">No files yet.</p>
      ) : (
        <ul className="list-unstyled">
          {ticket.attachments.map((attachment) => (
            <li key={attachment.id} className="mb-1">
              <button
                type="button"
                className="btn btn-link p-0 text-start"
                onClick={() => {
                  setDownloadError(null);
                  download(ticket.id, attachment).catch((failure: unknown) => setDownloadError(apiErrorMessage(failure)));
                }}
              >
                {attachment.filename}
              </button>{' '}
              <span className="small text-body-secondary">
                ({formatBytes(attachment.size)}, {attachment.uploadedBy})
              </span>
            </li>
          ))}
        </ul>
      )}
      {downloadError ? <InlineError>{downloadError}</InlineError> : null}
      {ticket.status === 'closed' ? null : (
        <>
          <label htmlFor="ticket-attachment" className="form-label small">
            Add a file
          </label>
          <input
            ref={input}
            id="ticket-attachment"
            type="file"
            className="form-control form-control-sm"
            accept={ACCEPT}
            disabled={isLoading}
            aria-describedby="ticket-attachment-help"
            onChange={(event) => void chosen(event)}
          />
          <div id="ticket-attachment-help" className="form-text">
            Up to {ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB: images, PDF, text, logs, CSV, JSON or ZIP.
          </div>
        </>
      )}
      {problem ? <InlineError className="mt-2 mb-0">{problem}</InlineError> : null}
      {error ? <InlineError className="mt-2 mb-0">{apiErrorMessage(error)}</InlineError> : null}
      <p role="status" className="small text-success mb-0 mt-1">
        {status}
      </p>
    </TicketCard>
  );
}
