// The alert rule form's fields and the rule they stand for: assets, tags, domains, owners and
// roles are chosen from pick-lists (assets by name, sent as their unique ids); e-mail addresses
// are typed, separated by commas; a destination is on when its box is ticked. What the form can check it
// checks here (a name, one destination at least, a URL that looks like one); the server checks
// the rest (the catalog settings' webhook hosts, e-mail being available) and names the field.
import type { AlertRuleInput, AlertRuleRecord } from '@common/catalog-alerts/alertsContract';
import type { SignalKind } from '@common/signals/signalTypes';
import { assetOptionOfId, type PickerOption } from '../../../components/AssetPicker';

export interface RuleFormValues {
  name: string;
  trigger: SignalKind;
  /** The assets chosen (value: unique id). */
  assetIds: PickerOption[];
  tags: string[];
  domains: string[];
  owners: string[];
  /** '' = any severity. */
  maxSeverity: string;
  inApp: boolean;
  inAppRoles: string[];
  email: boolean;
  addresses: string;
  webhook: boolean;
  url: string;
  enabled: boolean;
}

export const listOf = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((item) => item.trim())
      .filter(Boolean),
  ),
];

export function formValuesOf(rule: AlertRuleRecord | undefined): RuleFormValues {
  const destination = <K extends 'in_app' | 'email' | 'webhook'>(kind: K) =>
    rule?.destinations.find((entry) => entry.kind === kind) as Extract<AlertRuleRecord['destinations'][number], { kind: K }> | undefined;
  const inApp = destination('in_app');
  const email = destination('email');
  const webhook = destination('webhook');
  return {
    name: rule?.name ?? '',
    trigger: rule?.trigger ?? 'test_failure',
    assetIds: rule?.filters.assetIds.map((id) => assetOptionOfId(id)) ?? [],
    tags: rule?.filters.tags ?? [],
    domains: rule?.filters.domains ?? [],
    owners: rule?.filters.owners ?? [],
    maxSeverity: rule?.filters.maxSeverity ? String(rule.filters.maxSeverity) : '',
    inApp: rule ? inApp !== undefined : true,
    inAppRoles: inApp?.roles ?? [],
    email: email !== undefined,
    addresses: email?.addresses.join(', ') ?? '',
    webhook: webhook !== undefined,
    url: webhook?.url ?? '',
    enabled: rule?.enabled ?? true,
  };
}

export type RuleFormErrors = Partial<Record<'name' | 'destinations' | 'addresses' | 'url', string>>;

export function checkRuleForm(values: RuleFormValues): RuleFormErrors {
  const errors: RuleFormErrors = {};
  if (!values.name.trim()) errors.name = 'Give the rule a name.';
  if (!values.inApp && !values.email && !values.webhook) errors.destinations = 'Choose at least one place to send the alert.';
  if (values.email && listOf(values.addresses).length === 0) errors.addresses = 'Give at least one e-mail address.';
  if (values.webhook && !/^https?:\/\/[^\s/]+/i.test(values.url.trim())) errors.url = 'Give an address starting with http:// or https://.';
  return errors;
}

export function ruleInputOf(values: RuleFormValues): AlertRuleInput {
  return {
    name: values.name.trim(),
    trigger: values.trigger,
    filters: {
      assetIds: values.assetIds.map((asset) => asset.value),
      tags: values.tags,
      domains: values.domains,
      owners: values.owners,
      maxSeverity: values.maxSeverity ? Number(values.maxSeverity) : null,
    },
    destinations: [
      ...(values.inApp ? [{ kind: 'in_app' as const, roles: values.inAppRoles }] : []),
      ...(values.email ? [{ kind: 'email' as const, addresses: listOf(values.addresses) }] : []),
      ...(values.webhook ? [{ kind: 'webhook' as const, url: values.url.trim() }] : []),
    ],
    enabled: values.enabled,
  };
}
