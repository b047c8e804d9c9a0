// The RTK Query API of the portal. Its base query goes through the shared axios client, so
// every endpoint gets sign-in, token refresh, the 401 retry, logging and the progress bar.
// Every area's endpoints are injected in its own src/api/<area>Api.ts, the one home of browser endpoints.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Method } from 'axios';
import { apiClient } from './client';
import { toApiError, type ApiError } from './apiError';

export interface ApiRequest {
  /** Relative to the runtime `apiBaseUrl`, e.g. `api/dashboards`. */
  url: string;
  method?: Method;
  body?: unknown;
  params?: Record<string, string | number>;
}

/** Returns `{ error }` instead of throwing, as RTK Query expects. */
export const axiosBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError> = async (request, { signal }) => {
  const { url, method = 'GET', body, params } = typeof request === 'string' ? { url: request } : request;
  try {
    const response = await apiClient.request({ url, method, data: body, params, signal });
    return { data: response.data };
  } catch (error) {
    return { error: toApiError(error) };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: ['Dashboards', 'ClientDashboards', 'MyLayoutSettings', 'UserLayoutSettings'],
  endpoints: () => ({}),
});

declare module '../state/rootState' {
  interface RootState {
    /** Injected with the signed-in shell: absent before sign-in. */
    api?: ReturnType<typeof baseApi.reducer>;
  }
}
