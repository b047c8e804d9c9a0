// The menu shows once the dashboards list (the Viewer's entries) has answered, and lists the data
// products. Both are asked for the moment the signed-in shell's chunk is in, while the router and
// React are still building the shell: the answers are on their way a render sooner, and ahead of
// the page's own requests in the browser's few connections and the store's queue. The menu's
// hooks then find these same cache entries (same endpoints, no arguments) and do not ask again.
// The rules are the hooks' own (asksForDashboards, asksForProducts): a user who cannot open the
// Viewer or Data Products never asks.
import { catalogDomainsApi } from '../api/catalogDomainsApi';
import { dashboardsApi } from '../api/dashboardsApi';
import { selectRealmRoles, selectSession } from '../auth/authSlice';
import type { AppDispatch, RootState } from '../state/rootState';
import { asksForProducts } from './menuProducts';
import { asksForDashboards } from './useMenuDashboards';

export function prefetchMenu(store: { getState: () => RootState; dispatch: AppDispatch }): void {
  const state = store.getState();
  if (!selectSession(state)) return;
  const roles = selectRealmRoles(state);
  if (asksForDashboards(roles)) store.dispatch(dashboardsApi.util.prefetch('getClientDashboards', undefined, {}));
  if (asksForProducts(roles)) store.dispatch(catalogDomainsApi.util.prefetch('getProductMenu', undefined, {}));
}
