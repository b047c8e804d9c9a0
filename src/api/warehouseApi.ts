// The organisation's warehouse as the Optimize and User Management pages share it: which
// account it is (a real Snowflake account or the embedded sample), its currency and the days
// it has data for, plus the cache tags both areas invalidate after a change. Requests are built
// from the endpoints' descriptions (common/warehouse/warehouseEndpoints.ts).
import type { WarehouseInfoResponse } from '@common/warehouse/analyticsContract';
import { warehouseEndpoints as endpoints } from '@common/warehouse/warehouseEndpoints';
import { baseApi } from './baseApi';
import { endpointRequest } from './endpointRequest';
import type { MonthToDate } from './warehouseTypes';

export type { WarehouseInfoResponse };

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
      query: () => endpointRequest(endpoints.info, {}),
      providesTags: ['WarehouseInfo'],
    }),
    /** This month's spend so far; null for an account without usage yet. */
    getMonthToDate: build.query<{ monthToDate: MonthToDate | null }, void>({
      query: () => endpointRequest(endpoints.monthToDate, {}),
      providesTags: ['WarehouseInfo'],
    }),
  }),
});

export const { useGetWarehouseInfoQuery, useGetMonthToDateQuery } = warehouseApi;
