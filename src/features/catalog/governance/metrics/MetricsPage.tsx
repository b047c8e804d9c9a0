// /app/data-catalog/governance/metrics: the dbt project's metrics and semantic models (from the
// manifest), a chosen metric's definition, lineage and values over time from the warehouse.
import { Link, useSearchParams } from 'react-router-dom';
import type { SemanticPart } from '@common/catalog-governance/metricsContract';
import { useListMetricsQuery } from '../../../../api/catalogGovernanceApi';
import { dbtPageOf } from '../../../../components/DbtPage';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { SimpleTable } from '../../../../components/SimpleTable';
import { nodePagePath } from '../../nodePagePath';
import { MetricDetail } from './MetricDetail';
import '../governance.css';

function Parts({ title, parts }: { title: string; parts: readonly SemanticPart[] }) {
  return (
    <>
      <dt>{title}</dt>
      <dd>
        {parts.length > 0
          ? parts.map((part) => `${part.name} (${part.type}${part.expr && part.expr !== part.name ? `: ${part.expr}` : ''})`).join('; ')
          : 'None'}
      </dd>
    </>
  );
}

function Metrics() {
  const metricsQuery = useListMetricsQuery();
  const [params] = useSearchParams();
  const metricId = params.get('metric');
  return (
    <QueryResult
      query={metricsQuery}

      keepWhileRefetching
      loadingLabel="Loading the metrics…"
      errorTitle="The metrics could not be loaded"
    >
      {({ metrics, semanticModels }) => (
        <>
          <Panel title="Metrics" description="Simple metrics over one measure show their values over time; the others say why not.">
            {metrics.length === 0 ? (
              <p className="mb-0">The dbt project defines no metrics (MetricFlow semantic models and metrics in its YAML).</p>
            ) : (
              <SimpleTable
                caption="Metrics"
                className="table table-sm align-middle mb-0"
                rows={metrics}
                rowProps={(metric) => ({ 'aria-current': metric.id === metricId ? 'true' : undefined })}
                columns={[
                  {
                    header: 'Metric',
                    rowHeader: true,
                    cell: (metric) => (
                      <>
                        <Link to={`?${new URLSearchParams({ metric: metric.id }).toString()}`}>{metric.label}</Link>
                        {metric.description ? <div className="small text-body-secondary fw-normal">{metric.description}</div> : null}
                      </>
                    ),
                  },
                  { header: 'Type', cell: (metric) => metric.type },
                  {
                    header: 'Measures',
                    cell: (metric) => metric.measures.map((measure) => measure.name).join(', ') || metric.inputs.join(', '),
                  },
                  { header: 'Values', cell: (metric) => (metric.noValuesReason ? 'Not queried' : 'Over time') },
                ]}
              />
            )}
          </Panel>
          {metricId ? <MetricDetail metricId={metricId} /> : null}
          <Panel title="Semantic models" description="What the metrics are computed from: each model's entities, dimensions and measures.">
            {semanticModels.length === 0 ? <p className="mb-0">No semantic models.</p> : null}
            {semanticModels.map((model) => (
              <section key={model.id} aria-label={`Semantic model ${model.name}`} className="mb-3">
                {/* Its asset page shows each part's expression and description, and its lineage. */}
                <h3 className="h6 mb-1">
                  <Link to={nodePagePath(model.id)}>{model.name}</Link>
                </h3>
                <p className="small text-body-secondary mb-1">{`${model.description}${model.modelName ? ` Built on ${model.modelName}` : ''}${model.aggTimeDimension ? `, counted over ${model.aggTimeDimension}.` : '.'}`}</p>
                <dl className="dw-definition-list small mb-0">
                  <Parts title="Entities" parts={model.entities} />
                  <Parts title="Dimensions" parts={model.dimensions} />
                  <Parts title="Measures" parts={model.measures} />
                </dl>
              </section>
            ))}
          </Panel>
        </>
      )}
    </QueryResult>
  );
}

export default dbtPageOf(
  {
    id: 'metrics-title',
    title: 'Metrics',
    intro:
      "The dbt project's semantic models and metrics with their definitions, measures, dimensions and lineage, and a simple metric's values from the warehouse.",
  },
  Metrics,
);
