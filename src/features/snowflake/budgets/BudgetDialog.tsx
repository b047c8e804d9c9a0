// Creating or changing a budget: its name, what it watches (the whole account, or a warehouse,
// user, role or query tag the account has, offered from its recent queries) and the monthly
// amount. The form checks what it can; the server checks the name exists and says so at the field.
import { useId, useState } from 'react';
import {
  budgetScopeLabels,
  budgetScopes,
  BUDGET_AMOUNT_MAX,
  BUDGET_NAME_MAX,
  type Budget,
  type BudgetInput,
  type BudgetScope,
} from '@common/warehouse/budgetsContract';
import type { FilterOptionsResponse } from '@common/warehouse/insightsContract';
import type { DateRange } from '../../../api/warehouseTypes';
import { FilterSelect } from '../../../components/FilterSelect';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { textError, useCheckedSubmit } from '../../../components/useCheckedSubmit';
import { useGetFilterOptionsQuery } from '../../../api/optimizeApi';
import { useCreateBudgetMutation, useUpdateBudgetMutation } from '../../../api/budgetsApi';

type Field = 'name' | 'scope' | 'scopeValue' | 'amount';

const OPTION_LISTS: Record<
  Exclude<BudgetScope, 'account'>,
  keyof Pick<FilterOptionsResponse, 'warehouses' | 'users' | 'roles' | 'queryTags'>
> = {
  warehouse: 'warehouses',
  user: 'users',
  role: 'roles',
  tag: 'queryTags',
};

interface BudgetDialogProps {
  /** The budget to change; a new one when absent. */
  budget?: Budget;
  /** The account's data range: the names offered are those with queries in it (asked for when the dialog opens). */
  dataRange: DateRange;
  onDone: () => void;
  onCancel: () => void;
}

export function BudgetDialog({ budget, dataRange, onDone, onCancel }: BudgetDialogProps) {
  const { data: options } = useGetFilterOptionsQuery(dataRange);
  const [name, setName] = useState(budget?.name ?? '');
  const [scope, setScope] = useState<BudgetScope>(budget?.scope ?? 'account');
  const [scopeValue, setScopeValue] = useState(budget?.scopeValue ?? '');
  const [amount, setAmount] = useState(budget ? String(budget.amount) : '');
  const { errors, send, dialogProps } = useCheckedSubmit<Field>(['name', 'scope', 'scopeValue', 'amount']);
  const [create] = useCreateBudgetMutation();
  const [update] = useUpdateBudgetMutation();
  const listId = useId();
  const known = scope === 'account' ? [] : (options?.[OPTION_LISTS[scope]] ?? []);

  const submit = async () => {
    const found: typeof errors = { name: textError(name, BUDGET_NAME_MAX, 'Name the budget.') };
    if (scope !== 'account' && !scopeValue.trim())
      found.scopeValue = `Choose the ${budgetScopeLabels[scope].toLowerCase()} the budget watches.`;
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) found.amount = 'Enter an amount in USD above 0.';
    else if (value > BUDGET_AMOUNT_MAX) found.amount = `At most ${BUDGET_AMOUNT_MAX.toLocaleString('en')}.`;
    else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) found.amount = 'At most two decimals (cents).';
    const input: BudgetInput = { name: name.trim(), scope, scopeValue: scope === 'account' ? null : scopeValue.trim(), amount: value };
    await send(
      found,
      () => (budget ? update({ id: budget.id, ...input }) : create(input)),
      () => onDone(),
    );
  };

  return (
    <FormDialog
      title={budget ? `Change budget ${budget.name}` : 'Add a budget'}
      submitLabel={budget ? 'Save' : 'Add budget'}
      busyLabel="Saving…"
      {...dialogProps(submit, onCancel)}
    >
      <FormField
        label="Name"
        value={name}
        onValue={setName}
        error={errors.name}
        maxLength={BUDGET_NAME_MAX + 50}
        required
        autoComplete="off"
      />
      <FilterSelect
        label="Watches"
        className="mb-3"
        value={scope}
        onValue={(next) => {
          setScope(next as BudgetScope);
          setScopeValue('');
        }}
        error={errors.scope}
        values={budgetScopes}
        labels={budgetScopeLabels}
      />
      {scope !== 'account' ? (
        <>
          <FormField
            label={budgetScopeLabels[scope]}
            value={scopeValue}
            onValue={setScopeValue}
            error={errors.scopeValue}
            suggestions={listId}
            help={known.length > 0 ? `Type or pick one of the ${known.length} with queries recently.` : undefined}
            required
            autoComplete="off"
          />
          <datalist id={listId}>
            {known.map((option) => (
              <option key={option.name} value={option.name} />
            ))}
          </datalist>
        </>
      ) : null}
      <FormField
        label="Amount per month (USD)"
        type="number"
        min={0.01}
        step={0.01}
        value={amount}
        onValue={setAmount}
        error={errors.amount}
        required
        inputMode="decimal"
      />
    </FormDialog>
  );
}
