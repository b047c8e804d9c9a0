// Dashboards: the organisation's list as every user sees it (menu, viewer, home) and its
// management by admins. This cache is the list's one owner: the menu derives its Viewer
// entries from it, and every change invalidates it, so whatever shows it refetches.
import type { ClientDashboardsResponse, DashboardInput, DashboardRecord } from '@common/dashboards/dashboardsContract';
import type { ApiError } from './apiError';
import { baseApi } from './baseApi';
import { NO_DASHBOARDS_MESSAGE, sortDashboards, type MenuDashboard } from './clientDashboards';

export type Dashboard = DashboardRecord;
export type { DashboardInput };

const LIST = { type: 'Dashboards', id: 'LIST' } as const;
const CLIENT = { type: 'ClientDashboards', id: 'LIST' } as const;
const changed = [LIST, CLIENT];

export const dashboardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The Viewer's list, valid entries in menu order. A failure, or an answer without a list,
     * is logged (docs/shell-rules.md, "Errors") and leaves the Viewer empty.
     */
    getClientDashboards: build.query<MenuDashboard[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('api/config/client-dashboards');
        if (result.error) {
          console.error('Failed to load dashboards', result.error);
          return { error: result.error as ApiError };
        }
        const list = (result.data as ClientDashboardsResponse | null | undefined)?.dashboards;
        if (!Array.isArray(list)) {
          console.error(NO_DASHBOARDS_MESSAGE);
          return {
            error: { status: 'INVALID_RESPONSE', data: { error: 'invalid_response', message: NO_DASHBOARDS_MESSAGE } } satisfies ApiError,
          };
        }
        return { data: sortDashboards(list) };
      },
      providesTags: [CLIENT],
    }),
    listDashboards: build.query<Dashboard[], void>({
      query: () => 'api/dashboards',
      transformResponse: (response: { dashboards: Dashboard[] }) => response.dashboards,
      providesTags: [LIST],
    }),
    createDashboard: build.mutation<Dashboard, DashboardInput>({
      query: (body) => ({ url: 'api/dashboards', method: 'POST', body }),
      transformResponse: (response: { dashboard: Dashboard }) => response.dashboard,
      invalidatesTags: changed,
    }),
    updateDashboard: build.mutation<Dashboard, { id: string; changes: Partial<DashboardInput> }>({
      query: ({ id, changes }) => ({ url: `api/dashboards/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      transformResponse: (response: { dashboard: Dashboard }) => response.dashboard,
      invalidatesTags: changed,
    }),
    deleteDashboard: build.mutation<void, string>({
      query: (id) => ({ url: `api/dashboards/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: changed,
    }),
    reorderDashboards: build.mutation<Dashboard[], string[]>({
      query: (ids) => ({ url: 'api/dashboards/order', method: 'PUT', body: { ids } }),
      transformResponse: (response: { dashboards: Dashboard[] }) => response.dashboards,
      // Show the new order at once; the server's answer (or a refetch on failure) settles it.
      async onQueryStarted(ids, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          dashboardsApi.util.updateQueryData('listDashboards', undefined, (draft) => {
            const byId = new Map(draft.map((dashboard) => [dashboard.id, dashboard]));
            const reordered = ids.map((id) => byId.get(id)).filter((dashboard) => dashboard !== undefined);
            if (reordered.length === draft.length) return reordered;
            return undefined;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useGetClientDashboardsQuery,
  useListDashboardsQuery,
  useCreateDashboardMutation,
  useUpdateDashboardMutation,
  useDeleteDashboardMutation,
  useReorderDashboardsMutation,
} = dashboardsApi;

/** Mutations after which the organisation's dashboards list has changed. */
export const dashboardChanges = [
  dashboardsApi.endpoints.createDashboard,
  dashboardsApi.endpoints.updateDashboard,
  dashboardsApi.endpoints.deleteDashboard,
  dashboardsApi.endpoints.reorderDashboards,
] as const;
