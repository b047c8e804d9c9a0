// The impact report as CSV: one row per thing reached, so a team can sort, filter and share it.
import type { ImpactResponse } from '@common/column-lineage/columnLineageContract';
import { csvLines, type CsvRecord } from '../../platform/http/csvExport.js';

const HEADER = ['kind', 'id', 'name', 'column', 'distance', 'via', 'owners'];

export function impactCsv(report: ImpactResponse): string {
  const records: CsvRecord[] = [HEADER];
  for (const column of report.columns) {
    records.push(['column', column.uniqueId, column.nodeName, column.column, column.distance, column.transform, '']);
  }
  for (const node of report.nodes)
    records.push([node.resourceType, node.uniqueId, node.name, '', node.distance, '', node.owners.join('; ')]);
  for (const node of report.exposures) records.push(['exposure', node.uniqueId, node.name, '', node.distance, '', node.owners.join('; ')]);
  const things = [
    ['dashboard', report.dashboards],
    ['endpoint', report.endpoints],
    ['alert rule', report.alertRules],
    ['data product', report.dataProducts],
  ] as const;
  for (const [kind, list] of things)
    for (const thing of list) records.push([kind, thing.id, thing.name, '', '', thing.via, thing.owners.join('; ')]);
  for (const node of report.unparsed) records.push(['unparsed model', node.uniqueId, node.name, '', '', 'SQL could not be parsed', '']);
  return csvLines(records);
}
