/**
 * The sample account's warehouses: sizes, auto-suspend and owners as SHOW WAREHOUSES reports them.
 * Each is sized and suspended to tell the cost story its workload tells (workloads.ts).
 */
import type { WarehouseSize } from '../../platform/warehouse/billing.js';

export interface SampleWarehouse {
  name: string;
  size: WarehouseSize;
  autoSuspend: number;
  minClusters: number;
  maxClusters: number;
  owner: string;
  comment: string;
}

export const SAMPLE_WAREHOUSES: readonly SampleWarehouse[] = [
  { name: 'BI_WH', size: 'Medium', autoSuspend: 600, minClusters: 1, maxClusters: 1, owner: 'SYSADMIN', comment: 'Dashboards (Looker)' },
  {
    name: 'ELT_WH',
    size: 'Large',
    autoSuspend: 60,
    minClusters: 1,
    maxClusters: 1,
    owner: 'SYSADMIN',
    comment: 'Nightly dbt and Fivetran loads',
  },
  {
    name: 'ANALYTICS_WH',
    size: 'X-Small',
    autoSuspend: 300,
    minClusters: 1,
    maxClusters: 1,
    owner: 'SYSADMIN',
    comment: 'Analysts, ad hoc',
  },
  {
    name: 'REPORTING_WH',
    size: 'Large',
    autoSuspend: 3600,
    minClusters: 1,
    maxClusters: 1,
    owner: 'SYSADMIN',
    comment: 'Scheduled reports',
  },
  { name: 'DEV_WH', size: 'X-Small', autoSuspend: 30, minClusters: 1, maxClusters: 1, owner: 'SYSADMIN', comment: 'Development' },
];
