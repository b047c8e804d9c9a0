// What building something cost over the cost window: the figure, the number of build
// statements, the change on the window before, and the cost per day as a chart (loaded on
// first use) with the same figures in a table.
import type { CostFigures } from '@common/catalog-domains/costContract';
import { BarChart } from '../../../components/charts/BarChart';
import { formatCount, formatMoney } from '../../../components/format';
import { SimpleTable } from '../../../components/SimpleTable';

export function trendText(figures: CostFigures, currency: string): string {
  if (figures.previousCost === null) return 'no figures for the 30 days before';
  if (figures.previousCost === 0)
    return figures.cost === 0 ? 'unchanged on the 30 days before' : `up from ${formatMoney(0, currency)} the 30 days before`;
  const change = (figures.cost - figures.previousCost) / figures.previousCost;
  if (Math.abs(change) < 0.005) return 'unchanged on the 30 days before';
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change * 100).toFixed(0)}% on the 30 days before (${formatMoney(figures.previousCost, currency)})`;
}

export function BuildCost({
  figures,
  currency,
  what,
  chart = true,
}: {
  figures: CostFigures;
  currency: string;
  what: string;
  chart?: boolean;
}) {
  return (
    <div>
      <p className="mb-2">
        <strong className="fs-5">{formatMoney(figures.cost, currency)}</strong> to build {what} over the last 30 days (
        {formatCount(figures.builds)} build statements), {trendText(figures, currency)}.
      </p>
      {chart && figures.builds > 0 ? (
        <>
          <BarChart
            title={`Build cost of ${what} per day`}
            labels={figures.daily.map((point) => point.day.slice(5))}
            series={[{ label: 'Build cost', values: figures.daily.map((point) => point.cost) }]}
            formatValue={(value) => formatMoney(value, currency)}
            height={160}
          />
          <details className="small mt-2">
            <summary>Build cost per day</summary>
            <SimpleTable
              caption={`Build cost of ${what} per day`}
              captionClassName=""
              className="table table-sm w-auto"
              responsive={false}
              rows={figures.daily}
              rowKey={(point) => point.day}
              columns={[
                { header: 'Day', rowHeader: true, cell: (point) => point.day },
                { header: 'Build cost', className: 'text-end', cell: (point) => formatMoney(point.cost, currency) },
              ]}
            />
          </details>
        </>
      ) : null}
    </div>
  );
}
