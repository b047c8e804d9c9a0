// The kinds of notification the portal sends. Every area that notifies picks one of these; the
// inbox filters and the per-user preferences are per type. Add a type here (with its label) and
// it appears in the filters and preferences at once.

export const notificationTypes = [
  'freshness_status_change',
  'alert',
  'connector_sync_failure',
  'ticket_update',
  'feature_status_change',
  'hive_answer',
  'incident_opened',
  'incident_assigned',
  'glossary_review',
  'organisation_membership',
  'system',
] as const;

export type NotificationType = (typeof notificationTypes)[number];

export const notificationTypeLabels: Record<NotificationType, string> = {
  freshness_status_change: 'Source freshness changes',
  alert: 'Alerts',
  connector_sync_failure: 'Connector sync failures',
  ticket_update: 'Support ticket updates',
  feature_status_change: 'Feature request status changes',
  hive_answer: 'Answers to your questions in Hive',
  incident_opened: 'Data quality incidents opened',
  incident_assigned: 'Data quality incidents assigned to you',
  glossary_review: 'Glossary terms you review, and decisions on terms you submitted',
  organisation_membership: 'People joining your organisation or asking to',
  system: 'Portal announcements',
};

export function isNotificationType(value: string): value is NotificationType {
  return (notificationTypes as readonly string[]).includes(value);
}

/** What a user gets for a type they never chose for: in the inbox, not by e-mail. */
export const DEFAULT_PREFERENCE = { inApp: true, email: false } as const;

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;
export const NOTIFICATION_LINK_MAX = 500;

/** The live channel's topic for a new notification (its SSE event id is `n:<id>`). */
export const NOTIFICATION_LIVE_TOPIC = 'notification';
export const NOTIFICATION_EVENT_ID_PREFIX = 'n:';
/**
 * Sent once when a stream opens without Last-Event-ID: its id is the user's newest notification,
 * so the browser has an id to send back after a drop even if nothing arrived meanwhile.
 */
export const NOTIFICATION_CURSOR_TOPIC = 'notification-cursor';

export function notificationEventId(id: string): string {
  return `${NOTIFICATION_EVENT_ID_PREFIX}${id}`;
}

/** The notification id in a Last-Event-ID header, or null when it is not one of ours. */
export function notificationIdFromEventId(eventId: string | undefined | null): string | null {
  if (!eventId || !eventId.startsWith(NOTIFICATION_EVENT_ID_PREFIX)) return null;
  const id = eventId.slice(NOTIFICATION_EVENT_ID_PREFIX.length);
  return /^[0-9]{1,18}$/.test(id) ? id : null;
}
