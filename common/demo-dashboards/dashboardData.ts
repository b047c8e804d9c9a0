// What the portal server embeds in a demo dashboard page (server/src/features/demo-dashboards), as a
// non-executable JSON script element the page reads on load.
export interface DemoSeries {
  label: string;
  values: number[];
}

export interface DemoChart {
  kind: 'bar' | 'line';
  title: string;
  /** Unit of the values, shown on the axis and in the table (e.g. "credits"). */
  unit: string;
  labels: string[];
  series: DemoSeries[];
  stacked?: boolean;
}

export interface DemoDashboardData {
  title: string;
  organisation: string;
  /** A sentence saying where the figures come from. */
  source: string;
  figures: { label: string; value: string }[];
  charts: DemoChart[];
}
