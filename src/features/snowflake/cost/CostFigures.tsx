// The headline figures: spend in the chosen range, this month so far against the same days of
// last month, last month in full and where this month is heading.
import type { CostSummary } from '../../../api/warehouseTypes';
import { FigureTiles } from '../../../components/FigureTiles';
import { formatMoney, formatPercent } from '../../../components/format';
import { partialMonthNote } from '../dateRange';

function change(share: number | null): string {
  if (share === null) return 'No spend in the same days of last month';
  if (share === 0) return 'Same as the same days of last month';
  return `${share > 0 ? '+' : ''}${formatPercent(share)} against the same days of last month`;
}

export function CostFigures({ summary }: { summary: CostSummary }) {
  const money = (value: number) => formatMoney(value, summary.currency);
  const month = summary.monthToDate;
  const partial = partialMonthNote(summary.range);
  const monthPartial = month ? partialMonthNote({ from: month.monthStart, to: month.asOf }) : null;
  return (
    <FigureTiles
      label="Spend figures"
      figures={[
        {
          label: 'Spend in range',
          value: money(summary.totalCost),
          note: `${summary.range.from} to ${summary.range.to}${partial ? ` (${partial})` : ''}`,
        },
        ...(month
          ? [
              {
                label: 'Month to date',
                value: money(month.monthToDateCost),
                note: `${month.monthStart} to ${month.asOf}${monthPartial ? ` (${monthPartial})` : ''}; ${change(month.changeShare)}`,
              },
              { label: 'Last month', value: money(month.lastMonthTotalCost), note: `Same days: ${money(month.lastMonthSameDaysCost)}` },
              {
                label: 'Month-end forecast',
                value: money(month.forecastCost),
                note: "Spend so far plus the last 7 days' daily average for each day left",
              },
            ]
          : []),
      ]}
    />
  );
}
