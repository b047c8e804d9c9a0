// Dashboards: the organisation's list as every user sees it (menu, viewer, home) and its
// management by admins. This cache is the list's one owner: the menu derives its Viewer
// entries from it, and every change invalidates it, so whatever shows it refetches.
import type { DashboardInput, DashboardRecord } from '@common/dashboards/dashboardsContract';
import { dashboardsEndpoints as endpoints } from '@common/dashboards/dashboardsEndpoints';
import type { ApiError } from './apiError';
import { endpointRequest, type EndpointResponse } from './endpointRequest';
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
        const result = await baseQuery(endpointRequest(endpoints.clientList, {}));
        if (result.error) {
          console.error('Failed to load dashboards', result.error);
          return { error: result.error as ApiError };
        }
        const list = (result.data as EndpointResponse<typeof endpoints.clientList> | null | undefined)?.dashboards;
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
      query: () => endpointRequest(endpoints.list, {}),
      transformResponse: (response: EndpointResponse<typeof endpoints.list>) => response.dashboards,
      providesTags: [LIST],
    }),
    createDashboard: build.mutation<Dashboard, DashboardInput>({
      query: (body) => endpointRequest(endpoints.create, { body }),
      transformResponse: (response: EndpointResponse<typeof endpoints.create>) => response.dashboard,
      invalidatesTags: changed,
    }),
    updateDashboard: build.mutation<Dashboard, { id: string; changes: Partial<DashboardInput> }>({
      query: ({ id, changes }) => endpointRequest(endpoints.update, { params: { id }, body: changes }),
      transformResponse: (response: EndpointResponse<typeof endpoints.update>) => response.dashboard,
      invalidatesTags: changed,
    }),
    deleteDashboard: build.mutation<void, string>({
      query: (id) => endpointRequest(endpoints.remove, { params: { id } }),
      invalidatesTags: changed,
    }),
    reorderDashboards: build.mutation<Dashboard[], string[]>({
      query: (ids) => endpointRequest(endpoints.reorder, { body: { ids } }),
      transformResponse: (response: EndpointResponse<typeof endpoints.reorder>) => response.dashboards,
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
