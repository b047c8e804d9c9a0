// /app/snowflake/queries: which queries cost the most or run the longest, which statements
// repeat, which spill to remote storage; filtered by warehouse, user, role, tag, query pattern,
// dbt model and dates, all in the address. A query's detail opens over the page (`?query=<id>`).
import { useNavigate } from 'react-router-dom';
import { FilterForm } from '../FilterForm';
import { optimizePageOf, type OptimizeContext } from '../OptimizeLayout';
import { LinkedFilterNotice } from './LinkedFilterNotice';
import { PatternsPanel } from './PatternsPanel';
import { PatternTrendsPanel } from './PatternTrendsPanel';
import { QueryDetailDialog } from './QueryDetailDialog';
import { QUERY_PARAM, queryFilterFields, queryFiltersOf, searchWith } from './queryFilters';
import { SpillingPanel } from './SpillingPanel';
import { TopQueriesPanel } from './TopQueriesPanel';

function QueriesReport({ info, range, dataRange, params }: OptimizeContext) {
  const navigate = useNavigate();
  // A new object each render is fine: RTK Query keys requests on the serialised filters.
  const filters = queryFiltersOf(range, params);
  const openQuery = params.get(QUERY_PARAM);
  // The filter form is keyed on the filters only: opening a query's detail must not reset it.
  const filterKey = JSON.stringify(filters);
  const { currency } = info;

  return (
    <>
      <FilterForm key={filterKey} label="Query filters" range={range} dataRange={dataRange} fields={queryFilterFields} />
      <LinkedFilterNotice filters={filters} params={params} />
      <TopQueriesPanel orderBy="cost" filters={filters} currency={currency} params={params} />
      <TopQueriesPanel orderBy="duration" filters={filters} currency={currency} params={params} />
      <PatternsPanel filters={filters} currency={currency} params={params} />
      <PatternTrendsPanel filters={filters} currency={currency} />
      <SpillingPanel filters={filters} currency={currency} params={params} />
      {openQuery ? (
        <QueryDetailDialog
          queryId={openQuery}
          currency={currency}
          onClose={() => navigate({ search: searchWith(params, QUERY_PARAM, null) })}
        />
      ) : null}
    </>
  );
}

export default optimizePageOf(
  {
    id: 'queries',
    title: 'Queries',
    intro: 'Which queries cost the most, which run the longest, which repeat and which spill to remote storage.',
  },
  QueriesReport,
);
