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
import { endpointUrl } from '@common/api/endpoint';
import { notificationsEndpoints as endpoints } from '@common/notifications/notificationsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

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
        url: endpointUrl(endpoints.inbox),
        params: { ...(type ? { type } : {}), ...(unreadOnly ? { unread: 'true' } : {}), limit, offset },
      }),
      providesTags: [NOTIFICATIONS],
    }),
    getUnreadCount: build.query<UnreadCountResponse, void>({
      query: () => endpointUrl(endpoints.unreadCount),
      providesTags: [NOTIFICATIONS],
    }),
    markNotificationRead: build.mutation<{ notification: NotificationRecord }, { id: string; read: boolean }>({
      query: ({ id, read }) => endpointRequest(endpoints.markRead, { params: { id }, body: { read } }),
      invalidatesTags: [NOTIFICATIONS],
    }),
    markAllNotificationsRead: build.mutation<{ updated: number }, void>({
      query: () => endpointRequest(endpoints.readAll, {}),
      invalidatesTags: [NOTIFICATIONS],
    }),
    getNotificationPreferences: build.query<PreferencesResponse, void>({
      query: () => endpointUrl(endpoints.preferences),
      providesTags: ['NotificationPreferences'],
    }),
    saveNotificationPreferences: build.mutation<PreferencesResponse, PreferenceRecord[]>({
      query: (preferences) => endpointRequest(endpoints.savePreferences, { body: { preferences } }),
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
