// The Viewer menu's dashboards (docs/shell-rules.md, "Menu and layout behaviour"), read from the API cache that owns the list:
// loading until the first answer, then loaded or failed. A failure leaves the Viewer empty, so
// filterMenu hides it. Users who cannot open the Viewer never ask for the list.
import { useMemo } from 'react';
import { canOpen } from '@common/access/access';
import { apiErrorMessage } from '../api/apiError';
import type { MenuDashboard } from '../api/clientDashboards';
import { useGetClientDashboardsQuery } from '../api/dashboardsApi';
import { selectRealmRoles } from '../auth/authSlice';
import { useAppSelector } from '../state/hooks';

export type MenuStatus = 'loading' | 'loaded' | 'failed';

export interface MenuDashboards {
  status: MenuStatus;
  /** Sorted by order, as the Viewer lists them; empty unless loaded. */
  dashboards: MenuDashboard[];
  /** Why the last load failed, for the pages that show it. */
  error: string | null;
  retry: () => void;
}

const none: MenuDashboard[] = [];

/** Whether the menu asks for the dashboards list: only for users who can open the Viewer. */
export const asksForDashboards = (roles: readonly string[]) => canOpen(roles, 'viewer');

export function useMenuDashboards(): MenuDashboards {
  const mayView = asksForDashboards(useAppSelector(selectRealmRoles));
  const { data, error, isError, isFetching, refetch } = useGetClientDashboardsQuery(undefined, { skip: !mayView });
  return useMemo(() => {
    const retry = () => void refetch();
    if (!mayView) return { status: 'loaded', dashboards: none, error: null, retry };
    // A retry after a failure shows loading again; a refetch after a change keeps the menu.
    if (isError && !isFetching) return { status: 'failed', dashboards: none, error: apiErrorMessage(error), retry };
    if (data && !isError) return { status: 'loaded', dashboards: data, error: null, retry };
    return { status: 'loading', dashboards: none, error: null, retry };
  }, [mayView, data, error, isError, isFetching, refetch]);
}
