// The headline figures: spend in the chosen range, this month so far against the same days of
// last month, last month in full and where this month is heading.
import type { CostSummary } from '../../../api/warehouseTypes';
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
    <dl className="dw-figures" aria-label="Spend figures">
      <div className="card dw-card card-body">
        <dt>Spend in range</dt>
        <dd>
          {money(summary.totalCost)}
          <span className="dw-figure-note">
            {summary.range.from} to {summary.range.to}
            {partial ? ` (${partial})` : ''}
          </span>
        </dd>
      </div>
      {month ? (
        <>
          <div className="card dw-card card-body">
            <dt>Month to date</dt>
            <dd>
              {money(month.monthToDateCost)}
              <span className="dw-figure-note">
                {month.monthStart} to {month.asOf}
                {monthPartial ? ` (${monthPartial})` : ''}; {change(month.changeShare)}
              </span>
            </dd>
          </div>
          <div className="card dw-card card-body">
            <dt>Last month</dt>
            <dd>
              {money(month.lastMonthTotalCost)}
              <span className="dw-figure-note">Same days: {money(month.lastMonthSameDaysCost)}</span>
            </dd>
          </div>
          <div className="card dw-card card-body">
            <dt>Month-end forecast</dt>
            <dd>
              {money(month.forecastCost)}
              <span className="dw-figure-note">Spend so far plus the last 7 days' daily average for each day left</span>
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
