// "Why did my bill go up?": the first thing the Cost page shows. The bill of the range against
// the comparison period the server chose (the same days of last month for a month, else the
// equally long period before), then per warehouse, user, query pattern, dbt model and query tag
// the largest moves either way. Each mover links to its queries on the Queries page (filtered to
// it, same range) for those who may open it; a dbt model also to its catalog page.
import { Link } from 'react-router-dom';
import { canOpen } from '@common/access/access';
import type { CostMover, CostMovers, MoverDimension } from '@common/warehouse/analyticsContract';
import { appPaths, catalogAssetPath } from '@common/paths';
import { useGetCostMoversQuery } from '../../../api/optimizeApi';
import type { DateRange } from '../../../api/warehouseTypes';
import { formatMoney } from '../../../components/format';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { selectRealmRoles } from '../../../auth';
import { useAppSelector } from '../../../state/hooks';
import { partialMonthNote } from '../dateRange';
import { MODEL_PARAM, PATTERN_PARAM } from '../queries/queryFilters';
import { ChangeText, changeText } from './costChange';

const DIMENSIONS: { id: MoverDimension; title: string; param: string; none: string }[] = [
  { id: 'warehouse', title: 'Warehouses', param: 'warehouse', none: 'No warehouse ran in either period.' },
  { id: 'user', title: 'Users', param: 'user', none: 'No user ran a query in either period.' },
  { id: 'pattern', title: 'Query patterns', param: PATTERN_PARAM, none: 'No repeated statement in either period.' },
  { id: 'model', title: 'dbt models', param: MODEL_PARAM, none: 'No dbt model was built in either period.' },
  { id: 'tag', title: 'Query tags', param: 'tag', none: 'No tagged query in either period.' },
];

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** The Queries page filtered to one mover, over the range the figure covers. */
export function moverQueriesPath(param: string, name: string, range: DateRange): string {
  const search = new URLSearchParams({ from: range.from, to: range.to, [param]: name });
  return `${appPaths.snowflakeQueries}?${search.toString()}`;
}

function periodText(range: DateRange): string {
  const partial = partialMonthNote(range);
  return `${range.from} to ${range.to}${partial ? ` (${partial})` : ''}`;
}

function MoverName({
  dimension,
  mover,
  range,
  roles,
}: {
  dimension: (typeof DIMENSIONS)[number];
  mover: CostMover;
  range: DateRange;
  roles: readonly string[];
}) {
  const label = dimension.id === 'pattern' ? <code>{preview(mover.label)}</code> : mover.label;
  const toQueries = canOpen(roles, 'snowflakeQueries');
  return (
    <>
      {toQueries ? (
        <Link to={moverQueriesPath(dimension.param, mover.name, range)} title={`Queries of ${mover.label}`}>
          {label}
        </Link>
      ) : (
        label
      )}
      {dimension.id === 'model' && canOpen(roles, 'catalogAsset') ? (
        // Under the name, far enough apart that each link is a target of its own (WCAG 2.5.8).
        <div className="mt-2 small">
          <Link to={catalogAssetPath(mover.name)} aria-label={`${mover.label} in the data catalog`}>
            catalog
          </Link>
        </div>
      ) : null}
    </>
  );
}

function MoverTable({
  dimension,
  movers,
  currency,
  range,
  roles,
}: {
  dimension: (typeof DIMENSIONS)[number];
  movers: CostMovers;
  currency: string;
  range: DateRange;
  roles: readonly string[];
}) {
  const rows = movers.movers[dimension.id];
  const headingId = `movers-${dimension.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        {dimension.title}
      </h3>
      <SimpleTable
        caption={`Top movers: ${dimension.title.toLowerCase()}`}
        rows={rows}
        rowKey={(row) => row.name}
        empty={<p className="small text-body-secondary">{dimension.none}</p>}
        columns={[
          {
            header: dimension.title.replace(/s$/, ''),
            rowHeader: true,
            // Long tags and statements break anywhere rather than pushing the figures out of view.
            className: 'text-break',
            cell: (row) => <MoverName dimension={dimension} mover={row} range={range} roles={roles} />,
          },
          { header: `Now (${currency})`, className: 'text-end', cell: (row) => formatMoney(row.cost, currency) },
          {
            header: 'Change',
            className: 'text-end',
            cell: (row) => <ChangeText cost={row.cost} previousCost={row.previousCost} currency={currency} />,
          },
        ]}
      />
    </section>
  );
}

export function CostMoversPanel({ range, currency }: { range: DateRange; currency: string }) {
  const read = useGetCostMoversQuery(range);
  const roles = useAppSelector(selectRealmRoles);
  return (
    <Panel
      title="Top movers"
      description="What changed the bill against the previous period, and where: the largest moves either way. Each name opens its queries."
    >
      <QueryResult query={read} loadingLabel="Comparing with the previous period…" errorTitle="The top movers could not be loaded">
        {(movers) => (
          <>
            <p className="mb-3" aria-label="Bill against the previous period">
              <strong>{formatMoney(movers.totalCost, currency)}</strong> from {periodText(movers.range)}:{' '}
              <strong>{changeText(movers.totalCost, movers.previousTotalCost, currency)}</strong> against{' '}
              {formatMoney(movers.previousTotalCost, currency)} from {periodText(movers.previousRange)}.
            </p>
            <div className="dw-movers">
              {DIMENSIONS.map((dimension) => (
                <MoverTable
                  key={dimension.id}
                  dimension={dimension}
                  movers={movers}
                  currency={currency}
                  range={movers.range}
                  roles={roles}
                />
              ))}
            </div>
          </>
        )}
      </QueryResult>
    </Panel>
  );
}
