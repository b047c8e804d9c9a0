// The organisation's dashboards as other areas see them (the dashboards area provides it): the
// dbt area names an exposure's dashboard by its URL, projects group dashboards with catalog assets.
import { definePort } from './portRegistry.js';

export interface DashboardSummary {
  id: string;
  name: string;
  url: string;
}

export interface DashboardsDirectory {
  /** The organisation's dashboards in their menu order. */
  list(organisation: string): Promise<DashboardSummary[]>;
}

export const dashboardsPort = definePort<DashboardsDirectory>('dashboards');
