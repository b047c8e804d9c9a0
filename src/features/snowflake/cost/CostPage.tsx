// /app/snowflake/cost: what the account costs over a date range, where the money goes (day and
// warehouse, service, user, role, query tag, database and schema, idle time), where this month
// is heading, and the budgets it is measured against.
import { useGetCostSummaryQuery } from '../../../api/optimizeApi';
import { FilterForm } from '../FilterForm';
import { optimizePageOf, type OptimizeContext } from '../OptimizeLayout';
import { QueryResult } from '../../../components/QueryResult';
import { BudgetsPanel } from '../budgets/BudgetsPanel';
import { CostFigures } from './CostFigures';
import { DatabaseSpendPanel } from './DatabaseSpendPanel';
import { DailySpendPanel } from './DailySpendPanel';
import { DimensionSpendPanel } from './DimensionSpendPanel';
import { IdleCostPanel } from './IdleCostPanel';
import { ServiceSpendPanel } from './ServiceSpendPanel';

function CostReport({ info, range, dataRange, params }: OptimizeContext) {
  const costSummary = useGetCostSummaryQuery(range);
  return (
    <>
      <FilterForm key={params.toString()} label="Date range" range={range} dataRange={dataRange} />
      <BudgetsPanel dataRange={dataRange} currency={info.currency} focus={params.get('panel') === 'budgets'} />
      <QueryResult query={costSummary} loadingLabel="Adding up the costs…" errorTitle="The costs could not be loaded">
        {(summary) => (
          <>
            <CostFigures summary={summary} />
            <DailySpendPanel summary={summary} />
            <ServiceSpendPanel summary={summary} />
            <DimensionSpendPanel dimension="user" rows={summary.byUser} currency={summary.currency} range={summary.range} />
            <DimensionSpendPanel dimension="role" rows={summary.byRole} currency={summary.currency} range={summary.range} />
            <DimensionSpendPanel
              dimension="query tag"
              rows={summary.byTag}
              currency={summary.currency}
              range={summary.range}
              noName="(no tag)"
            />
            <DatabaseSpendPanel range={summary.range} currency={summary.currency} />
            <IdleCostPanel summary={summary} />
          </>
        )}
      </QueryResult>
    </>
  );
}

export default optimizePageOf(
  {
    id: 'cost',
    title: 'Cost',
    intro: 'What your Snowflake account costs, where the money goes and where this month is heading.',
  },
  CostReport,
);
