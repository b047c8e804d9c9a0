// The organisation's warehouse as the Optimize and User Management pages share it: which
// account it is (a real Snowflake account or the embedded sample), its currency and the days
// it has data for, plus the cache tags both areas invalidate after a change.
import { baseApi } from './baseApi';
import type { DateRange, MonthToDate, WarehouseInfo } from './warehouseTypes';

export interface WarehouseInfoResponse {
  info: WarehouseInfo;
  /** First and last day with usage data; null for an account without usage yet. */
  dataRange: DateRange | null;
  /** False while the usage copy the Optimize pages read is filled for the first time. */
  usageReady: boolean;
}

/**
 * - WarehouseSettings: the Warehouses page (usage, settings, recommendations).
 * - WarehouseUsersOverview: the Optimize Users page (reads the same users and grants).
 * - WarehouseUsers / WarehouseRoles: User Management lists (id LIST) and details (id = name).
 */
export const warehouseTagTypes = [
  'WarehouseInfo',
  'WarehouseSettings',
  'WarehouseUsersOverview',
  'WarehouseUsers',
  'WarehouseRoles',
] as const;

export const LIST_ID = 'LIST';

export const warehouseApi = baseApi.enhanceEndpoints({ addTagTypes: warehouseTagTypes }).injectEndpoints({
  endpoints: (build) => ({
    getWarehouseInfo: build.query<WarehouseInfoResponse, void>({
      query: () => 'api/warehouse/info',
      providesTags: ['WarehouseInfo'],
    }),
    /** This month's spend so far; null for an account without usage yet. */
    getMonthToDate: build.query<{ monthToDate: MonthToDate | null }, void>({
      query: () => 'api/warehouse/month-to-date',
      providesTags: ['WarehouseInfo'],
    }),
  }),
});

export const { useGetWarehouseInfoQuery, useGetMonthToDateQuery } = warehouseApi;
