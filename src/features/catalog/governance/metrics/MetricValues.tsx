// A simple metric's values per day, week or month from the warehouse: a bar chart (its library
// loads with the first chart) and the same figures in a table; or why no values are queried.
import { useState } from 'react';
import { metricGrains, type MetricGrain, type MetricRecord } from '@common/catalog-governance/metricsContract';
import { useGetMetricValuesQuery } from '../../../../api/catalogGovernanceApi';
import { FilterSelect } from '../../../../components/FilterSelect';
import { BarChart } from '../../../../components/charts/BarChart';
import { csvFileName } from '../../../../components/csv';
import { DataTable } from '../../../../components/DataTable';
import { formatCount, formatDecimal } from '../../../../components/format';
import { QueryResult } from '../../../../components/QueryResult';

const grainLabels: Record<MetricGrain, string> = { day: 'Per day', week: 'Per week', month: 'Per month' };

/** One format for every figure of a metric: whole numbers as counts, anything else with two decimals. */
function figureFormat(values: readonly (number | null)[]): (value: number) => string {
  return values.every((value) => value === null || Number.isInteger(value)) ? formatCount : formatDecimal;
}

/** A period as read on the axis and in the table; a partial one says so. */
const periodText = (point: { period: string; partial: boolean }) => (point.partial ? `${point.period} (partial)` : point.period);

export function MetricValues({ metric }: { metric: MetricRecord }) {
  const [grain, setGrain] = useState<MetricGrain>('month');
  const metricValues = useGetMetricValuesQuery({ id: metric.id, grain }, { skip: metric.noValuesReason !== null });
  if (metric.noValuesReason) return <p className="mb-0">{`No values are shown: ${metric.noValuesReason}`}</p>;
  return (
    <>
      <FilterSelect
        id="metric-grain"
        label="Period"
        compact
        className="mb-2"
        style={{ maxWidth: '12rem' }}
        value={grain}
        onValue={(value) => setGrain(value as MetricGrain)}
        values={metricGrains}
        labels={grainLabels}
      />
      <QueryResult query={metricValues} loadingLabel="Querying the warehouse…" errorTitle="The values could not be queried">
        {({ points, relation }) => {
          const figure = figureFormat(points.map((point) => point.value));
          return points.length === 0 ? (
            <p className="mb-0">{`${relation} has no rows to count yet.`}</p>
          ) : (
            <>
              <p className="small text-body-secondary">
                {`From ${relation}, the newest ${points.length} periods.`}
                {points.some((point) => point.partial)
                  ? ' Periods marked partial have data for only part of their days (the data starts or ends inside them).'
                  : ''}
              </p>
              <BarChart
                title={`${metric.label} ${grainLabels[grain].toLowerCase()}`}
                labels={points.map(periodText)}
                series={[{ label: metric.label, values: points.map((point) => point.value ?? 0) }]}
                formatValue={figure}
              />
              <DataTable
                caption={`Values of ${metric.label}`}
                columns={[
                  { id: 'period', header: 'Period starting', value: (point) => point.period, cell: periodText, rowHeader: true },
                  {
                    id: 'value',
                    header: metric.label,
                    numeric: true,
                    value: (point) => point.value,
                    cell: (point) => (point.value === null ? '' : figure(point.value)),
                  },
                ]}
                rows={points}
                rowKey={(point) => point.period}
                exportFileName={csvFileName(`${metric.name} ${grain}`)}
                initialSort={{ id: 'period', desc: true }}
                pageSize={10}
              />
            </>
          );
        }}
      </QueryResult>
    </>
  );
}
