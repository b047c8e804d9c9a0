// The usage copy behind the Optimize pages: its state and "sync now" (requests built from
// common/warehouse/warehouseEndpoints.ts). When a sync finishes, every Optimize figure may have
// changed: the pages refetch through the tags their queries provide.
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { warehouseEndpoints as endpoints } from '@common/warehouse/warehouseEndpoints';
import { endpointRequest } from './endpointRequest';
import type { Job } from './live/jobsApi';
import { warehouseApi, warehouseTagTypes } from './warehouseApi';
import { optimizeApi } from './optimizeApi';

const USAGE_SYNC_TAG = 'UsageSync';

export const usageSyncApi = warehouseApi.enhanceEndpoints({ addTagTypes: [USAGE_SYNC_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getUsageSync: build.query<UsageSyncStatus, void>({
      query: () => endpointRequest(endpoints.usageSync, {}),
      providesTags: [USAGE_SYNC_TAG],
    }),
    syncUsageNow: build.mutation<Job, void>({
      query: () => endpointRequest(endpoints.syncUsageNow, {}),
      transformResponse: (response: { job: Job }) => response.job,
      invalidatesTags: [USAGE_SYNC_TAG],
    }),
  }),
});

export const { useGetUsageSyncQuery, useSyncUsageNowMutation } = usageSyncApi;

/** Everything a finished sync makes stale: the copy's state, the warehouse's range and the pages' figures. */
export const afterSyncTags = [USAGE_SYNC_TAG, ...warehouseTagTypes] as const;

/**
 * The analyses' queries are plain reads keyed by their filters; tagging them here with the
 * warehouse's info tag lets a finished sync refetch whichever of them a page shows.
 */
optimizeApi.enhanceEndpoints({
  endpoints: {
    getCostSummary: { providesTags: ['WarehouseInfo'] },
    getTopQueries: { providesTags: ['WarehouseInfo'] },
    getQueryPatterns: { providesTags: ['WarehouseInfo'] },
    getSpillingQueries: { providesTags: ['WarehouseInfo'] },
    getQueryDetail: { providesTags: ['WarehouseInfo'] },
    getDatabaseSpend: { providesTags: ['WarehouseInfo'] },
    getPatternTrends: { providesTags: ['WarehouseInfo'] },
    getUtilisation: { providesTags: ['WarehouseInfo'] },
    getFilterOptions: { providesTags: ['WarehouseInfo'] },
  },
});
