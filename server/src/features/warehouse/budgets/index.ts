// Budgets of the Optimize area (Cost page): stored per organisation, measured against the
// warehouse's usage, alerting the warehouse writers once per budget, month and level.
export { evaluateBudgets } from './evaluateBudgets.js';
export type { EvaluateBudgetsOptions, BudgetEvaluation, BudgetAlert } from './evaluateBudgets.js';
export { registerBudgetRoutes } from './budgetRoutes.js';
export { startBudgetEvaluation, BUDGET_EVALUATION_JOB } from './budgetSchedule.js';
export { monthFigures, budgetStatus } from './forecast.js';
export { createCostAnomalyWatch, detectCostAnomaly } from './costAnomaly.js';
