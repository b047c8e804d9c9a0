// The support desk's API (/api/support): tickets with search, filters, sort and pages, their
// messages, attachments and status. Whoever may open /app/support may call it; support staff
// (`assured`, `admin`: the access table) see every ticket of their organisation, others their own.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSupportStaff, supportStaffRoles } from '@common/access/access';
import {
  addMessageBody,
  attachmentParams,
  createTicketBody,
  staffResponse,
  ticketAttachment,
  ticketIdParams,
  ticketListQuery,
  ticketListResponse,
  ticketResponse,
  updateTicketBody,
} from '@common/support/supportContract';
import { supportEndpoints as ep } from '@common/support/supportEndpoints';
import { ATTACHMENT_MAX_BYTES } from '@common/support/supportRules';
import { z } from 'zod';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { HttpError } from '../../platform/http/errors.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { knownUsers, type NotificationsService } from '../../platform/notifications/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { contentDisposition, readAttachment, receiveFile, storeAttachment } from './attachments.js';
import { createTicketNotices } from './ticketNotices.js';
import { addMessage, createTicket, listTickets, ticketDetail, updateTicket } from './ticketsStore.js';

const DEFAULT_PAGE_SIZE = 25;

export async function registerSupportRoutes(server: FastifyInstance, db: StoreDb, notifications: NotificationsService): Promise<void> {
  const notices = createTicketNotices(notifications, server.log);
  const support = requireRoute('support');
  // Staff are offered as assignees once the portal has seen them; a requester opening a ticket is remembered too.
  const remember = (request: FastifyRequest) => {
    const caller = callerOf(request);
    return notifications.rememberUser({
      organisation: organisationOf(caller),
      subject: caller.subject,
      username: caller.username,
      email: caller.email ?? null,
      roles: caller.roles,
    });
  };

  await server.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: ATTACHMENT_MAX_BYTES + 1, files: 1, parts: 2, fields: 0, headerPairs: 100 },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.route({
      ...endpointRoute(ep.tickets, { querystring: ticketListQuery, response: ticketListResponse }),
      preValidation: support,
      handler: async (request) => {
        const actor = actorOf(request);
        await remember(request);
        const query = request.query;
        return listTickets(db, actor.organisation, actor, {
          q: query.q,
          status: query.status,
          priority: query.priority,
          category: query.category,
          assignee: query.assignee,
          mine: query.mine === 'true',
          sort: query.sort,
          order: query.order,
          page: query.page ?? 1,
          pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
        });
      },
    });

    app.route({
      ...endpointRoute(ep.createTicket, { body: createTicketBody, response: ticketResponse }),
      preValidation: support,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        await remember(request);
        const ticket = await createTicket(db, actor, request.body);
        await notices.created(actor, ticket);
        return reply.code(201).send({ ticket });
      },
    });

    app.route({
      ...endpointRoute(ep.ticket, { params: ticketIdParams, response: ticketResponse }),
      preValidation: support,
      handler: async (request) => ({
        ticket: await ticketDetail(db, actorOf(request).organisation, actorOf(request), request.params.id),
      }),
    });

    app.route({
      ...endpointRoute(ep.updateTicket, { params: ticketIdParams, body: updateTicketBody, response: ticketResponse }),
      preValidation: support,
      handler: async (request) => {
        const actor = actorOf(request);
        const { assignee, ...rest } = request.body;
        let assigneePerson: { subject: string; username: string } | null | undefined;
        if (assignee !== undefined && isSupportStaff(actor.roles)) {
          if (assignee === null) assigneePerson = null;
          else if (assignee === actor.subject) assigneePerson = { subject: actor.subject, username: actor.username };
          else {
            const staff = await knownUsers(db, actor.organisation, supportStaffRoles);
            assigneePerson = staff.find((person) => person.subject === assignee);
            if (!assigneePerson)
              throw new HttpError(400, 'invalid_request', 'assignee: not a support staff member of your organisation.', 'assignee');
          }
        } else if (assignee !== undefined) {
          assigneePerson = null;
        }
        const change = await updateTicket(db, actor, request.params.id, {
          ...rest,
          ...(assignee !== undefined ? { assignee: assigneePerson ?? null } : {}),
        });
        await notices.updated(actor, change.before, { status: change.after.status, assignee: change.after.assignee });
        return { ticket: change.after };
      },
    });

    app.route({
      ...endpointRoute(ep.addMessage, { params: ticketIdParams, body: addMessageBody, response: ticketResponse }),
      preValidation: support,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const change = await addMessage(db, actor, request.params.id, request.body.kind, request.body.body);
        await notices.message(actor, change.before, request.body.kind, request.body.body);
        if (change.after.status !== change.before.status)
          await notices.updated(actor, change.before, { status: change.after.status, assignee: change.after.assignee });
        return reply.code(201).send({ ticket: change.after });
      },
    });

    // The multipart body is read by the handler as a stream (receiveFile), so there is no body schema.
    app.route({
      ...endpointRoute(ep.addAttachment, { params: ticketIdParams, response: z.object({ attachment: ticketAttachment }) }),
      preValidation: support,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const file = await receiveFile(request);
        const attachment = await storeAttachment(db, actor, request.params.id, file);
        return reply.code(201).send({ attachment });
      },
    });

    // The answer is the file itself, sent with its own content type, so there is no answer schema.
    app.route({
      ...endpointRoute(ep.attachment, { params: attachmentParams }),
      preValidation: support,
      handler: async (request, reply) => {
        const actor = actorOf(request);
        const file = await readAttachment(db, actor, request.params.id, request.params.attachmentId);
        return reply
          .header('content-type', file.content_type)
          .header('content-disposition', contentDisposition(file.filename))
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(file.content));
      },
    });

    app.route({
      ...endpointRoute(ep.staff, { response: staffResponse }),
      preValidation: support,
      handler: async (request) => {
        const actor = actorOf(request);
        if (!isSupportStaff(actor.roles)) throw new HttpError(403, 'forbidden', 'Only support staff may list support staff.');
        await remember(request);
        return { staff: await knownUsers(db, actor.organisation, supportStaffRoles) };
      },
    });
  });
}
