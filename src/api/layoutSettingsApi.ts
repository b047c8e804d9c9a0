// Layout settings kept by the server: the signed-in user's own (saved after each change) and
// any user's of the same organisation, for support staff on /app/admin.
import type { AppearanceSettings } from '@common/layout/layoutSettings';
import { layoutSettingsEndpoints as endpoints, type StoredUserLayoutSettings } from '@common/layout/layoutSettingsEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';

/** The caller's own settings: the server validated them when they were saved. */
export interface MyLayoutSettings {
  settings: AppearanceSettings;
  updatedAt: string;
}

/** Another user's, as stored: validate before applying (it came from another browser). */
export type UserLayoutSettings = StoredUserLayoutSettings;

export const layoutSettingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** 404 when the user has never saved any. */
    getMyLayoutSettings: build.query<MyLayoutSettings, void>({
      query: () => endpointRequest(endpoints.mine, {}),
      providesTags: ['MyLayoutSettings'],
    }),
    saveMyLayoutSettings: build.mutation<MyLayoutSettings, AppearanceSettings>({
      query: (settings) => endpointRequest(endpoints.saveMine, { body: { settings } }),
      invalidatesTags: ['MyLayoutSettings'],
    }),
    getUserLayoutSettings: build.query<UserLayoutSettings, string>({
      query: (username) => endpointRequest(endpoints.ofUser, { params: { username } }),
      providesTags: (_result, _error, username) => [{ type: 'UserLayoutSettings', id: username }],
    }),
  }),
});

export const { useLazyGetUserLayoutSettingsQuery } = layoutSettingsApi;
