// The one notifications service every area calls (docs/architecture.md): it records a notice
// for a user, the holders of a role or the whole organisation, delivers it live to their open
// browsers and, for those who asked, by e-mail through a job on the shared runner (retried).
// Areas receive it in their context (platform/area); none of them imports another to tell it something.
import { z } from 'zod';
import {
  isNotificationType,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_CURSOR_TOPIC,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_LIVE_TOPIC,
  NOTIFICATION_TITLE_MAX,
  notificationEventId,
  notificationIdFromEventId,
  notificationTypeLabels,
  type NotificationType,
} from '@common/notifications/notificationTypes';
import type { NotificationRecord } from '@common/notifications/notificationsContract';
import type { JobRunner } from '../jobs/index.js';
import type { LiveChannel, LiveEvent, LiveReplaySource } from '../live/index.js';
import type { StoreDb } from '../store/openStore.js';
import { createEmailSender, smtpConfigured, type EmailSender, type SmtpSettings } from './emailSender.js';
import {
  emailAddressOf,
  inboxAfter,
  knownSubjects,
  latestNotificationId,
  notificationById,
  preferencesFor,
  rememberUser,
  toNotificationRecord,
  type SeenUser,
} from './notificationsStore.js';

/** Who receives a notification: one user (token subject), the holders of a role (or of any of several), or everyone in the organisation. */
export type NotificationAudience = { userId: string } | { role: string | readonly string[] } | 'organisation';

export interface NotifyRequest {
  organisation: string;
  audience: NotificationAudience;
  type: NotificationType;
  title: string;
  body?: string;
  /** A portal path to the thing that changed (`/app/...`). */
  link?: string;
  /** Small facts for the receiving page (ids); stored, not shown. */
  data?: Record<string, unknown>;
  /** Users left out even if the audience includes them (e.g. whoever caused the change). */
  exceptUserIds?: readonly string[];
}

export interface NotifyResult {
  /** null when nobody was to receive it (no recipient, or all turned the type off). */
  id: string | null;
  inApp: number;
  emails: number;
}

export interface NotificationsService {
  notify(request: NotifyRequest): Promise<NotifyResult>;
  /** Remembers who a caller is (roles, e-mail) so notices for their role or organisation reach them. */
  rememberUser(user: SeenUser): Promise<void>;
  /** Whether e-mail can be sent at all (an SMTP server is configured). */
  readonly emailAvailable: boolean;
  /** For GET /api/live: what a reconnecting browser missed. */
  readonly liveReplay: LiveReplaySource;
  close(): void;
}

export interface NotificationsOptions {
  db: StoreDb;
  live: LiveChannel;
  jobs: JobRunner;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  smtp: SmtpSettings | null;
  /** The portal's public URL, for links in e-mails. */
  portalUrl: string;
  /** E-mail retries: first wait (default 30 s), doubled each time. */
  emailRetryBaseDelayMs?: number;
  emailMaxAttempts?: number;
  /** Injected in tests; made from `smtp` otherwise. */
  sender?: EmailSender;
}

export const EMAIL_JOB = 'notifications.email';
const emailPayload = z.object({ notificationId: z.string().regex(/^[0-9]+$/), subject: z.string().min(1) });
/** Beyond this many recipients, one live message goes to the whole audience instead of one per user. */
const PER_USER_PUBLISH_MAX = 10;
/** How many missed notifications a reconnecting browser gets at most (the inbox has the rest). */
const REPLAY_MAX = 500;
const EXCEPT_LIST_MAX_BYTES = 4000;

function checkRequest(request: NotifyRequest): { title: string; body: string; link: string | null } {
  if (!isNotificationType(request.type))
    throw new Error(`"${String(request.type)}" is not a notification type (common/notifications/notificationTypes.ts).`);
  const title = request.title.trim();
  if (!title) throw new Error('A notification needs a title.');
  const link = request.link ?? null;
  if (link !== null && (!link.startsWith('/') || link.startsWith('//') || link.length > NOTIFICATION_LINK_MAX)) {
    throw new Error('A notification link is a portal path starting with a single "/".');
  }
  // Texts from elsewhere (a ticket's reply, a source's name) are cut rather than refused: the notice still goes out.
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  return { title: cut(title, NOTIFICATION_TITLE_MAX), body: cut(request.body?.trim() ?? '', NOTIFICATION_BODY_MAX), link };
}

