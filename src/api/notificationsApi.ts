// The notifications inbox and preferences as the bell and the inbox page read them. Every read
// carries the Notifications tag; a live notification invalidates it (useLiveNotifications), so
// the count and the list refetch the moment something arrives.
import type {
  InboxResponse,
  NotificationRecord,
  PreferenceRecord,
  PreferencesResponse,
  UnreadCountResponse,
} from '@common/notifications/notificationsContract';
import type { NotificationType } from '@common/notifications/notificationTypes';
import { baseApi } from './baseApi';

export const notificationTagTypes = ['Notifications', 'NotificationPreferences'] as const;
const NOTIFICATIONS = 'Notifications' as const;

export interface InboxRequest {
  type?: NotificationType;
  unreadOnly?: boolean;
  limit: number;
  offset: number;
}

export const notificationsApi = baseApi.enhanceEndpoints({ addTagTypes: notificationTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    getInbox: build.query<InboxResponse, InboxRequest>({
      query: ({ type, unreadOnly, limit, offset }) => ({
        url: 'api/notifications',
        params: { ...(type ? { type } : {}), ...(unreadOnly ? { unread: 'true' } : {}), limit, offset },
      }),
      providesTags: [NOTIFICATIONS],
    }),
    getUnreadCount: build.query<UnreadCountResponse, void>({
      query: () => 'api/notifications/unread-count',
      providesTags: [NOTIFICATIONS],
    }),
    markNotificationRead: build.mutation<{ notification: NotificationRecord }, { id: string; read: boolean }>({
      query: ({ id, read }) => ({ url: `api/notifications/${encodeURIComponent(id)}`, method: 'PATCH', body: { read } }),
      invalidatesTags: [NOTIFICATIONS],
    }),
    markAllNotificationsRead: build.mutation<{ updated: number }, void>({
      query: () => ({ url: 'api/notifications/read-all', method: 'POST' }),
      invalidatesTags: [NOTIFICATIONS],
    }),
    getNotificationPreferences: build.query<PreferencesResponse, void>({
      query: () => 'api/notifications/preferences',
      providesTags: ['NotificationPreferences'],
    }),
    saveNotificationPreferences: build.mutation<PreferencesResponse, PreferenceRecord[]>({
      query: (preferences) => ({ url: 'api/notifications/preferences', method: 'PUT', body: { preferences } }),
      invalidatesTags: ['NotificationPreferences'],
    }),
  }),
});

export const {
  useGetInboxQuery,
  useGetUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
} = notificationsApi;
