// An impact report as the asset page shows it: one sentence with the counts, then each kind of
// thing reached (columns, models, exposures, dashboards, data-API endpoints, alert rules, data
// products), who to notify and why, and the unparsed models where the column trail stops.
import type { ImpactResponse } from '@common/column-lineage/columnLineageContract';
import { formatDuration } from '../../../components/format';
import { ImpactColumns, ImpactGroup, ImpactNodes, ImpactOwners, ImpactThings, ImpactUnparsed } from './impactGroups';
import { columnLabel } from './transformWords';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function originText(origin: ImpactResponse['origin']): string {
  return origin.column ? columnLabel(origin.name, origin.column) : `the whole ${origin.resourceType.replace('_', ' ')} ${origin.name}`;
}

function summary(report: ImpactResponse): string {
  const reached = [
    ...(report.origin.column ? [count(report.columns.length, 'column', 'columns')] : []),
    count(report.nodes.length, 'model or other node', 'models or other nodes'),
    count(report.exposures.length, 'exposure', 'exposures'),
    count(report.dashboards.length, 'dashboard', 'dashboards'),
    count(report.endpoints.length, 'data-API endpoint', 'data-API endpoints'),
    count(report.alertRules.length, 'alert rule', 'alert rules'),
    count(report.dataProducts.length, 'data product', 'data products'),
  ];
  return `A change to ${originText(report.origin)} reaches ${reached.join(', ')} within ${count(report.depth, 'step', 'steps')}; ${count(
    report.owners.length,
    'owner',
    'owners',
  )} to notify.`;
}

export function ImpactReport({ report }: { report: ImpactResponse }) {
  const columnsEmpty = report.origin.column
    ? 'No downstream column reads this one.'
    : 'A change to the whole model reaches every column of the models below; no single column is traced.';
  return (
    <div>
      <p role="status">{summary(report)}</p>
      <ImpactGroup title="Columns" count={report.columns.length}>
        <ImpactColumns columns={report.columns} empty={columnsEmpty} />
      </ImpactGroup>
      <ImpactGroup title="Models and other nodes" count={report.nodes.length}>
        <ImpactNodes caption="Downstream models and other nodes" nodes={report.nodes} empty="No model, snapshot or metric downstream." />
      </ImpactGroup>
      <ImpactGroup title="Exposures" count={report.exposures.length}>
        <ImpactNodes caption="Exposures reached" nodes={report.exposures} empty="No exposure uses it." />
      </ImpactGroup>
      <ImpactGroup title="Dashboards" count={report.dashboards.length}>
        <ImpactThings caption="Dashboards reached" things={report.dashboards} empty="No dashboard shows it." />
      </ImpactGroup>
      <ImpactGroup title="Data-API endpoints" count={report.endpoints.length}>
        <ImpactThings caption="Data-API endpoints reached" things={report.endpoints} empty="No data-API endpoint reads it." />
      </ImpactGroup>
      <ImpactGroup title="Alert rules" count={report.alertRules.length}>
        <ImpactThings caption="Alert rules reached" things={report.alertRules} empty="No alert rule watches it." />
      </ImpactGroup>
      <ImpactGroup title="Data products" count={report.dataProducts.length}>
        <ImpactThings caption="Data products reached" things={report.dataProducts} empty="No data product includes it." />
      </ImpactGroup>
      <ImpactGroup title="Owners to notify" count={report.owners.length}>
        <ImpactOwners owners={report.owners} />
      </ImpactGroup>
      <ImpactGroup title="Unparsed models on the path" count={report.unparsed.length}>
        <ImpactUnparsed nodes={report.unparsed} />
      </ImpactGroup>
      <p className="small text-body-secondary mb-0">Worked out in {formatDuration(report.tookMs)}.</p>
    </div>
  );
}
