/**
 * Alerts for budgets: when a budget's month-end forecast goes over its amount, or its month to
 * date does, the organisation's warehouse writers get one notification per budget, month and
 * level (forecast, exceeded). Safe to run as often as wanted: the alert rows of migration 011
 * let each alert out once, even with several portal processes evaluating at the same time.
 *
 *   await evaluateBudgets({ db, warehouse, organisation, notify });
 *
 * Runs every hour for each organisation with a budget (budgetSchedule.ts), and should also be
 * called right after new usage arrives for an organisation. Budgets whose forecast is already
 * exceeded when first seen get the "exceeded" alert only (the forecast one is recorded as sent).
 */
import { warehouseWriterRoles } from '@common/access/access';
import { appPaths } from '@common/paths';
import { budgetScopeLabels, type BudgetProgress } from '@common/warehouse/budgetsContract';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { NotifyRequest } from '../../../platform/notifications/index.js';
import type { Warehouse } from '../warehouse.js';
import { claimAlert, listBudgets, recordAlertNotification, releaseAlert } from './budgetStore.js';
import { budgetProgress } from './budgetProgress.js';

export interface EvaluateBudgetsOptions {
  db: StoreDb;
  /** The organisation's warehouse (registry.forOrganisation(organisation)). */
  warehouse: Warehouse;
  organisation: string;
  /** The notifications service's notify. */
  notify: (request: NotifyRequest) => Promise<{ id: string | null }>;
}

export interface BudgetAlert {
  budgetId: string;
  month: string;
  level: 'forecast' | 'exceeded';
  notificationId: string | null;
}

export interface BudgetEvaluation {
  budgets: BudgetProgress[];
  /** Alerts sent by this run (none when each was sent before). */
  alerts: BudgetAlert[];
}

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function describe(budget: BudgetProgress): string {
  return budget.scope === 'account' ? 'the whole account' : `${budgetScopeLabels[budget.scope].toLowerCase()} ${budget.scopeValue ?? ''}`;
}

function noticeOf(budget: BudgetProgress, level: 'forecast' | 'exceeded', organisation: string): NotifyRequest {
  const title =
    level === 'exceeded'
      ? `Budget "${budget.name}" exceeded: ${money(budget.monthToDate)} of ${money(budget.amount)}`
      : `Budget "${budget.name}" is heading over: ${money(budget.forecast)} forecast of ${money(budget.amount)}`;
  const body =
    level === 'exceeded'
      ? `Spend on ${describe(budget)} in ${budget.month} reached ${money(budget.monthToDate)} by ${budget.asOf}, over its monthly budget of ${money(budget.amount)}.`
      : `At ${money(budget.dailyAverage)} a day (the last 7 days' average), spend on ${describe(budget)} would reach ${money(budget.forecast)} by the end of ${budget.month}, over its budget of ${money(budget.amount)}. So far: ${money(budget.monthToDate)}.`;
  return {
    organisation,
    audience: { role: warehouseWriterRoles },
    type: 'alert',
    title,
    body,
    link: `${appPaths.snowflakeCost}?panel=budgets`,
    data: { budgetId: budget.id, month: budget.month, level },
  };
}

export async function evaluateBudgets({ db, warehouse, organisation, notify }: EvaluateBudgetsOptions): Promise<BudgetEvaluation> {
  const budgets = await budgetProgress(warehouse, await listBudgets(db, organisation));
  const alerts: BudgetAlert[] = [];
  for (const budget of budgets) {
    const levels: ('forecast' | 'exceeded')[] =
      budget.status === 'exceeded' ? ['exceeded', 'forecast'] : budget.status === 'at_risk' ? ['forecast'] : [];
    for (const level of levels) {
      if (!(await claimAlert(db, organisation, budget.id, budget.month, level))) continue;
      // Exceeded already says the forecast is over: its forecast alert is only recorded.
      if (level === 'forecast' && budget.status === 'exceeded') continue;
      try {
        const { id } = await notify(noticeOf(budget, level, organisation));
        await recordAlertNotification(db, budget.id, budget.month, level, id);
        alerts.push({ budgetId: budget.id, month: budget.month, level, notificationId: id });
      } catch (error) {
        await releaseAlert(db, budget.id, budget.month, level);
        throw error;
      }
    }
  }
  return { budgets, alerts };
}
