// /app/snowflake/cost: what the account costs over a date range, where the money goes (day and
// warehouse, service, user, role, query tag, idle time) and where this month is heading.
import { useGetCostSummaryQuery } from '../optimizeApi';
import { FilterForm } from '../FilterForm';
import { OptimizeLayout, type OptimizeContext } from '../OptimizeLayout';
import { QueryResult } from '../../../components/QueryResult';
import { CostFigures } from './CostFigures';
import { DailySpendPanel } from './DailySpendPanel';
import { DimensionSpendPanel } from './DimensionSpendPanel';
import { IdleCostPanel } from './IdleCostPanel';
import { ServiceSpendPanel } from './ServiceSpendPanel';

function CostReport({ range, dataRange, params }: OptimizeContext) {
  const { currentData, error, isFetching, refetch } = useGetCostSummaryQuery(range);
  return (
    <>
      <FilterForm key={params.toString()} label="Date range" range={range} dataRange={dataRange} />
      <QueryResult
        data={currentData}
        error={error}
        isFetching={isFetching}
        refetch={refetch}
        loadingLabel="Adding up the costs…"
        errorTitle="The costs could not be loaded"
      >
        {(summary) => (
          <>
            <CostFigures summary={summary} />
            <DailySpendPanel summary={summary} />
            <ServiceSpendPanel summary={summary} />
            <DimensionSpendPanel dimension="user" rows={summary.byUser} currency={summary.currency} range={summary.range} />
            <DimensionSpendPanel dimension="role" rows={summary.byRole} currency={summary.currency} range={summary.range} />
            <DimensionSpendPanel dimension="query tag" rows={summary.byTag} currency={summary.currency} range={summary.range} noName="(no tag)" />
            <IdleCostPanel summary={summary} />
          </>
        )}
      </QueryResult>
    </>
  );
}

export default function CostPage() {
  return (
    <OptimizeLayout id="cost" title="Cost" intro="What your Snowflake account costs, where the money goes and where this month is heading.">
      {(context) => <CostReport {...context} />}
    </OptimizeLayout>
  );
}
