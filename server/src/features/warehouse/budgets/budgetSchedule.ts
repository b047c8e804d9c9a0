// The hourly budget evaluation on the shared job runner: one schedule per organisation with a
// budget (added when its first budget is created, dropped with its last), each run evaluating
// that organisation's budgets once across all portal instances.
import { z } from 'zod';
import type { JobRunner } from '../../../platform/jobs/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { WarehouseRegistry } from '../registry.js';

/** What the evaluation needs of the registry. */
type Warehouses = Pick<WarehouseRegistry, 'forOrganisation'>;
import { evaluateBudgets, type EvaluateBudgetsOptions } from './evaluateBudgets.js';
import { listBudgets, organisationsWithBudgets } from './budgetStore.js';

export const BUDGET_EVALUATION_JOB = 'warehouse.evaluateBudgets';
export const BUDGET_EVALUATION_EVERY_MS = 60 * 60_000;

const scheduleName = (organisation: string) => `${BUDGET_EVALUATION_JOB}:${organisation}`;

export interface BudgetScheduler {
  /** Keeps the organisation's hourly evaluation in step with whether it has budgets. */
  sync(organisation: string): Promise<void>;
  /**
   * Evaluates the organisation's budgets now (e.g. right after its usage was synced); alerts go
   * out once as always. Resolves with how many alerts this run sent.
   */
  evaluateNow(organisation: string): Promise<number>;
}

export async function startBudgetEvaluation(options: {
  db: StoreDb;
  registry: Warehouses;
  jobs: JobRunner;
  notify: EvaluateBudgetsOptions['notify'];
}): Promise<BudgetScheduler> {
  const { db, registry, jobs, notify } = options;
  jobs.define(
    BUDGET_EVALUATION_JOB,
    async ({ organisation }) => {
      const { budgets, alerts } = await evaluateBudgets({
        db,
        warehouse: await registry.forOrganisation(organisation),
        organisation,
        notify,
      });
      return { budgets: budgets.length, alerts: alerts.length };
    },
    // A failed evaluation is simply the next hour's work.
    { payload: z.object({}), maxAttempts: 1 },
  );
  const schedule = (organisation: string) =>
    jobs.schedule({
      name: scheduleName(organisation),
      kind: BUDGET_EVALUATION_JOB,
      organisation,
      every: BUDGET_EVALUATION_EVERY_MS,
      payload: {},
    });
  for (const organisation of await organisationsWithBudgets(db)) await schedule(organisation);
  return {
    async evaluateNow(organisation) {
      const { alerts } = await evaluateBudgets({ db, warehouse: await registry.forOrganisation(organisation), organisation, notify });
      return alerts.length;
    },
    async sync(organisation) {
      if ((await listBudgets(db, organisation)).length > 0) await schedule(organisation);
      else await jobs.unschedule(scheduleName(organisation));
    },
  };
}