export function createNotificationsService(options: NotificationsOptions): NotificationsService {
  const { db, live, jobs, log } = options;
  const sender = options.sender ?? (smtpConfigured(options.smtp) ? createEmailSender(options.smtp) : null);
  if (sender) log.info({ smtp: sender.describe }, 'notification e-mail goes through SMTP');

  jobs.define(
    EMAIL_JOB,
    async ({ organisation, payload }) => {
      if (!sender) return { skipped: 'no SMTP server configured' };
      const notification = await notificationById(db, organisation, payload.notificationId);
      const address = await emailAddressOf(db, organisation, payload.subject);
      if (!notification || !address) return { skipped: notification ? 'no e-mail address' : 'notification removed' };
      const link = notification.link ? new URL(notification.link, options.portalUrl).href : null;
      await sender.send({
        to: address,
        subject: `[Dataworks] ${notification.title}`,
        text: [
          notification.title,
          notification.body,
          link ? `Open it in the portal: ${link}` : '',
          `You receive this because "${notificationTypeLabels[notification.type as NotificationType] ?? notification.type}" e-mails are on in your notification preferences.`,
        ]
          .filter(Boolean)
          .join('\n\n'),
      });
      return { sent: true };
    },
    { payload: emailPayload, maxAttempts: options.emailMaxAttempts ?? 5, retryBaseDelayMs: options.emailRetryBaseDelayMs ?? 30_000 },
  );

  const audienceSubjects = async (request: NotifyRequest): Promise<string[]> => {
    const { audience } = request;
    if (audience === 'organisation') return knownSubjects(db, request.organisation, null);
    if ('userId' in audience) return [audience.userId];
    return knownSubjects(db, request.organisation, typeof audience.role === 'string' ? [audience.role] : audience.role);
  };

  const publish = async (request: NotifyRequest, record: NotificationRecord, audience: readonly string[], inApp: readonly string[]) => {
    const base = { organisation: request.organisation, topic: NOTIFICATION_LIVE_TOPIC, id: notificationEventId(record.id), data: record };
    const left = audience.filter((subject) => !inApp.includes(subject));
    const fanOut = typeof request.audience !== 'string' && 'userId' in request.audience ? null : request.audience;
    const leftBytes = JSON.stringify(left).length;
    if (fanOut === null || inApp.length <= PER_USER_PUBLISH_MAX || leftBytes > EXCEPT_LIST_MAX_BYTES) {
      await Promise.all(inApp.map((userId) => live.publish({ ...base, userId })));
      return;
    }
    const roles = fanOut === 'organisation' ? undefined : typeof fanOut.role === 'string' ? [fanOut.role] : [...fanOut.role];
    await live.publish({ ...base, ...(roles ? { roles } : { toOrganisation: true }), ...(left.length > 0 ? { exceptUserIds: left } : {}) });
  };

  return {
    emailAvailable: sender !== null,
    rememberUser: (user) => rememberUser(db, user),
    async notify(request) {
      const { title, body, link } = checkRequest(request);
      const except = new Set(request.exceptUserIds ?? []);
      const audience = (await audienceSubjects(request)).filter((subject) => !except.has(subject));
      const preferences = await preferencesFor(db, request.organisation, audience, request.type);
      const inApp = audience.filter((subject) => preferences.get(subject)?.inApp);
      const byEmail = sender ? audience.filter((subject) => preferences.get(subject)?.email) : [];
      if (inApp.length === 0 && byEmail.length === 0) return { id: null, inApp: 0, emails: 0 };

      const row = await db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('notifications')
          .values({
            organisation_id: request.organisation,
            type: request.type,
            title,
            body,
            link,
            data: JSON.stringify(request.data ?? {}),
            audience: JSON.stringify(request.audience),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        for (let start = 0; start < inApp.length; start += 1000) {
          await tx
            .insertInto('notification_recipients')
            .values(
              inApp
                .slice(start, start + 1000)
                .map((subject) => ({ notification_id: inserted.id, organisation_id: request.organisation, subject })),
            )
            .execute();
        }
        return inserted;
      });
      const record = toNotificationRecord({ ...row, read_at: null });
      // After the commit: a browser told about it can already read it.
      if (inApp.length > 0) {
        try {
          await publish(request, record, audience, inApp);
        } catch (error) {
          // The inbox has it; the browser shows it at its next refresh.
          log.warn({ err: error, notification: record.id }, 'could not publish a notification live');
        }
      }
      for (const subject of byEmail) {
        await jobs.enqueue({ kind: EMAIL_JOB, organisation: request.organisation, payload: { notificationId: record.id, subject } });
      }
      return { id: record.id, inApp: inApp.length, emails: byEmail.length };
    },
    liveReplay: {
      async onConnect(caller, organisation) {
        await rememberUser(db, {
          organisation,
          subject: caller.subject,
          username: caller.username,
          email: caller.email ?? null,
          roles: caller.roles,
        });
      },
      async cursor(caller, organisation) {
        const latest = await latestNotificationId(db, organisation, caller.subject);
        return { id: notificationEventId(latest), topic: NOTIFICATION_CURSOR_TOPIC, data: { id: latest } };
      },
      async missed(caller, organisation, lastEventId): Promise<LiveEvent[]> {
        const after = notificationIdFromEventId(lastEventId);
        if (after === null) return [];
        const missed = await inboxAfter(db, organisation, caller.subject, after, REPLAY_MAX);
        return missed.map((record) => ({ id: notificationEventId(record.id), topic: NOTIFICATION_LIVE_TOPIC, data: record }));
      },
    },
    close: () => sender?.close(),
  };
}
