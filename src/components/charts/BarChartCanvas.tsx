// The chart.js side of BarChart, in its own lazy chunk: only the pieces a bar chart needs are
// registered, and only pages that draw a chart download them.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import { CHART_PALETTE, type BarChartProps } from './chartTypes';
import { valueAxis } from './valueAxis';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export default function BarChartCanvas({
  title,
  labels,
  series,
  stacked = false,
  horizontal = false,
  formatValue,
  height = 280,
}: BarChartProps) {
  const data = useMemo<ChartData<'bar'>>(
    () => ({
      labels: [...labels],
      datasets: series.map((one, index) => ({
        label: one.label,
        data: [...one.values],
        backgroundColor: CHART_PALETTE[index % CHART_PALETTE.length],
      })),
    }),
    [labels, series],
  );
  const options = useMemo<ChartOptions<'bar'>>(() => {
    const format = (value: number | string) => (formatValue && typeof value === 'number' ? formatValue(value) : String(value));
    const values = valueAxis(series, stacked, format);
    const categoryAxis = { stacked };
    return {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      // Figures appear at once: motion adds nothing here and bothers some readers.
      animation: false,
      plugins: {
        legend: { display: series.length > 1, position: 'bottom' },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}` },
        },
      },
      scales: horizontal ? { x: values, y: categoryAxis } : { x: categoryAxis, y: values },
    };
  }, [formatValue, horizontal, series, stacked]);

  return (
    <div style={{ position: 'relative', height }}>
      <Bar
        data={data}
        options={options}
        role="img"
        aria-label={`${title}. The figures are also in the table.`}
        fallbackContent={<p>{title}: the figures are in the table.</p>}
      />
    </div>
  );
}
