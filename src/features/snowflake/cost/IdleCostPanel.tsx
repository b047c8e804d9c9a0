// What each warehouse cost while no query ran on it: metered compute minus the credits
// attributed to queries. A high idle share points at a long auto-suspend, so each warehouse
// opens the Warehouses page (its settings and recommendations) for those who may open it.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { appPaths } from '@common/paths';
import { selectRealmRoles } from '../../../auth';
import { useAppSelector } from '../../../state/hooks';
import type { CostSummary, IdleCost } from '../../../api/warehouseTypes';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { Panel } from '../../../components/Panel';
import { creditsColumn, moneyColumn, percentColumn, textColumn } from '../columns';
import { changeColumn } from './costChange';

export function IdleCostPanel({ summary }: { summary: CostSummary }) {
  const { currency, range } = summary;
  const toWarehouses = canOpen(useAppSelector(selectRealmRoles), 'snowflakeWarehouses');
  const columns = useMemo<DataColumn<IdleCost>[]>(
    () => [
      {
        ...textColumn<IdleCost>('warehouse', 'Warehouse', (row) => row.warehouseName, true),
        cell: (row) =>
          toWarehouses ? (
            <Link
              to={`${appPaths.snowflakeWarehouses}?from=${range.from}&to=${range.to}`}
              aria-label={`${row.warehouseName} on the Warehouses page`}
            >
              {row.warehouseName}
            </Link>
          ) : (
            row.warehouseName
          ),
      },
      creditsColumn('metered', 'Metered credits', (row) => row.meteredCredits),
      creditsColumn('attributed', 'Credits used by queries', (row) => row.attributedCredits),
      creditsColumn('idle', 'Idle credits', (row) => row.idleCredits),
      moneyColumn('idleCost', 'Idle cost', (row) => row.idleCost, currency),
      percentColumn('idleShare', 'Idle share', (row) => row.idleShare),
      moneyColumn('meteredCost', 'Metered cost', (row) => row.meteredCost, currency),
      changeColumn<IdleCost>(
        currency,
        (row) => row.meteredCost,
        (row) => row.previousMeteredCost,
      ),
    ],
    [currency, range, toWarehouses],
  );
  const title = 'Idle cost by warehouse';
  return (
    <Panel
      title={title}
      description={`Compute billed in hours when no query was running on the warehouse, and each warehouse's metered compute with its change against ${summary.previousRange.from} to ${summary.previousRange.to}.`}
    >
      <DataTable
        caption={title}
        columns={columns}
        rows={summary.idleByWarehouse}
        rowKey={(row) => row.warehouseName}
        exportFileName={csvFileName('idle cost', summary.range.from, summary.range.to)}
        initialSort={{ id: 'idleCost', desc: true }}
        emptyText="No warehouse ran in this range."
      />
    </Panel>
  );
}
