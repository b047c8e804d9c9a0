// The notifications' records: one row per event, one per recipient (read state), the users the
// portal has seen (who a role's or the organisation's notice reaches, and their e-mail), and
// each user's preferences per type. Every query is scoped to one organisation.
import { sql } from 'kysely';
import { DEFAULT_PREFERENCE, notificationTypes, type NotificationType } from '@common/notifications/notificationTypes';
import type { NotificationRecord, PreferenceRecord } from '@common/notifications/notificationsContract';
import type { StoreDb } from '../store/openStore.js';

export interface SeenUser {
  organisation: string;
  subject: string;
  username: string;
  email: string | null;
  roles: readonly string[];
}

/** Remembers a user as their latest token shows them; the same user again only refreshes the row. */
export async function rememberUser(db: StoreDb, user: SeenUser): Promise<void> {
  await db
    .insertInto('notification_users')
    .values({
      organisation_id: user.organisation,
      subject: user.subject,
      username: user.username,
      email: user.email,
      roles: JSON.stringify(user.roles),
    })
    .onConflict((oc) =>
      oc.columns(['organisation_id', 'subject']).doUpdateSet({
        username: user.username,
        email: user.email,
        roles: JSON.stringify(user.roles),
        seen_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Subjects of the organisation's known users holding any of `roles` (all of them when `roles` is null). */
export async function knownSubjects(db: StoreDb, organisation: string, roles: readonly string[] | null): Promise<string[]> {
  let query = db.selectFrom('notification_users').select('subject').where('organisation_id', '=', organisation);
  if (roles) query = query.where(sql<boolean>`roles ?| ${sql.val([...roles])}::text[]`);
  return (await query.execute()).map((row) => row.subject);
}

export async function emailAddressOf(db: StoreDb, organisation: string, subject: string): Promise<string | null> {
  const row = await db
    .selectFrom('notification_users')
    .select('email')
    .where('organisation_id', '=', organisation)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Per subject, the preference for one type (the default when they never chose). */
export async function preferencesFor(
  db: StoreDb,
  organisation: string,
  subjects: readonly string[],
  type: NotificationType,
): Promise<Map<string, { inApp: boolean; email: boolean }>> {
  const chosen = new Map<string, { inApp: boolean; email: boolean }>();
  if (subjects.length === 0) return chosen;
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['subject', 'in_app', 'email'])
    .where('organisation_id', '=', organisation)
    .where('type', '=', type)
    .where('subject', 'in', [...subjects])
    .execute();
  for (const row of rows) chosen.set(row.subject, { inApp: row.in_app, email: row.email });
  return new Map(subjects.map((subject) => [subject, chosen.get(subject) ?? { ...DEFAULT_PREFERENCE }]));
}

export async function listPreferences(db: StoreDb, organisation: string, subject: string): Promise<PreferenceRecord[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('subject', '=', subject)
    .execute();
  const byType = new Map(rows.map((row) => [row.type, row]));
  return notificationTypes.map((type) => {
    const row = byType.get(type);
    return { type, inApp: row?.in_app ?? DEFAULT_PREFERENCE.inApp, email: row?.email ?? DEFAULT_PREFERENCE.email };
  });
}

interface InboxRow {
  id: string | number;
  type: string;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
}

export function toNotificationRecord(row: InboxRow): NotificationRecord {
  return {
    id: String(row.id),
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}

const inboxColumns = ['n.id', 'n.type', 'n.title', 'n.body', 'n.link', 'n.created_at', 'r.read_at'] as const;

export interface InboxFilter {
  type?: NotificationType;
  unreadOnly?: boolean;
  limit: number;
  offset: number;
}

/** Unread first, then newest first. */
export async function listInbox(db: StoreDb, organisation: string, subject: string, filter: InboxFilter) {
  let base = db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .where('r.organisation_id', '=', organisation)
    .where('r.subject', '=', subject);
  if (filter.type) base = base.where('n.type', '=', filter.type);
  if (filter.unreadOnly) base = base.where('r.read_at', 'is', null);
  const [rows, counts] = await Promise.all([
    base
      .select([...inboxColumns])
      .orderBy(sql`r.read_at is null`, 'desc')
      .orderBy('n.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base
      .select((eb) => [
        eb.fn.countAll<string | number>().as('total'),
        sql<string | number>`count(*) filter (where r.read_at is null)`.as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { notifications: rows.map(toNotificationRecord), total: Number(counts.total), unread: Number(counts.unread) };
}

export async function unreadCount(db: StoreDb, organisation: string, subject: string): Promise<number> {
  const row = await db
    .selectFrom('notification_recipients')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('organisation_id', '=', organisation)
    .where('subject', '=', subject)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The user's notifications after `afterId`, oldest first (what a reconnecting browser missed). */
export async function inboxAfter(db: StoreDb, organisation: string, subject: string, afterId: string, limit: number) {
  const rows = await db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select([...inboxColumns])
    .where('r.organisation_id', '=', organisation)
    .where('r.subject', '=', subject)
    .where('r.notification_id', '>', afterId)
    .orderBy('n.id')
    .limit(limit)
    .execute();
  return rows.map(toNotificationRecord);
}

export async function notificationById(db: StoreDb, organisation: string, id: string) {
  return db.selectFrom('notifications').selectAll().where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst();
}

/** The newest notification id of a user ("0" when none): where a replay after a reconnect starts. */
export async function latestNotificationId(db: StoreDb, organisation: string, subject: string): Promise<string> {
  const row = await db
    .selectFrom('notification_recipients')
    .select((eb) => eb.fn.max('notification_id').as('latest'))
    .where('organisation_id', '=', organisation)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.latest === null || row?.latest === undefined ? '0' : String(row.latest);
}

/** The organisation's known users holding any of `roles`, by name (e.g. the support staff a ticket can be assigned to). */
export async function knownUsers(
  db: StoreDb,
  organisation: string,
  roles: readonly string[],
): Promise<{ subject: string; username: string }[]> {
  return db
    .selectFrom('notification_users')
    .select(['subject', 'username'])
    .where('organisation_id', '=', organisation)
    .where(sql<boolean>`roles ?| ${sql.val([...roles])}::text[]`)
    .orderBy('username')
    .execute();
}

/** The subjects of the organisation's members the portal has seen, by username (unknown names are left out). */
export async function subjectsOfUsernames(db: StoreDb, organisation: string, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('notification_users')
    .select('subject')
    .where('organisation_id', '=', organisation)
    .where('username', 'in', [...usernames])
    .execute();
  return rows.map((row) => row.subject);
}
