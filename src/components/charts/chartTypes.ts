// What a bar chart of the warehouse pages is given: categories along one axis and one or more
// series of figures, plus how a figure reads (money, credits…). Kept apart from chart.js so
// pages can describe a chart without loading the library.

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface BarChartProps {
  /** The chart's accessible name: what it shows. */
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Series stacked on one bar per category (e.g. spend per day, split by warehouse). */
  stacked?: boolean;
  /** Bars along the horizontal axis: long category names (users, roles) stay readable. */
  horizontal?: boolean;
  formatValue?: (value: number) => string;
  /** Pixels; the width follows the container. */
  height?: number;
}

export const CHART_PALETTE = ['#2563eb', '#16a34a', '#ea580c', '#9333ea', '#0891b2', '#dc2626', '#ca8a04', '#4b5563'];
