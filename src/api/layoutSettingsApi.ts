// Layout settings kept by the server: the signed-in user's own (saved after each change) and
// any user's of the same organisation, for support staff on /app/admin.
import type { AppearanceSettings } from '@common/layout/layoutSettings';
import { baseApi } from './baseApi';

export interface MyLayoutSettings {
  settings: AppearanceSettings;
  updatedAt: string;
}

export interface UserLayoutSettings {
  username: string;
  /** As stored; validate before applying (it came from another browser). */
  settings: unknown;
  updatedAt: string;
}

export const layoutSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 404 when the user has never saved any. */
    getMyLayoutSettings: build.query<MyLayoutSettings, void>({
      query: () => 'api/me/layout-settings',
      providesTags: ['MyLayoutSettings'],
    }),
    saveMyLayoutSettings: build.mutation<MyLayoutSettings, AppearanceSettings>({
      query: (settings) => ({ url: 'api/me/layout-settings', method: 'PUT', body: { settings } }),
      invalidatesTags: ['MyLayoutSettings'],
    }),
    getUserLayoutSettings: build.query<UserLayoutSettings, string>({
      query: (username) => `api/admin/layout-settings/${encodeURIComponent(username)}`,
      providesTags: (_result, _error, username) => [{ type: 'UserLayoutSettings', id: username }],
    }),
  }),
});

export const { useLazyGetUserLayoutSettingsQuery } = layoutSettingsApi;
