// One metric: its definition (type, type_params, the measures it reads and metrics it
// combines), its lineage up to the models and sources it is built on and down to what uses it,
// and its values over time where it is a simple aggregation.
import { Link } from 'react-router-dom';
import { useGetMetricQuery } from '../../../../api/catalogGovernanceApi';
import { Panel } from '../../../../components/Panel';
import { QueryResult } from '../../../../components/QueryResult';
import { nodePagePath } from '../../nodePagePath';
import { MetricValues } from './MetricValues';

const paramText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

export function MetricDetail({ metricId }: { metricId: string }) {
  const metricQuery = useGetMetricQuery(metricId);
  return (
    <QueryResult query={metricQuery} loadingLabel="Loading the metric…" errorTitle="The metric could not be loaded">
      {({ metric, upstream, downstream }) => (
        <>
          <Panel title={`Metric: ${metric.label}`} description={metric.description || undefined}>
            <dl className="dw-definition-list row small mb-0">
              <div className="col-md-6">
                <dt>Name</dt>
                <dd>
                  <code>{metric.name}</code>
                </dd>
                <dt>Type</dt>
                <dd>{metric.type}</dd>
                <dt>Measures</dt>
                <dd>
                  {metric.measures.length > 0
                    ? metric.measures
                        .map(
                          (measure) =>
                            `${measure.name} (${measure.agg ?? 'unknown'}${measure.semanticModel ? ` in ${measure.semanticModel}` : ''})`,
                        )
                        .join(', ')
                    : 'None'}
                </dd>
                <dt>Combines</dt>
                <dd>{metric.inputs.length > 0 ? metric.inputs.join(', ') : 'No other metrics'}</dd>
              </div>
              <div className="col-md-6">
                <dt>Type parameters</dt>
                <dd>
                  <ul className="list-unstyled mb-0">
                    {Object.entries(metric.typeParams)
                      .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
                      .map(([key, value]) => (
                        <li key={key}>
                          <code>{key}</code>: {paramText(value)}
                        </li>
                      ))}
                  </ul>
                </dd>
                <dt>Owners</dt>
                <dd>{metric.owners.length > 0 ? metric.owners.join(', ') : 'None'}</dd>
                <dt>Domain</dt>
                <dd>{metric.domain ?? 'None'}</dd>
              </div>
            </dl>
          </Panel>
          <Panel title={`Lineage of ${metric.label}`} description="What the metric is built on, nearest first, and what uses it.">
            <div className="row">
              <div className="col-md-8">
                <h3 className="h6">Upstream</h3>
                <ol className="small mb-0" aria-label={`Upstream of ${metric.label}`}>
                  {upstream.map((node) => (
                    <li key={node.id}>
                      {node.resourceType === 'metric' || node.resourceType === 'semantic_model' ? (
                        node.name
                      ) : (
                        <Link to={nodePagePath(node.id)}>{node.name}</Link>
                      )}
                      <span className="text-body-secondary">{` ${node.resourceType.replace('_', ' ')}, ${node.depth} step${node.depth === 1 ? '' : 's'} up`}</span>
                    </li>
                  ))}
                </ol>
              </div>
              <div className="col-md-4">
                <h3 className="h6">Downstream</h3>
                {downstream.length === 0 ? (
                  <p className="small mb-0">Nothing uses it yet.</p>
                ) : (
                  <ul className="small mb-0" aria-label={`Downstream of ${metric.label}`}>
                    {downstream.map((node) => (
                      <li key={node.id}>
                        <Link to={nodePagePath(node.id)}>{node.name}</Link>
                        <span className="text-body-secondary">{` ${node.resourceType}`}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </Panel>
          <Panel title={`Values of ${metric.label}`} description="Queried on the warehouse for simple metrics over one measure.">
            <MetricValues metric={metric} />
          </Panel>
        </>
      )}
    </QueryResult>
  );
}
