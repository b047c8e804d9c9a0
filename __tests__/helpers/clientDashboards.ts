import { act, screen, waitFor } from '@testing-library/react';
import { dashboardsApi } from '../../src/api/dashboardsApi';
import type { AppStore } from '../../src/app/store';

/**
 * Subscribes to the organisation's dashboards list as the signed-in shell's menu does (so a
 * change refetches it), and waits until it has been answered and the page has caught up.
 */
export async function loadClientDashboards(store: AppStore): Promise<void> {
  await act(async () => {
    await store.dispatch(dashboardsApi.endpoints.getClientDashboards.initiate());
  });
  // The router renders pages in a transition: wait until no page still says it is loading.
  await waitFor(() => expect(screen.queryByText("Loading your organisation's dashboards…")).toBeNull());
}

/** The names the Viewer menu would list now. */
export function menuDashboardNames(store: AppStore): string[] | undefined {
  const state = store.getState();
  if (!state.api) return undefined;
  return dashboardsApi.endpoints.getClientDashboards
    .select()({ ...state, api: state.api } as Parameters<ReturnType<typeof dashboardsApi.endpoints.getClientDashboards.select>>[0])
    .data?.map((dashboard) => dashboard.name);
}
