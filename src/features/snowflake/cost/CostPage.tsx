// /app/snowflake/cost: "why did my bill go up?" first — what moved against the previous period
// and where (top movers) — then what the account costs over the range, where this month is
// heading, the budgets it is measured against, and where the money goes (day and warehouse,
// service, user, role, query tag, database and schema, idle time). The range is this month so far
// unless the address names one.
import { useGetCostSummaryQuery } from '../../../api/optimizeApi';
import { FilterForm } from '../FilterForm';
import { optimizePageOf, type OptimizeContext } from '../OptimizeLayout';
import { QueryResult } from '../../../components/QueryResult';
import { BudgetsPanel } from '../budgets/BudgetsPanel';
import { CostFigures } from './CostFigures';
import { CostMoversPanel } from './CostMoversPanel';
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
      <CostMoversPanel range={range} currency={info.currency} />
      <QueryResult query={costSummary} loadingLabel="Adding up the costs…" errorTitle="The costs could not be loaded">
        {(summary) => (
          <>
            <CostFigures summary={summary} />
            <BudgetsPanel dataRange={dataRange} currency={info.currency} focus={params.get('panel') === 'budgets'} />
            <DailySpendPanel summary={summary} />
            <ServiceSpendPanel summary={summary} />
            <DimensionSpendPanel dimension="user" rows={summary.byUser} summary={summary} />
            <DimensionSpendPanel dimension="role" rows={summary.byRole} summary={summary} />
            <DimensionSpendPanel dimension="query tag" rows={summary.byTag} summary={summary} noName="(no tag)" />
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
    intro: 'What changed your Snowflake bill and where, what the account costs, where the money goes and where this month is heading.',
  },
  CostReport,
);
