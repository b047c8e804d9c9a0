// Creating or changing an alert rule: what triggers it, which assets it is about (filters), and
// where it goes (the inbox of some roles, e-mail, a Slack-compatible webhook). A refusal from
// the server is shown on the field it names (a webhook host the catalog settings do not allow).
import { useState, type ReactNode } from 'react';
import { RULE_NAME_MAX, WEBHOOK_URL_MAX } from '@common/catalog-alerts/alertRules';
import type { AlertRuleRecord } from '@common/catalog-alerts/alertsContract';
import { signalKindLabels, signalKinds, type SignalKind } from '@common/signals/signalTypes';
import { apiErrorMessage, isApiErrorBody } from '../../../api/apiError';
import { useCreateAlertRuleMutation, useUpdateAlertRuleMutation } from '../../../api/catalogAlertsApi';
import { AssetPicker, ChoicePicker, type PickerOption } from '../../../components/AssetPicker';
import { CheckField } from '../../../components/CheckField';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { choiceOf, roleChoices, useCatalogChoices } from '../catalogChoices';
import { checkRuleForm, formValuesOf, ruleInputOf, type RuleFormValues } from './ruleForm';

/** The assets a rule may watch: everything a signal can be about. */
const WATCHED_KINDS = ['model', 'source', 'seed', 'snapshot', 'exposure', 'metric'] as const;

interface AlertRuleDialogProps {
  rule?: AlertRuleRecord;
  emailAvailable: boolean;
  onDone: () => void;
  onCancel: () => void;
}

function Check({
  id,
  label,
  checked,
  disabled,
  onChange,
  children,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-2">
      <CheckField id={id} label={label} checked={checked} disabled={disabled} onChecked={onChange} />
      {checked ? <div className="ms-4 mt-1">{children}</div> : null}
    </div>
  );
}

