// The inbox's endpoints (common/api/endpoint.ts): the server registers its routes from them and the
// browser builds its requests from them. Types only come from the contract.
import { endpoint } from '../api/endpoint';
import type {
  InboxResponse,
  NotificationRecord,
  PreferenceRecord,
  PreferencesResponse,
  UnreadCountResponse,
} from './notificationsContract';

export const notificationsEndpoints = {
  inbox: endpoint<{
    query: { type?: string; unread?: 'true' | 'false'; limit?: number; offset?: number };
    response: InboxResponse;
  }>()('GET', '/api/notifications'),
  unreadCount: endpoint<{ response: UnreadCountResponse }>()('GET', '/api/notifications/unread-count'),
  readAll: endpoint<{ response: { updated: number } }>()('POST', '/api/notifications/read-all'),
  markRead: endpoint<{ params: { id: string }; body: { read: boolean }; response: { notification: NotificationRecord } }>()(
    'PATCH',
    '/api/notifications/:id',
  ),
  preferences: endpoint<{ response: PreferencesResponse }>()('GET', '/api/notifications/preferences'),
  savePreferences: endpoint<{ body: { preferences: PreferenceRecord[] }; response: PreferencesResponse }>()(
    'PUT',
    '/api/notifications/preferences',
  ),
};
