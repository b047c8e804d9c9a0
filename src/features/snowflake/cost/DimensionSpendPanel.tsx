// Spend attributed to users, roles or query tags: each hour's metered credits split over the
// queries that ran in it, by running time (idle time included), plus their cloud services; with
// each one's change against the previous period. A user or tag opens its queries, and a user
// its page in User Management, for those who may open them.
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import { warehouseUserPath } from '@common/paths';
import type { CostSummary, DimensionSpend } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { Panel } from '../../../components/Panel';
import { selectRealmRoles } from '../../../auth';
import { useAppSelector } from '../../../state/hooks';
import { countColumn, creditsColumn, moneyColumn, textColumn } from '../columns';
import { changeColumn } from './costChange';
import { moverQueriesPath } from './CostMoversPanel';
import { SpendChartTable } from './SpendChartTable';

interface DimensionSpendPanelProps {
  /** "user", "role" or "query tag". */
  dimension: 'user' | 'role' | 'query tag';
  rows: readonly DimensionSpend[];
  summary: Pick<CostSummary, 'currency' | 'range' | 'previousRange'>;
  /** Shown for a null name (queries without a tag). */
  noName?: string;
}

const QUERY_PARAMS = { user: 'user', role: 'role', 'query tag': 'tag' } as const;

export function DimensionSpendPanel({ dimension, rows, summary, noName = '(none)' }: DimensionSpendPanelProps) {
  const { currency, range, previousRange } = summary;
  const roles = useAppSelector(selectRealmRoles);
  const toQueries = canOpen(roles, 'snowflakeQueries');
  const toUser = dimension === 'user' && canOpen(roles, 'managementUser');
  const label = dimension.charAt(0).toUpperCase() + dimension.slice(1);
  const columns = useMemo<DataColumn<DimensionSpend>[]>(() => {
    const nameCell = (row: DimensionSpend): ReactNode => {
      if (row.name === null || !toQueries) return row.name ?? noName;
      return (
        <>
          <Link to={moverQueriesPath(QUERY_PARAMS[dimension], row.name, range)} title={`Queries of ${row.name}`}>
            {row.name}
          </Link>
          {toUser ? (
            <Link to={warehouseUserPath(row.name)} className="ms-2 small" aria-label={`${row.name} in User Management`}>
              user
            </Link>
          ) : null}
        </>
      );
    };
    return [
      { ...textColumn<DimensionSpend>('name', label, (row) => row.name, true), cell: nameCell },
      countColumn('queries', 'Queries', (row) => row.queries),
      creditsColumn('compute', 'Compute credits', (row) => row.computeCredits),
      creditsColumn('cloud', 'Cloud services credits', (row) => row.cloudServicesCredits),
      creditsColumn('credits', 'Credits', (row) => row.credits),
      moneyColumn('cost', 'Cost', (row) => row.cost, currency),
      changeColumn<DimensionSpend>(currency),
    ];
  }, [label, noName, currency, dimension, range, toQueries, toUser]);
  const title = `Spend by ${dimension}`;

  return (
    <Panel
      title={title}
      description={`Query cost attributed to each ${dimension}: metered credits split by running time, idle time included. The change is against ${previousRange.from} to ${previousRange.to}.`}
    >
      {rows.length === 0 ? (
        <p className="text-body-secondary mb-0">No queries ran in this range.</p>
      ) : (
        <SpendChartTable title={title} rows={rows} columns={columns} noName={noName} currency={currency} range={range} minHeight={160} />
      )}
    </Panel>
  );
}
