// jsdom has no canvas: page tests replace the chart.js part of BarChart with this, which keeps
// what a test can check (the chart's accessible name and its figures).
import type { BarChartProps } from '../../src/components/charts/chartTypes';

export default function BarChartStub({ title, labels, series }: BarChartProps) {
  return <div role="img" aria-label={title} data-labels={labels.join('|')} data-series={series.map((one) => one.label).join('|')} />;
}
