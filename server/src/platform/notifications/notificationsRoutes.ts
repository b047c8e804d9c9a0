// The inbox API: a user's notifications, read state and preferences. Every signed-in user of an
// organisation reads their own notices and marks them read (the header's bell is everyone's: a
// requester hears about replies to their ticket whatever their roles); the preferences belong to
// the full notifications page, so whoever may open it (the access table) manages them. Each user
// sees only their own notices, and another user's notification answers 404. Writes are audited
// in their transaction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  inboxQuery,
  inboxResponse,
  markReadBody,
  notificationIdParams,
  notificationRecord,
  preferencesResponse,
  unreadCountResponse,
  updatePreferencesBody,
} from '@common/notifications/notificationsContract';
import { z } from 'zod';
import { actorOf, callerOf, organisationOf, requireRoute } from '../http/auth/authenticate.js';
import { HttpError } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zodTypeProvider.js';
import { endpointRoute } from '../http/endpointRoute.js';
import { notificationsEndpoints as ep } from '@common/notifications/notificationsEndpoints';
import { writeAudit } from '../store/audit.js';
import { RecordNotFoundError } from '../store/errors.js';
import type { StoreDb } from '../store/openStore.js';
import type { NotificationsService } from './notificationsService.js';
import { listInbox, listPreferences, toNotificationRecord, unreadCount } from './notificationsStore.js';

const DEFAULT_PAGE = 25;

export function registerNotificationRoutes(server: FastifyInstance, db: StoreDb, service: NotificationsService): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const inbox = requireRoute('notifications');
  const ownNotices = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      organisationOf(callerOf(request));
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
  // Every inbox call refreshes who the user is, so notices for their role reach them from now on.
  const seen = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    await service.rememberUser({
      organisation: organisationOf(caller),
      subject: caller.subject,
      username: caller.username,
      email: caller.email ?? null,
      roles: caller.roles,
    });
  };

  app.route({
    ...endpointRoute(ep.inbox, { querystring: inboxQuery, response: inboxResponse }),
    preValidation: ownNotices,
    handler: async (request) => {
      const actor = actorOf(request);
      await seen(request);
      const { type, unread, limit, offset } = request.query;
      return listInbox(db, actor.organisation, actor.subject, {
        type,
        unreadOnly: unread === 'true',
        limit: limit ?? DEFAULT_PAGE,
        offset: offset ?? 0,
      });
    },
  });

  app.route({
    ...endpointRoute(ep.unreadCount, { response: unreadCountResponse }),
    preValidation: ownNotices,
    handler: async (request) => {
      const actor = actorOf(request);
      await seen(request);
      return { unread: await unreadCount(db, actor.organisation, actor.subject) };
    },
  });

  app.route({
    ...endpointRoute(ep.readAll, { response: z.object({ updated: z.number() }) }),
    preValidation: ownNotices,
    handler: async (request) => {
      const actor = actorOf(request);
      const updated = await db.transaction().execute(async (tx) => {
        const rows = await tx
          .updateTable('notification_recipients')
          .set({ read_at: new Date() })
          .where('organisation_id', '=', actor.organisation)
          .where('subject', '=', actor.subject)
          .where('read_at', 'is', null)
          .returning('notification_id')
          .execute();
        if (rows.length > 0)
          await writeAudit(tx, actor, { action: 'notification.read_all', target: actor.subject, details: { count: rows.length } });
        return rows.length;
      });
      return { updated };
    },
  });

  app.route({
    ...endpointRoute(ep.markRead, {
      params: notificationIdParams,
      body: markReadBody,
      response: z.object({ notification: notificationRecord }),
    }),
    preValidation: ownNotices,
    handler: async (request) => {
      const actor = actorOf(request);
      const { read } = request.body;
      const notification = await db.transaction().execute(async (tx) => {
        const updated = await tx
          .updateTable('notification_recipients')
          .set({ read_at: read ? new Date() : null })
          .where('organisation_id', '=', actor.organisation)
          .where('subject', '=', actor.subject)
          .where('notification_id', '=', request.params.id)
          .returning('notification_id')
          .executeTakeFirst();
        // Someone else's notification (or another organisation's) is not this user's to see.
        if (!updated) throw new RecordNotFoundError('notification');
        const row = await tx
          .selectFrom('notifications as n')
          .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
          .select(['n.id', 'n.type', 'n.title', 'n.body', 'n.link', 'n.created_at', 'r.read_at'])
          .where('n.id', '=', request.params.id)
          .where('r.subject', '=', actor.subject)
          .executeTakeFirstOrThrow();
        await writeAudit(tx, actor, { action: read ? 'notification.read' : 'notification.unread', target: request.params.id });
        return toNotificationRecord(row);
      });
      return { notification };
    },
  });

  app.route({
    ...endpointRoute(ep.preferences, { response: preferencesResponse }),
    preValidation: inbox,
    handler: async (request) => {
      const actor = actorOf(request);
      await seen(request);
      return {
        preferences: await listPreferences(db, actor.organisation, actor.subject),
        email: { available: service.emailAvailable, address: actor.email },
      };
    },
  });

  app.route({
    ...endpointRoute(ep.savePreferences, { body: updatePreferencesBody, response: preferencesResponse }),
    preValidation: inbox,
    handler: async (request) => {
      const actor = actorOf(request);
      const { preferences } = request.body;
      const seenTypes = new Set<string>();
      preferences.forEach((preference, index) => {
        if (seenTypes.has(preference.type))
          throw new HttpError(
            400,
            'invalid_request',
            `preferences.${index}.type: "${preference.type}" is listed twice.`,
            `preferences.${index}.type`,
          );
        seenTypes.add(preference.type);
        if (preference.email && !service.emailAvailable) {
          throw new HttpError(
            400,
            'invalid_request',
            `preferences.${index}.email: e-mail is off because no SMTP server is configured.`,
            `preferences.${index}.email`,
          );
        }
        if (preference.email && !actor.email) {
          throw new HttpError(
            400,
            'invalid_request',
            `preferences.${index}.email: your account has no e-mail address.`,
            `preferences.${index}.email`,
          );
        }
      });
      await db.transaction().execute(async (tx) => {
        for (const preference of preferences) {
          await tx
            .insertInto('notification_preferences')
            .values({
              organisation_id: actor.organisation,
              subject: actor.subject,
              type: preference.type,
              in_app: preference.inApp,
              email: preference.email,
            })
            .onConflict((oc) =>
              oc.columns(['organisation_id', 'subject', 'type']).doUpdateSet({ in_app: preference.inApp, email: preference.email }),
            )
            .execute();
        }
        await writeAudit(tx, actor, { action: 'notification.preferences', target: actor.subject, details: { preferences } });
      });
      await seen(request);
      return {
        preferences: await listPreferences(db, actor.organisation, actor.subject),
        email: { available: service.emailAvailable, address: actor.email },
      };
    },
  });
}
