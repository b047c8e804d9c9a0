// Budgets of the Optimize area: an amount in USD per calendar month (UTC) for the whole account
// or for one warehouse, user, role or query tag, with how this month is going against it.
import { z } from 'zod';

export const budgetScopes = ['account', 'warehouse', 'user', 'role', 'tag'] as const;
export type BudgetScope = (typeof budgetScopes)[number];

export const budgetScopeLabels: Record<BudgetScope, string> = {
  account: 'Whole account',
  warehouse: 'Warehouse',
  user: 'User',
  role: 'Role',
  tag: 'Query tag',
};

export const budgetStatuses = ['on_track', 'at_risk', 'exceeded'] as const;
export type BudgetStatus = (typeof budgetStatuses)[number];

export const BUDGET_NAME_MAX = 100;
/** A monthly amount above this is a typing error rather than a budget. */
export const BUDGET_AMOUNT_MAX = 100_000_000;
/** How many budgets an organisation may keep (each one is evaluated every hour). */
export const BUDGETS_PER_ORGANISATION_MAX = 200;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(BUDGET_NAME_MAX, `must be at most ${BUDGET_NAME_MAX} characters`)
  .refine((value) => !CONTROL.test(value), 'must not contain control characters');

const amount = z
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(BUDGET_AMOUNT_MAX, `must be at most ${BUDGET_AMOUNT_MAX}`)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most two decimals (cents)');

/**
 * A budget as created or replaced. `scopeValue` names the warehouse, user, role or query tag
 * (the server checks it exists in the account); it is absent for the whole account.
 */
export const budgetBody = z.strictObject(
  {
    name,
    scope: z.enum(budgetScopes, { error: `must be one of ${budgetScopes.join(', ')}` }),
    scopeValue: z.string({ error: 'must be text' }).max(300, 'is too long').nullish(),
    amount,
  },
  { error: 'must be a JSON object' },
);
export type BudgetInput = z.output<typeof budgetBody>;

export const budgetIdParams = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/i, 'is not a budget id') });

export interface Budget {
  id: string;
  name: string;
  scope: BudgetScope;
  /** Null for the whole account. */
  scopeValue: string | null;
  /** USD per calendar month. */
  amount: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A budget with this month's figures. */
export interface BudgetProgress extends Budget {
  /** The month measured, `YYYY-MM`, and the last day with usage data in it. */
  month: string;
  asOf: string;
  /** Spend from the 1st to asOf, asOf included (it may be a partial day). */
  monthToDate: number;
  /** Average daily spend of the 7 full days before asOf. */
  dailyAverage: number;
  /**
   * Month-end projection: spend to the end of the day before asOf, plus dailyAverage for asOf
   * and each day left in the month; never below monthToDate.
   */
  forecast: number;
  /** monthToDate ÷ amount. */
  usedShare: number;
  status: BudgetStatus;
}

export interface BudgetsResponse {
  budgets: BudgetProgress[];
  /** Whether the caller may create, change and delete budgets. */
  mayManage: boolean;
}
