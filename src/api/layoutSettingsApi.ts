// Layout settings kept by the server: the signed-in user's own (saved after each change) and
// any user's of the same organisation, for support staff on /app/admin.
import type { z } from 'zod';
import type { AppearanceSettings } from '@common/layout/layoutSettings';
import type { userLayoutSettingsResponse } from '@common/layout/layoutSettingsContract';
import { baseApi } from './baseApi';

/** The caller's own settings: the server validated them when they were saved. */
export interface MyLayoutSettings {
  settings: AppearanceSettings;
  updatedAt: string;
}

/** Another user's, as stored: validate before applying (it came from another browser). */
export type UserLayoutSettings = z.infer<typeof userLayoutSettingsResponse>;

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
