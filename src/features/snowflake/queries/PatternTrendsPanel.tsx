// The most expensive query patterns' cost per day, and how it moved against the previous period
// (the server's: the same days of last month for a month's range, else the equally long period
// just before): a repeated statement that grows is the first thing to look at.
// One pattern's days are drawn at a time (the first at start; "Show days" picks another).
import { useMemo, useState } from 'react';
import type { PatternTrend } from '@common/warehouse/insightsContract';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import { controlColumn, type DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatMoney, formatPercent } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { countColumn, moneyColumn } from '../columns';
import { PATTERN_TREND_LIMIT, useGetPatternTrendsQuery, type QueryFilters } from '../../../api/optimizeApi';

export function changeText(share: number | null): string {
  if (share === null) return 'new';
  return `${share > 0 ? '+' : ''}${formatPercent(share)}`;
}

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

export function PatternTrendsPanel({ filters, currency }: { filters: QueryFilters; currency: string }) {
  const patternTrends = useGetPatternTrendsQuery(filters);
  const [chosen, setChosen] = useState<string | null>(null);
  const columns = useMemo<DataColumn<PatternTrend>[]>(
    () => [
      {
        id: 'pattern',
        header: 'Pattern',
        value: (row) => row.sampleText,
        rowHeader: true,
        cell: (row) => <code>{preview(row.sampleText)}</code>,
      },
      countColumn('runs', 'Runs', (row) => row.queries),
      moneyColumn('cost', 'Cost', (row) => row.totalCost, currency),
      moneyColumn('previous', 'Period before', (row) => row.previousCost, currency),
      { id: 'change', header: 'Change', value: (row) => row.changeShare, numeric: true, cell: (row) => changeText(row.changeShare) },
      controlColumn('days', 'Daily cost', (row) => (
        <button
          type="button"
          className="btn btn-outline-primary btn-sm text-nowrap"
          aria-pressed={chosen === row.parameterizedHash}
          onClick={() => setChosen(row.parameterizedHash)}
          aria-label={`Show days: the daily cost of ${preview(row.sampleText)}`}
        >
          Show days
        </button>
      )),
    ],
    [currency, chosen],
  );

  return (
    <Panel
      title="Pattern cost trend"
      description={`The ${PATTERN_TREND_LIMIT} most expensive patterns in the range, their cost per day, and the change against the previous period (the same days of last month for a month, else the equally long period just before).`}
    >
      <QueryResult query={patternTrends} loadingLabel="Following the patterns…" errorTitle="The pattern trends could not be loaded">
        {(data) => {
          const shown = data.patterns.find((pattern) => pattern.parameterizedHash === chosen) ?? data.patterns[0];
          return data.patterns.length === 0 ? (
            <p className="text-body-secondary mb-0">No query matches these filters.</p>
          ) : (
            <>
              {shown ? (
                <figure className="mb-3">
                  <figcaption className="small mb-1">
                    Daily cost of <code>{preview(shown.sampleText)}</code>: {formatMoney(shown.totalCost, currency)},{' '}
                    {changeText(shown.changeShare)} against {data.previousRange.from} to {data.previousRange.to}
                  </figcaption>
                  <BarChart
                    title={`Daily cost of the pattern ${preview(shown.sampleText)}`}
                    labels={data.days}
                    series={[{ label: `Cost (${currency})`, values: shown.daily }]}
                    height={180}
                    formatValue={(value) => formatMoney(value, currency)}
                  />
                </figure>
              ) : null}
              <DataTable
                caption="Pattern cost trend"
                columns={columns}
                rows={data.patterns}
                rowKey={(row) => row.parameterizedHash}
                exportFileName={csvFileName('pattern cost trend', data.range.from, data.range.to)}
                initialSort={{ id: 'cost', desc: true }}
              />
            </>
          );
        }}
      </QueryResult>
    </Panel>
  );
}
