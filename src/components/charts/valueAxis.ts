// The value axis of a bar chart, chosen from the figures it shows: counts (all whole numbers)
// get whole-number ticks only, so a chart of 0–3 failing rows does not read "3, 3, 2, 2, 1, 1, 0"
// once the format rounds chart.js's halves; a chart with no data (all zero) still shows a
// sensible 0–1 axis instead of chart.js's default -1–1.
import type { ChartSeries } from './chartTypes';

export interface ValueAxis {
  stacked: boolean;
  beginAtZero: true;
  suggestedMax?: number;
  ticks: { callback: (value: number | string) => string; precision?: number };
}

export function valueAxis(series: readonly ChartSeries[], stacked: boolean, format: (value: number | string) => string): ValueAxis {
  const values = series.flatMap((one) => one.values);
  const wholeNumbers = values.every((value) => Number.isInteger(value));
  const allZero = values.every((value) => value === 0);
  return {
    stacked,
    beginAtZero: true,
    ...(allZero ? { suggestedMax: 1 } : {}),
    ticks: { callback: format, ...(wholeNumbers ? { precision: 0 } : {}) },
  };
}
