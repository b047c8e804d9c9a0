// Tests summarised per asset, domain or owner (one server query each): the worst first, each
// group a link that filters the list to it.
import { Link, useSearchParams } from 'react-router-dom';
import type { QualityGroup, SummaryDimension } from '@common/catalog-quality/qualityContract';
import { useGetQualitySummaryQuery } from '../../../api/catalogQualityApi';
import { formatCount } from '../../../components/format';
import { InlineSelect } from '../../../components/InlineSelect';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { summaryQuery, withParam } from './qualityParams';

const dimensionLabels: Record<SummaryDimension, string> = { asset: 'Asset', domain: 'Domain', owner: 'Owner' };
const filterOf: Record<SummaryDimension, string> = { asset: 'asset', domain: 'domain', owner: 'owner' };

function Totals({ totals }: { totals: QualityGroup }) {
  const figures: [string, number][] = [
    ['Tests', totals.tests],
    ['Passing', totals.passing],
    ['Failing', totals.failing],
    ['Warning', totals.warning],
    ['Flaky', totals.flaky],
    ['Failing rows', totals.failingRows],
  ];
  return (
    <dl className="dw-quality-totals mb-3">
      {figures.map(([label, value]) => (
        <div key={label} className="border rounded p-2">
          <dt>{label}</dt>
          <dd>{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function QualitySummary() {
  const [params, setParams] = useSearchParams();
  const by = (params.get('by') ?? 'asset') as SummaryDimension;
  const qualitySummary = useGetQualitySummaryQuery(summaryQuery(params));
  const picker = (
    <InlineSelect
      id="dq-by"
      label="Summarise by"
      labelClassName="small mb-0"
      value={by}
      onValue={(value) => setParams(withParam(params, 'by', value))}
      options={Object.keys(dimensionLabels) as SummaryDimension[]}
      optionLabel={(value) => dimensionLabels[value]}
    />
  );
  return (
    <Panel
      title="Summary"
      description="Domain: the asset's dbt meta.domain, else the first folder of its file. Owner: meta.owner, else its group's owner."
      actions={picker}
    >
      <QueryResult query={qualitySummary} loadingLabel="Loading the summary…" errorTitle="The summary could not be loaded">
        {(summary) => (
          <>
            <Totals totals={summary.totals} />
            <SimpleTable
              caption={`Tests per ${dimensionLabels[summary.by].toLowerCase()}, worst first (${formatCount(summary.groups.length)} of ${formatCount(summary.groupCount)})`}
              captionClassName="small"
              rows={summary.groups}
              rowKey={(group) => group.key ?? '(none)'}
              columns={[
                {
                  header: dimensionLabels[summary.by],
                  rowHeader: true,
                  cell: (group) =>
                    group.key ? (
                      <Link to={`?${withParam(params, filterOf[summary.by], group.key).toString()}`}>{group.label}</Link>
                    ) : (
                      group.label
                    ),
                },
                { header: 'Tests', className: 'text-end', cell: (group) => formatCount(group.tests) },
                { header: 'Passing', className: 'text-end', cell: (group) => formatCount(group.passing) },
                { header: 'Failing', className: 'text-end', cell: (group) => formatCount(group.failing) },
                { header: 'Warning', className: 'text-end', cell: (group) => formatCount(group.warning) },
                { header: 'Flaky', className: 'text-end', cell: (group) => formatCount(group.flaky) },
                { header: 'Failing rows', className: 'text-end', cell: (group) => formatCount(group.failingRows) },
              ]}
            />
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
