import { act } from '@testing-library/react';
import { dashboardsApi } from '../../src/api/dashboardsApi';
import type { AppStore } from '../../src/app/store';

/** Waits until the organisation's dashboards list (the menu's source) has been answered. */
export async function loadClientDashboards(store: AppStore): Promise<void> {
  await act(async () => {
    const request = store.dispatch(dashboardsApi.endpoints.getClientDashboards.initiate());
    await request;
    request.unsubscribe();
  });
}

/** The names the Viewer menu would list now. */
export function menuDashboardNames(store: AppStore): string[] | undefined {
  const state = store.getState();
  if (!state.api) return undefined;
  return dashboardsApi.endpoints.getClientDashboards.select()({ ...state, api: state.api } as Parameters<ReturnType<typeof dashboardsApi.endpoints.getClientDashboards.select>>[0]).data?.map((dashboard) => dashboard.name);
}
