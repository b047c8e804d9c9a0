// Each budget with this month's figures, read from the organisation's warehouse.
import type { Budget, BudgetProgress } from '@common/warehouse/budgetsContract';
import type { Warehouse } from '../warehouse.js';
import { budgetStatus, monthFigures, spendNeededFrom } from './forecast.js';

/** The budgets' progress as of the warehouse's last day with usage; none when it has no usage yet. */
export async function budgetProgress(warehouse: Warehouse, budgets: readonly Budget[]): Promise<BudgetProgress[]> {
  const dataRange = await warehouse.dataRange();
  if (!dataRange || budgets.length === 0) return [];
  const asOf = dataRange.to;
  const range = { from: spendNeededFrom(asOf), to: asOf };
  return Promise.all(
    budgets.map(async (budget) => {
      const days = await warehouse.dailyScopeSpend(budget.scope, budget.scopeValue, range);
      const figures = monthFigures(days, asOf);
      return { ...budget, ...figures, usedShare: figures.monthToDate / budget.amount, status: budgetStatus(budget.amount, figures) };
    }),
  );
}
