// The dashboard form's values and checks: the same rules the server applies (common/dashboards),
// said at the field, so most mistakes are caught before sending; whatever the server still
// refuses is shown at the field it names.
import {
  DASHBOARD_NAME_MAX,
  DASHBOARD_ORDER_MAX,
  DASHBOARD_URL_MAX,
  dashboardNameProblem,
  dashboardUrlProblem,
  type DashboardNameProblem,
  type DashboardUrlProblem,
} from '@common/dashboards/dashboardRules';
import type { Dashboard, DashboardInput } from '../../api/dashboardsApi';

export interface DashboardFormValues {
  name: string;
  url: string;
  /** Text as typed; empty means "let the server place it". */
  order: string;
}

export type DashboardField = keyof DashboardFormValues;
export type DashboardFormErrors = Partial<Record<DashboardField, string>>;

export const NAME_MAX = DASHBOARD_NAME_MAX;
export const URL_MAX = DASHBOARD_URL_MAX;
export const ORDER_MAX = DASHBOARD_ORDER_MAX;

export const emptyDashboardForm: DashboardFormValues = { name: '', url: '', order: '' };

export function formValuesOf(dashboard: Dashboard): DashboardFormValues {
  return { name: dashboard.name, url: dashboard.url, order: String(dashboard.order) };
}

const nameMessages: Record<DashboardNameProblem, string> = {
  empty: 'Enter a name.',
  too_long: `Use at most ${NAME_MAX} characters.`,
  control_characters: 'Remove the control characters.',
};

const urlMessages: Record<DashboardUrlProblem, string> = {
  empty: 'Enter the address of the dashboard.',
  too_long: `Use at most ${URL_MAX} characters.`,
  not_a_url: 'Enter a full address starting with https:// or http://.',
  not_http: 'Only https:// and http:// addresses can be shown.',
  credentials: 'Remove the user name and password from the address.',
};

function nameError(value: string): string | undefined {
  const problem = dashboardNameProblem(value);
  return problem && nameMessages[problem];
}

function urlError(value: string): string | undefined {
  const problem = dashboardUrlProblem(value);
  return problem && urlMessages[problem];
}

function orderError(value: string): string | undefined {
  const order = value.trim();
  if (order === '') return undefined;
  if (!/^\d+$/.test(order)) return 'Enter a whole number of 0 or more.';
  if (Number(order) > ORDER_MAX) return `Enter a number up to ${ORDER_MAX}.`;
  return undefined;
}

export function validateDashboardForm(values: DashboardFormValues): DashboardFormErrors {
  const errors: DashboardFormErrors = {};
  const name = nameError(values.name);
  const url = urlError(values.url);
  const order = orderError(values.order);
  if (name) errors.name = name;
  if (url) errors.url = url;
  if (order) errors.order = order;
  return errors;
}

/** The request body: trimmed, order only when given. */
export function toDashboardInput(values: DashboardFormValues): DashboardInput {
  const order = values.order.trim();
  return { name: values.name.trim(), url: values.url.trim(), ...(order === '' ? {} : { order: Number(order) }) };
}

/** Which form field a server `field` path ("name", "body.url"…) points at, if any. */
export function formFieldOf(field: string | undefined): DashboardField | undefined {
  const last = field?.split(/[./]/).pop();
  return last === 'name' || last === 'url' || last === 'order' ? last : undefined;
}

/** "name: must not be empty" → "Must not be empty." (the field is already named by its label). */
export function fieldMessage(message: string, field: string | undefined): string {
  const prefix = field ? `${field}: ` : '';
  const text = prefix && message.startsWith(prefix) ? message.slice(prefix.length) : message;
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
