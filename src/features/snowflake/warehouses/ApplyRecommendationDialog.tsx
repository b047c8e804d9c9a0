// Applying a recommendation asks first and says exactly what will run (the ALTER WAREHOUSE),
// then shows what happened: the statement the account ran and the settings before it. The
// server recomputes the recommendation over the same range, so only advice it stands by runs.
import { useEffect, useRef, useState } from 'react';
import { useConfirmAction } from '../../../components/useConfirmAction';
import type { AppliedChange, DateRange, Recommendation } from '../../../api/warehouseTypes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime, formatMoney, formatSeconds } from '../../../components/format';
import { SimpleTable } from '../../../components/SimpleTable';
import { useApplyRecommendationMutation } from '../../../api/optimizeApi';
import { settingChanges } from './recommendationChanges';

interface ApplyRecommendationDialogProps {
  recommendation: Recommendation;
  range: DateRange;
  currency: string;
  onClose: () => void;
}

const SETTING_NAMES: Record<string, string> = { size: 'Size', autoSuspendSeconds: 'Auto-suspend', maxClusterCount: 'Maximum clusters' };

function beforeText(key: string, value: string | number | boolean | null): string {
  if (key === 'autoSuspendSeconds') return formatSeconds(typeof value === 'number' ? value : null);
  return value === null ? 'none' : String(value);
}

function Result({ applied, warehouseName }: { applied: AppliedChange; warehouseName: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The confirmation's buttons are gone: focus the outcome so it is read out and Tab goes on from it.
  useEffect(() => heading.current?.focus(), []);
  if (applied.noop) {
    return (
      <div role="status">
        <h3 ref={heading} tabIndex={-1} className="h6">
          Nothing to change
        </h3>
        <p className="mb-0">{warehouseName} already has these settings; nothing was run.</p>
      </div>
    );
  }
  const before = Object.entries(applied.before ?? {});
  return (
    <div role="status">
      <h3 ref={heading} tabIndex={-1} className="h6">
        Applied {formatDateTime(applied.appliedAt)}
      </h3>
      <p className="mb-1">{applied.engine === 'duckdb' ? 'The sample account was changed as Snowflake would be by:' : 'Snowflake ran:'}</p>
      <pre className="dw-query-text mb-2">
        <code>{applied.statements.join(';\n')}</code>
      </pre>
      {before.length > 0 ? (
        <p className="small text-body-secondary mb-0">
          Before: {before.map(([key, value]) => `${SETTING_NAMES[key] ?? key} ${beforeText(key, value)}`).join(', ')}.
        </p>
      ) : null}
    </div>
  );
}

export function ApplyRecommendationDialog({ recommendation, range, currency, onClose }: ApplyRecommendationDialogProps) {
  const [apply] = useApplyRecommendationMutation();
  const [applied, setApplied] = useState<AppliedChange | null>(null);
  const confirming = useConfirmAction(() => apply({ ...range, id: recommendation.id }), setApplied);
  const statement = recommendation.statement;

  return (
    <ConfirmDialog
      title={recommendation.title}
      confirmLabel="Apply change"
      busyLabel="Applying…"
      {...confirming}
      onCancel={onClose}
      outcome={applied ? <Result applied={applied} warehouseName={recommendation.warehouseName} /> : null}
    >
      <p>This changes the warehouse {recommendation.warehouseName} at once, for everyone using it, and is recorded in the audit log.</p>
      <SimpleTable
        caption="What will change"
        className="table table-sm"
        responsive={false}
        rows={settingChanges(recommendation)}
        rowKey={(change) => change.setting}
        columns={[
          { header: 'Setting', rowHeader: true, cell: (change) => change.setting },
          { header: 'Now', cell: (change) => change.from },
          { header: 'After', cell: (change) => change.to },
        ]}
      />
      <p className="mb-1">The statement that will run:</p>
      <pre className="dw-query-text" aria-label="Statement">
        <code>{statement}</code>
      </pre>
      <p className="small text-body-secondary mb-0">
        Estimated saving: {formatMoney(recommendation.estimatedMonthlySavings, currency)} a month, from {range.from} to {range.to}.
      </p>
    </ConfirmDialog>
  );
}
