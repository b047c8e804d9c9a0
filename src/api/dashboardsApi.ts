// Dashboards: the organisation's list as every user sees it (menu, viewer, home) and its
// management by admins. Shared here because the menu must learn of every change.
import type { DashboardInput, DashboardRecord } from '../../server/src/features/dashboards/dashboardsStore';
import { baseApi } from './baseApi';

// The management shapes come from the server's store (type-only: nothing of the server is
// bundled), so each is defined once.
export type Dashboard = DashboardRecord;
export type { DashboardInput };

/** A dashboard as `api/config/client-dashboards` lists it. `order` may be missing (= 0). */
export interface ClientDashboard {
  name: string;
  url: string;
  order?: number;
}

export interface ClientDashboardsResponse {
  dashboards?: ClientDashboard[];
}

const LIST = { type: 'Dashboards', id: 'LIST' } as const;
const CLIENT = { type: 'ClientDashboards', id: 'LIST' } as const;
const changed = [LIST, CLIENT];

export const dashboardsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The raw answer: the menu thunk checks its shape itself (spec section 8). */
    getClientDashboards: build.query<ClientDashboardsResponse, void>({
      query: () => 'api/config/client-dashboards',
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
