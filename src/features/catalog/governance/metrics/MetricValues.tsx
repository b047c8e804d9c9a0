// A simple metric's values per day, week or month from the warehouse: a bar chart (its library
// loads with the first chart) and the same figures in a table; or why no values are queried.
import { useState } from 'react';
import { metricGrains, type MetricGrain, type MetricRecord } from '@common/catalog-governance/metricsContract';
import { useGetMetricValuesQuery } from '../../../../api/catalogGovernanceApi';
import { FilterSelect } from '../../../../components/FilterSelect';
import { BarChart } from '../../../../components/charts/BarChart';
import { csvFileName } from '../../../../components/csv';
import { DataTable } from '../../../../components/DataTable';
import { QueryResult } from '../../../../components/QueryResult';

const grainLabels: Record<MetricGrain, string> = { day: 'Per day', week: 'Per week', month: 'Per month' };
const figure = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 2 });

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
        {({ points, relation }) =>
          points.length === 0 ? (
            <p className="mb-0">{`${relation} has no rows to count yet.`}</p>
          ) : (
            <>
              <p className="small text-body-secondary">{`From ${relation}, the newest ${points.length} periods.`}</p>
              <BarChart
                title={`${metric.label} ${grainLabels[grain].toLowerCase()}`}
                labels={points.map((point) => point.period)}
                series={[{ label: metric.label, values: points.map((point) => point.value ?? 0) }]}
                formatValue={figure}
              />
              <DataTable
                caption={`Values of ${metric.label}`}
                columns={[
                  { id: 'period', header: 'Period starting', value: (point) => point.period, rowHeader: true },
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
          )
        }
      </QueryResult>
    </>
  );
}
