// The organisation's alert rules: what each reacts to, its filters and destinations, on or off;
// for those who may manage alerts, new, change, send a test and delete.
import { useState } from 'react';
import { destinationKindLabels } from '@common/catalog-alerts/alertRules';
import type { AlertRuleRecord } from '@common/catalog-alerts/alertsContract';
import { signalKindLabels } from '@common/signals/signalTypes';
import { apiErrorMessage } from '../../../api/apiError';
import { useDeleteAlertRuleMutation, useListAlertRulesQuery, useSendTestAlertMutation } from '../../../api/catalogAlertsApi';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { InlineError } from '../../../components/InlineError';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { SimpleTable } from '../../../components/SimpleTable';
import { useDeleteConfirm } from '../../../components/useDeleteConfirm';
import { AlertRuleDialog } from './AlertRuleDialog';

function filtersText(rule: AlertRuleRecord): string {
  const { filters } = rule;
  const parts = [
    filters.assetIds.length > 0 ? `assets ${filters.assetIds.map((id) => id.split('.').pop()).join(', ')}` : '',
    filters.tags.length > 0 ? `tags ${filters.tags.join(', ')}` : '',
    filters.domains.length > 0 ? `domains ${filters.domains.join(', ')}` : '',
    filters.owners.length > 0 ? `owners ${filters.owners.join(', ')}` : '',
    filters.maxSeverity !== null ? `severity ${filters.maxSeverity} or more severe` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : 'Everything';
}

function destinationsText(rule: AlertRuleRecord): string {
  return rule.destinations
    .map((destination) => {
      if (destination.kind === 'in_app')
        return `${destinationKindLabels.in_app} (${destination.roles.length > 0 ? destination.roles.join(', ') : 'everyone'})`;
      if (destination.kind === 'email') return `${destinationKindLabels.email} (${destination.addresses.join(', ')})`;
      return `${destinationKindLabels.webhook} (${new URL(destination.url).host})`;
    })
    .join(', ');
}

type Dialog = { type: 'new' } | { type: 'edit'; rule: AlertRuleRecord } | null;

export function AlertRules() {
  const read = useListAlertRulesQuery();
  const { currentData } = read;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [sendTest, testing] = useSendTestAlertMutation();
  const deleting = useDeleteConfirm(useDeleteAlertRuleMutation(), (rule: AlertRuleRecord) => rule.id);
  const [notice, setNotice] = useState<string | null>(null);
  const mayEdit = currentData?.mayEdit ?? false;
  return (
    <Panel
      title="Rules"
      description="A rule sends an alert when something happens to the data: a test fails, a source goes stale, an incident moves, a sync fails, a day costs far more than usual."
      actions={
        mayEdit ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog({ type: 'new' })}>
            New rule
          </button>
        ) : null
      }
    >
      {notice ? (
        <p className="small" role="status">
          {notice}
        </p>
      ) : null}
      {testing.error ? <InlineError>{apiErrorMessage(testing.error)}</InlineError> : null}
      <QueryResult query={read} loadingLabel="Loading the rules…" errorTitle="The alert rules could not be loaded">
        {({ rules, emailAvailable }) => (
          <>
            {rules.length === 0 ? (
              <p className="mb-0">
                {mayEdit
                  ? 'No rules yet. Create one to be told when a test fails or a source goes stale.'
                  : 'No rules yet. The people who look after the data create them.'}
              </p>
            ) : (
              <SimpleTable
                caption="Alert rules"
                className="table table-sm align-middle mb-0"
                rows={rules}
                columns={[
                  { header: 'Rule', rowHeader: true, cellClassName: 'text-break', cell: (rule) => rule.name },
                  { header: 'When', cell: (rule) => signalKindLabels[rule.trigger] },
                  { header: 'Only for', cellClassName: 'text-break small', cell: (rule) => filtersText(rule) },
                  { header: 'Send to', cellClassName: 'text-break small', cell: (rule) => destinationsText(rule) },
                  {
                    header: 'State',
                    cell: (rule) =>
                      rule.enabled ? (
                        <span className="badge text-bg-success">On</span>
                      ) : (
                        <span className="badge text-bg-secondary">Off</span>
                      ),
                  },
                  mayEdit && {
                    header: 'Actions',
                    headerHidden: true,
                    cellClassName: 'text-nowrap',
                    cell: (rule) => (
                      <>
                        <button
                          type="button"
                          className="btn btn-link btn-sm"
                          aria-label={`Change ${rule.name}`}
                          onClick={() => setDialog({ type: 'edit', rule })}
                        >
                          Change
                        </button>
                        <button
                          type="button"
                          className="btn btn-link btn-sm"
                          aria-label={`Send a test alert of ${rule.name}`}
                          disabled={testing.isLoading}
                          onClick={() => {
                            setNotice(null);
                            void sendTest(rule.id)
                              .unwrap()
                              .then(
                                ({ deliveries }) =>
                                  setNotice(
                                    `Test alert of "${rule.name}" queued for ${deliveries.length} destination${deliveries.length === 1 ? '' : 's'}; the delivery log shows how it went.`,
                                  ),
                                () => undefined,
                              );
                          }}
                        >
                          Send test alert
                        </button>
                        <button
                          type="button"
                          className="btn btn-link btn-sm text-danger"
                          aria-label={`Delete ${rule.name}`}
                          onClick={() => deleting.ask(rule)}
                        >
                          Delete
                        </button>
                      </>
                    ),
                  },
                ]}
              />
            )}
            {dialog ? (
              <AlertRuleDialog
                rule={dialog.type === 'edit' ? dialog.rule : undefined}
                emailAvailable={emailAvailable}
                onDone={() => setDialog(null)}
                onCancel={() => setDialog(null)}
              />
            ) : null}
          </>
        )}
      </QueryResult>
      {deleting.target ? (
        <ConfirmDialog
          title={`Delete the rule ${deleting.target.name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting…"
          {...deleting.dialogProps}
        >
          <p className="mb-0">It sends nothing more. The deliveries it made stay in the log.</p>
        </ConfirmDialog>
      ) : null}
    </Panel>
  );
}
