// The usage copy behind the Optimize pages: its state (GET api/warehouse/usage-sync) and "sync
// now" (POST). When a sync finishes, every Optimize figure may have changed: the pages refetch
// through the tags their queries provide.
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import type { Job } from './live/jobsApi';
import { warehouseApi, warehouseTagTypes } from './warehouseApi';
import { optimizeApi } from './optimizeApi';

const USAGE_SYNC_TAG = 'UsageSync';

export const usageSyncApi = warehouseApi.enhanceEndpoints({ addTagTypes: [USAGE_SYNC_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getUsageSync: build.query<UsageSyncStatus, void>({
      query: () => 'api/warehouse/usage-sync',
      providesTags: [USAGE_SYNC_TAG],
    }),
    syncUsageNow: build.mutation<Job, void>({
      query: () => ({ url: 'api/warehouse/usage-sync', method: 'POST' }),
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