export function AlertRuleDialog({ rule, emailAvailable, onDone, onCancel }: AlertRuleDialogProps) {
  const [values, setValues] = useState<RuleFormValues>(() => formValuesOf(rule));
  const [checked, setChecked] = useState(false);
  const choices = useCatalogChoices();
  const [create, creating] = useCreateAlertRuleMutation();
  const [update, updating] = useUpdateAlertRuleMutation();
  const state = rule ? updating : creating;
  const set =
    <K extends keyof RuleFormValues>(key: K) =>
    (value: RuleFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  /** A pick-list of known values for one of the rule's lists of names. */
  const listPicker = (
    key: 'tags' | 'domains' | 'owners' | 'inAppRoles',
    label: string,
    options: readonly PickerOption[],
    help?: string,
  ) => (
    <ChoicePicker
      id={`rule-${key}`}
      label={label}
      multiple
      options={options}
      selected={values[key].map((value) => choiceOf(options, value))}
      onSelected={(chosen) => set(key)(chosen.map((option) => option.value))}
      help={help}
      error={serverOn(key === 'inAppRoles' ? 'in_app' : key)}
    />
  );

  const local = checkRuleForm(values);
  const shown = (key: keyof typeof local) => (checked ? local[key] : undefined);
  // The server names a destination by its place in the list: map it back to its kind.
  const serverError = state.error as { data?: unknown } | undefined;
  const field = serverError && isApiErrorBody(serverError.data) ? (serverError.data.field ?? '') : null;
  const destinationKinds = ruleInputOf(values).destinations.map((destination) => destination.kind);
  const serverOn = (name: string) => {
    if (field === null) return undefined;
    const match = /^destinations\.(\d+)/.exec(field);
    const target = match
      ? (destinationKinds[Number(match[1])] ?? 'destinations')
      : field.split('.')[0] === 'filters'
        ? field.split('.')[1]
        : field;
    return target === name ? apiErrorMessage(state.error) : undefined;
  };
  const placed = ['name', 'trigger', 'assetIds', 'tags', 'domains', 'owners', 'maxSeverity', 'in_app', 'email', 'webhook'];
  const unplaced = field !== null && !placed.some((name) => serverOn(name) !== undefined);

  const submit = () => {
    setChecked(true);
    if (Object.values(local).some(Boolean)) return;
    const body = ruleInputOf(values);
    const request = rule ? update({ id: rule.id, body }).unwrap() : create(body).unwrap();
    void request.then(onDone, () => undefined);
  };

  return (
    <FormDialog
      title={rule ? `Change the rule ${rule.name}` : 'New alert rule'}
      submitLabel={rule ? 'Save' : 'Create'}
      busyLabel="Saving…"
      busy={state.isLoading}
      error={unplaced ? apiErrorMessage(state.error) : null}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormField
        label="Name"
        value={values.name}
        onValue={set('name')}
        maxLength={RULE_NAME_MAX}
        required
        error={shown('name') ?? serverOn('name')}
      />
      <FormField
        label="When"
        control="select"
        value={values.trigger}
        onValue={(value) => set('trigger')(value as SignalKind)}
        error={serverOn('trigger')}
      >
        {signalKinds.map((kind) => (
          <option key={kind} value={kind}>
            {signalKindLabels[kind]}
          </option>
        ))}
      </FormField>
      <fieldset className="mb-3">
        <legend className="h6">Only for</legend>
        <p className="small text-body-secondary">
          Leave a filter empty to match everything; type to narrow a list and choose with the arrow keys or a click. Filters on assets skip
          alerts about no asset (a cost anomaly, a connector).
        </p>
        <AssetPicker
          id="rule-assets"
          label="Assets"
          multiple
          kinds={WATCHED_KINDS}
          selected={values.assetIds}
          onSelected={set('assetIds')}
          error={serverOn('assetIds')}
        />
        <div className="row">
          <div className="col-sm-4">{listPicker('tags', 'Tags', choices.tags)}</div>
          <div className="col-sm-4">{listPicker('domains', 'Domains', choices.domains)}</div>
          <div className="col-sm-4">{listPicker('owners', 'Owners', choices.owners)}</div>
        </div>
        <FormField
          label="Severity"
          control="select"
          value={values.maxSeverity}
          onValue={set('maxSeverity')}
          help="1 is the most severe; an incident carries its own, a failing test or stale source counts as 2, a warning as 4."
          error={serverOn('maxSeverity')}
        >
          <option value="">Any severity</option>
          {[1, 2, 3, 4].map((level) => (
            <option key={level} value={level}>{`${level} or more severe`}</option>
          ))}
        </FormField>
      </fieldset>
      <fieldset className="mb-3" aria-describedby={shown('destinations') ? 'rule-destinations-error' : undefined}>
        <legend className="h6">Send to</legend>
        {shown('destinations') ? (
          <p id="rule-destinations-error" className="text-danger small">
            {shown('destinations')}
          </p>
        ) : null}
        <Check id="rule-in-app" label="In-app notifications" checked={values.inApp} onChange={set('inApp')}>
          {listPicker('inAppRoles', 'Roles', roleChoices, 'Whose holders get it; none chosen: everyone in the organisation.')}
        </Check>
        <Check
          id="rule-email"
          label={emailAvailable ? 'E-mail' : 'E-mail (needs an SMTP server, none is configured)'}
          checked={values.email}
          disabled={!emailAvailable && !values.email}
          onChange={set('email')}
        >
          <FormField
            label="Addresses"
            value={values.addresses}
            onValue={set('addresses')}
            type="text"
            error={shown('addresses') ?? serverOn('email')}
            help="Separate addresses with commas."
          />
        </Check>
        <Check id="rule-webhook" label="Webhook (Slack-compatible)" checked={values.webhook} onChange={set('webhook')}>
          <FormField
            label="Webhook address"
            value={values.url}
            onValue={set('url')}
            type="url"
            maxLength={WEBHOOK_URL_MAX}
            help="Slack's incoming webhook URL, or any address that accepts a JSON POST. The catalog settings say which hosts are allowed."
            error={shown('url') ?? serverOn('webhook')}
          />
        </Check>
      </fieldset>
      <CheckField
        id="rule-enabled"
        label="On (a rule that is off sends nothing)"
        checked={values.enabled}
        onChecked={(checked) => set('enabled')(checked)}
      />
    </FormDialog>
  );
}
