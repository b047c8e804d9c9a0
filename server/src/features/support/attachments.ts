// Attachments of a ticket: one file per request (multipart part "file"), checked for type, name
// and size before anything is stored, kept in the store, and always handed back as a download
// (Content-Disposition: attachment), never shown inline by the browser.
import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_PER_TICKET_MAX, attachmentProblem, attachmentTypeOf } from '@common/support/supportRules';
import type { TicketAttachment } from '@common/support/supportContract';
import { HttpError } from '../../platform/http/errors.js';
import { writeAudit } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { AttachmentError } from './errors.js';
import { visibleTicket, type SupportActor } from './ticketsStore.js';
import { toAttachment } from './ticketViews.js';

export interface ReceivedFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Reads the one file of the request, stopping at the size limit. */
export async function receiveFile(request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data in a part named "file".', 'file');
  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file' || received) {
        if (part.type === 'file') part.file.resume();
        throw new HttpError(400, 'invalid_request', 'Send exactly one part, a file named "file".', 'file');
      }
      const content = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AttachmentError(`The file is larger than ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.`, true);
        throw error;
      });
      if (part.file.truncated) throw new AttachmentError(`The file is larger than ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.`, true);
      received = { filename: part.filename, contentType: attachmentTypeOf(part.filename, part.mimetype), content };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.', 'file');
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AttachmentError(`The file is larger than ${ATTACHMENT_MAX_BYTES / (1024 * 1024)} MB.`, true);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new HttpError(400, 'invalid_request', 'Send exactly one part, a file named "file".', 'file');
    // Anything else unreadable (cut short, no boundary): the shared multipart mapping answers 400.
    throw error;
  }
  if (!received) throw new HttpError(400, 'invalid_request', 'file: no file was sent.', 'file');
  return received;
}

export async function storeAttachment(db: StoreDb, actor: SupportActor, ticketId: string, file: ReceivedFile): Promise<TicketAttachment> {
  const problem = attachmentProblem(file.filename, file.contentType, file.content.length);
  if (problem) throw new AttachmentError(problem, file.content.length > ATTACHMENT_MAX_BYTES);
  return db.transaction().execute(async (tx) => {
    const ticket = await visibleTicket(tx, actor.organisation, actor, ticketId, true);
    if (ticket.status === 'closed') throw new AttachmentError('The ticket is closed: files cannot be added any more.', false);
    const count = await tx
      .selectFrom('support_attachments')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= ATTACHMENTS_PER_TICKET_MAX)
      throw new AttachmentError(`A ticket holds at most ${ATTACHMENTS_PER_TICKET_MAX} files.`, false);
    const row = await tx
      .insertInto('support_attachments')
      .values({
        ticket_id: ticketId,
        organisation_id: actor.organisation,
        filename: file.filename,
        content_type: file.contentType,
        size: file.content.length,
        content: file.content,
        uploaded_by_subject: actor.subject,
        uploaded_by_username: actor.username,
      })
      .returning([
        'id',
        'ticket_id',
        'organisation_id',
        'filename',
        'content_type',
        'size',
        'uploaded_by_subject',
        'uploaded_by_username',
        'created_at',
      ])
      .executeTakeFirstOrThrow();
    await tx.updateTable('support_tickets').set({ updated_at: new Date() }).where('id', '=', ticketId).execute();
    await writeAudit(tx, actor, {
      action: 'support.ticket.attach',
      target: ticketId,
      details: { attachment: row.id, filename: file.filename, contentType: file.contentType, size: file.content.length },
    });
    return toAttachment(row);
  });
}

export async function readAttachment(db: StoreDb, actor: SupportActor, ticketId: string, attachmentId: string) {
  await visibleTicket(db, actor.organisation, actor, ticketId);
  const row = await db
    .selectFrom('support_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('ticket_id', '=', ticketId)
    .where('organisation_id', '=', actor.organisation)
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'No such attachment.');
  return row;
}

/** `attachment; filename="…"; filename*=UTF-8''…` with anything unsafe in the plain form replaced. */
export function contentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
