// Loads the organisation's dashboards for the Viewer menu (spec sections 4 and 8): a failure
// or an answer without a list is logged and leaves the Viewer empty.
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../app/store';
import { canOpen } from '@common/access/access';
import { selectRealmRoles } from '../auth/authSlice';
import { apiErrorMessage } from '../api/apiError';
import { dashboardsApi } from '../api/dashboardsApi';
import { sortDashboards, type MenuDashboard } from './menuDashboards';

export const NO_DASHBOARDS_MESSAGE = 'No dashboards found in response';

const createAppAsyncThunk = createAsyncThunk.withTypes<{ state: RootState; dispatch: AppDispatch; rejectValue: string }>();

export interface LoadDashboardsOptions {
  /** Load even while another load is in flight (the list just changed). */
  force?: boolean;
}

export const loadDashboards = createAppAsyncThunk<MenuDashboard[], LoadDashboardsOptions | undefined>(
  'menu/loadDashboards',
  async (_options, { dispatch, getState, rejectWithValue }) => {
    // Users who cannot open the viewer never see the list: do not ask for it.
    if (!canOpen(selectRealmRoles(getState()), 'viewer')) return [];
    // Subscribed while loading: a change to the dashboards meanwhile then refetches this entry
    // instead of dropping it from the cache under our feet.
    const request = dispatch(dashboardsApi.endpoints.getClientDashboards.initiate(undefined, { forceRefetch: true }));
    const result = await request;
    request.unsubscribe();
    if (result.error) {
      console.error('Failed to load dashboards', result.error);
      return rejectWithValue(apiErrorMessage(result.error));
    }
    const list = result.data?.dashboards;
    if (!Array.isArray(list)) {
      console.error(NO_DASHBOARDS_MESSAGE);
      return rejectWithValue(NO_DASHBOARDS_MESSAGE);
    }
    return sortDashboards(list);
  },
  {
    // StrictMode mounts the shell twice; one load at a time is enough unless forced.
    condition: (options, { getState }) => options?.force === true || getState().menu?.requestId == null,
  },
);
