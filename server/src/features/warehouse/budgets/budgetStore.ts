// The budgets of an organisation in the portal store (migration 011). Every read and write is
// scoped to the caller's organisation: another organisation's budget is "not found".
import type { Budget, BudgetInput } from '@common/warehouse/budgetsContract';
import { BUDGETS_PER_ORGANISATION_MAX } from '@common/warehouse/budgetsContract';
import { DuplicateValueError, InconsistentRequestError, isUniqueViolation, RecordNotFoundError } from '../../../platform/store/errors.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { Selectable } from 'kysely';
import type { WarehouseBudgetsTable } from '../tables.js';

type BudgetRow = Selectable<WarehouseBudgetsTable>;

export function toBudget(row: BudgetRow): Budget {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    scopeValue: row.scope_value,
    amount: Number(row.amount),
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** A budget as the checks left it: the scope value is null exactly for the whole account. */
export interface CheckedBudget extends BudgetInput {
  scopeValue: string | null;
}

function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new DuplicateValueError('name', 'name: another budget already has this name');
  throw error;
}

export async function listBudgets(db: StoreDb, organisation: string): Promise<Budget[]> {
  const rows = await db.selectFrom('warehouse_budgets').selectAll().where('organisation_id', '=', organisation).orderBy('name').execute();
  return rows.map(toBudget);
}

/** Organisations with at least one budget (for the hourly evaluation). */
export async function organisationsWithBudgets(db: StoreDb): Promise<string[]> {
  const rows = await db.selectFrom('warehouse_budgets').select('organisation_id').distinct().execute();
  return rows.map((row) => row.organisation_id);
}

export async function createBudget(db: StoreDb, organisation: string, createdBy: string, input: CheckedBudget): Promise<Budget> {
  return db.transaction().execute(async (tx) => {
    const { count } = await tx
      .selectFrom('warehouse_budgets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('organisation_id', '=', organisation)
      .executeTakeFirstOrThrow();
    if (Number(count) >= BUDGETS_PER_ORGANISATION_MAX)
      throw new InconsistentRequestError('name', `An organisation may keep at most ${BUDGETS_PER_ORGANISATION_MAX} budgets.`);
    const row = await tx
      .insertInto('warehouse_budgets')
      .values({
        organisation_id: organisation,
        name: input.name,
        scope: input.scope,
        scope_value: input.scopeValue,
        amount: input.amount.toFixed(2),
        created_by: createdBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(duplicate);
    return toBudget(row);
  });
}

/**
 * A budget whose scope or amount changed is a new promise: this month's alerts of the old one
 * no longer hold, so they are forgotten (a new name alone keeps them).
 */
export async function updateBudget(db: StoreDb, organisation: string, id: string, input: CheckedBudget): Promise<Budget> {
  return db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom('warehouse_budgets')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new RecordNotFoundError('budget');
    const row = await tx
      .updateTable('warehouse_budgets')
      .set({ name: input.name, scope: input.scope, scope_value: input.scopeValue, amount: input.amount.toFixed(2), updated_at: new Date() })
      .where('organisation_id', '=', organisation)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(duplicate);
    const promiseChanged =
      before.scope !== row.scope || before.scope_value !== row.scope_value || Number(before.amount) !== Number(row.amount);
    if (promiseChanged) await tx.deleteFrom('warehouse_budget_alerts').where('budget_id', '=', id).execute();
    return toBudget(row);
  });
}

export async function deleteBudget(db: StoreDb, organisation: string, id: string): Promise<void> {
  const deleted = await db
    .deleteFrom('warehouse_budgets')
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new RecordNotFoundError('budget');
}

/**
 * Claims the alert of a budget, month and level: true for the one caller that inserted the
 * row (and so sends the notification), false when it was claimed before.
 */
export async function claimAlert(
  db: StoreDb,
  organisation: string,
  budgetId: string,
  month: string,
  level: 'forecast' | 'exceeded',
): Promise<boolean> {
  const inserted = await db
    .insertInto('warehouse_budget_alerts')
    .values({ budget_id: budgetId, organisation_id: organisation, month, level })
    .onConflict((oc) => oc.columns(['budget_id', 'month', 'level']).doNothing())
    .returning('budget_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function recordAlertNotification(
  db: StoreDb,
  budgetId: string,
  month: string,
  level: 'forecast' | 'exceeded',
  notificationId: string | null,
): Promise<void> {
  await db
    .updateTable('warehouse_budget_alerts')
    .set({ notification_id: notificationId })
    .where('budget_id', '=', budgetId)
    .where('month', '=', month)
    .where('level', '=', level)
    .execute();
}

/** Gives the claim back when the notification could not be sent, so the next evaluation tries again. */
export async function releaseAlert(db: StoreDb, budgetId: string, month: string, level: 'forecast' | 'exceeded'): Promise<void> {
  await db
    .deleteFrom('warehouse_budget_alerts')
    .where('budget_id', '=', budgetId)
    .where('month', '=', month)
    .where('level', '=', level)
    .execute();
}
