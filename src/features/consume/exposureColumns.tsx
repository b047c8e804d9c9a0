// The exposures table: each exposure, what it reads, and whether that data is healthy.
import { Link } from 'react-router-dom';
import type { ExposureCostsResponse } from '@common/catalog-domains/costContract';
import type { ExposureSummary } from '@common/dbt/consumeContract';
import { exposurePath, viewerPath } from '@common/paths';
import type { DataColumn } from '../../components/dataColumn';
import { formatMoney } from '../../components/format';
import { HealthBadge, healthText } from '../../components/HealthBadge';

/** Worst first when sorted descending. */
const healthRank = { Degraded: 3, Caution: 2, Unknown: 1, Healthy: 0 } as const;

export function OpenExposureLink({ exposure }: { exposure: ExposureSummary }) {
  if (exposure.dashboardName && exposure.url) {
    return (
      <Link to={viewerPath(exposure.dashboardName, exposure.url)} aria-label={`Open ${exposure.label ?? exposure.name} in the Viewer`}>
        Open
      </Link>
    );
  }
  if (exposure.url && /^https?:\/\//i.test(exposure.url)) {
    return (
      <a href={exposure.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${exposure.label ?? exposure.name} (new tab)`}>
        Open
      </a>
    );
  }
  return <>–</>;
}

export const exposureColumns: DataColumn<ExposureSummary>[] = [
  {
    id: 'name',
    header: 'Exposure',
    rowHeader: true,
    value: (row) => row.label ?? row.name,
    cell: (row) => <Link to={exposurePath(row.uniqueId)}>{row.label ?? row.name}</Link>,
  },
  { id: 'type', header: 'Type', value: (row) => row.type },
  { id: 'owner', header: 'Owner', value: (row) => row.ownerName ?? row.ownerEmail },
  { id: 'maturity', header: 'Maturity', value: (row) => row.maturity },
  { id: 'models', header: 'Upstream models', numeric: true, value: (row) => row.upstreamModels },
  { id: 'sources', header: 'Upstream sources', numeric: true, value: (row) => row.upstreamSources },
  {
    id: 'health',
    header: 'Health',
    numeric: true,
    value: (row) => healthRank[row.health.status],
    csv: (row) => healthText(row.health),
    cell: (row) => <HealthBadge health={row.health} id={`health-${row.uniqueId}`} />,
  },
  {
    id: 'open',
    header: 'Open',
    sortable: false,
    exported: false,
    value: (row) => row.url,
    cell: (row) => <OpenExposureLink exposure={row} />,
  },
  { id: 'url', header: 'URL', exportOnly: true, value: (row) => row.url },
];

/** The columns with each exposure's build cost (its upstream models' builds over 30 days) before Health. */
export function withBuildCost(columns: DataColumn<ExposureSummary>[], costs: ExposureCostsResponse): DataColumn<ExposureSummary>[] {
  const byId = new Map(costs.exposures.map((row) => [row.uniqueId, row.cost]));
  const cost: DataColumn<ExposureSummary> = {
    id: 'buildCost',
    header: 'Build cost (30 days)',
    numeric: true,
    value: (row) => byId.get(row.uniqueId) ?? null,
    cell: (row) => (byId.has(row.uniqueId) ? formatMoney(byId.get(row.uniqueId) ?? 0, costs.window.currency) : '–'),
  };
  const at = columns.findIndex((column) => column.id === 'health');
  return [...columns.slice(0, at), cost, ...columns.slice(at)];
}
