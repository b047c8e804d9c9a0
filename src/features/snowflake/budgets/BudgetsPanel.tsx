// The Cost page's budgets: each with this month's spend so far, where the month is heading
// and whether that is over the amount. Warehouse writers add, change and delete them; an alert
// reaches them in the notifications when a budget's forecast or month to date goes over.
import { useEffect, useMemo, useRef, useState } from 'react';
import { budgetScopeLabels, type Budget, type BudgetProgress, type BudgetStatus } from '@common/warehouse/budgetsContract';
import type { DateRange } from '../../../api/warehouseTypes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { csvFileName } from '../../../components/csv';
import { controlColumn, type DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { useDeleteConfirm } from '../../../components/useDeleteConfirm';
import { moneyColumn, percentColumn, textColumn } from '../columns';
import { BudgetDialog } from './BudgetDialog';
import { useDeleteBudgetMutation, useGetBudgetsQuery } from '../../../api/budgetsApi';

export const STATUS_LABELS: Record<BudgetStatus, string> = { on_track: 'On track', at_risk: 'At risk', exceeded: 'Exceeded' };
const STATUS_CLASSES: Record<BudgetStatus, string> = {
  on_track: 'text-bg-success',
  at_risk: 'text-bg-warning',
  exceeded: 'text-bg-danger',
};

function watches(budget: Budget): string {
  return budget.scope === 'account' ? budgetScopeLabels.account : `${budgetScopeLabels[budget.scope]} ${budget.scopeValue ?? ''}`;
}

type Editing = { budget?: Budget } | null;

export function BudgetsPanel({ dataRange, currency, focus }: { dataRange: DateRange; currency: string; focus: boolean }) {
  const read = useGetBudgetsQuery();
  const { currentData } = read;
  const [editing, setEditing] = useState<Editing>(null);
  const deleting = useDeleteConfirm(useDeleteBudgetMutation(), (budget: Budget) => budget.id);
  const askDelete = deleting.ask;
  const mayManage = currentData?.mayManage ?? false;
  const anchor = useRef<HTMLDivElement>(null);

  // Opened from a budget alert (`?panel=budgets`): the budgets come into view.
  useEffect(() => {
    if (focus && currentData) anchor.current?.scrollIntoView?.({ block: 'start' });
  }, [focus, currentData]);

  const columns = useMemo<DataColumn<BudgetProgress>[]>(() => {
    const list: DataColumn<BudgetProgress>[] = [
      textColumn('name', 'Budget', (row) => row.name, true),
      textColumn('watches', 'Watches', watches),
      moneyColumn('amount', 'Per month', (row) => row.amount, currency),
      moneyColumn('monthToDate', 'Month to date', (row) => row.monthToDate, currency),
      moneyColumn('forecast', 'Month-end forecast', (row) => row.forecast, currency),
      percentColumn('used', 'Used', (row) => row.usedShare),
      {
        id: 'status',
        header: 'Status',
        value: (row) => STATUS_LABELS[row.status],
        cell: (row) => <span className={`badge ${STATUS_CLASSES[row.status]}`}>{STATUS_LABELS[row.status]}</span>,
      },
    ];
    if (mayManage) {
      list.push(
        controlColumn('actions', 'Actions', (row) => (
          <div className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => setEditing({ budget: row })}
              aria-label={`Change budget ${row.name}`}
            >
              Change
            </button>
            <button
              type="button"
              className="btn btn-outline-danger btn-sm"
              onClick={() => askDelete(row)}
              aria-label={`Delete budget ${row.name}`}
            >
              Delete
            </button>
          </div>
        )),
      );
    }
    return list;
  }, [currency, mayManage, askDelete]);

  const asOf = currentData?.budgets[0]?.asOf;
  return (
    <div ref={anchor} id="budgets">
      <Panel
        title="Budgets"
        description={
          <>
            Monthly amounts for the account or one warehouse, user, role or query tag{asOf ? `, measured to ${asOf} (UTC)` : ''}. The
            month-end forecast is the spend to the day before that, plus the average of the last 7 full days for each day left. At risk: the
            forecast is over the amount; exceeded: the month to date is. Administrators are notified once per month at each.
          </>
        }
        actions={
          mayManage ? (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing({})}>
              Add a budget
            </button>
          ) : null
        }
      >
        <QueryResult query={read} loadingLabel="Measuring the budgets…" errorTitle="The budgets could not be loaded">
          {(data) =>
            // No empty table: a sentence says what budgets are for until there is one.
            data.budgets.length === 0 ? (
              <p className="text-body-secondary mb-0">
                {data.mayManage
                  ? 'No budgets yet. Add one to be told when spend heads over it.'
                  : 'No budgets yet. An administrator can add them.'}
              </p>
            ) : (
              <DataTable
                caption="Budgets"
                columns={columns}
                rows={data.budgets}
                exportFileName={csvFileName('budgets', asOf ?? dataRange.to, asOf ?? dataRange.to)}
                initialSort={{ id: 'name', desc: false }}
              />
            )
          }
        </QueryResult>
      </Panel>
      {editing ? (
        <BudgetDialog budget={editing.budget} dataRange={dataRange} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
      ) : null}
      {deleting.target ? (
        <ConfirmDialog
          title={`Delete budget ${deleting.target.name}?`}
          confirmLabel="Delete budget"
          busyLabel="Deleting…"
          {...deleting.dialogProps}
        >
          <p className="mb-0">Its alerts stop. Spend is not affected.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
