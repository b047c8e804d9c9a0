// The notifications API: the inbox, read state and preferences. The browser imports types only.
import { z } from 'zod';
import { notificationTypes } from './notificationTypes';

export const notificationRecord = z.object({
  /** A decimal string: the store's bigint id, also the SSE event id after `n:`. */
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  body: z.string(),
  /** A portal path (`/app/...`) to the thing that changed, or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const INBOX_PAGE_SIZE_MAX = 100;

export const inboxQuery = z.strictObject({
  type: z.enum(notificationTypes, { error: `must be one of ${notificationTypes.join(', ')}` }).optional(),
  unread: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(INBOX_PAGE_SIZE_MAX, `must be at most ${INBOX_PAGE_SIZE_MAX}`)
    .optional(),
  offset: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000)
    .optional(),
});

export const inboxResponse = z.object({
  notifications: z.array(notificationRecord),
  total: z.number(),
  unread: z.number(),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

export const unreadCountResponse = z.object({ unread: z.number() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;

export const notificationIdParams = z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'must be a notification id') });

export const markReadBody = z.strictObject({ read: z.boolean({ error: 'must be true or false' }) }, { error: 'must be a JSON object' });

export const preferenceRecord = z.strictObject({
  type: z.enum(notificationTypes, { error: `must be one of ${notificationTypes.join(', ')}` }),
  inApp: z.boolean({ error: 'must be true or false' }),
  email: z.boolean({ error: 'must be true or false' }),
});
export type PreferenceRecord = z.infer<typeof preferenceRecord>;

export const preferencesResponse = z.object({
  preferences: z.array(preferenceRecord),
  email: z.object({
    /** False when no SMTP server is configured: e-mail is off for everyone. */
    available: z.boolean(),
    /** The address e-mail goes to (from the sign-in token), or null when the account has none. */
    address: z.string().nullable(),
  }),
});
export type PreferencesResponse = z.infer<typeof preferencesResponse>;

export const updatePreferencesBody = z.strictObject(
  {
    preferences: z
      .array(preferenceRecord, { error: 'must be a list' })
      .min(1, 'must not be empty')
      .max(notificationTypes.length, `must have at most ${notificationTypes.length} entries`),
  },
  { error: 'must be a JSON object' },
);
