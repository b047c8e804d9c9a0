// The dashboard form's values and checks. They mirror the server's (name 1–80 characters
// without control characters, an absolute http(s) URL without credentials up to 2048
// characters, a whole order from 0 to 100000) so most mistakes are caught before sending;
// whatever the server still refuses is shown at the field it names.
import type { Dashboard, DashboardInput } from '../../api/dashboardsApi';

export interface DashboardFormValues {
  name: string;
  url: string;
  /** Text as typed; empty means "let the server place it". */
  order: string;
}

export type DashboardField = keyof DashboardFormValues;
export type DashboardFormErrors = Partial<Record<DashboardField, string>>;

export const NAME_MAX = 80;
export const URL_MAX = 2048;
export const ORDER_MAX = 100_000;

export const emptyDashboardForm: DashboardFormValues = { name: '', url: '', order: '' };

export function formValuesOf(dashboard: Dashboard): DashboardFormValues {
  return { name: dashboard.name, url: dashboard.url, order: String(dashboard.order) };
}

// Control and format characters (invisible, or able to reorder text) are refused by the server.
const controlCharacters = /[\p{Cc}\p{Cf}]/u;

function nameError(value: string): string | undefined {
  const name = value.trim();
  if (name === '') return 'Enter a name.';
  if (name.length > NAME_MAX) return `Use at most ${NAME_MAX} characters.`;
  if (controlCharacters.test(name)) return 'Remove the control characters.';
  return undefined;
}

function urlError(value: string): string | undefined {
  const url = value.trim();
  if (url === '') return 'Enter the address of the dashboard.';
  if (url.length > URL_MAX) return `Use at most ${URL_MAX} characters.`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address starting with https:// or http://.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'Only https:// and http:// addresses can be shown.';
  if (parsed.username || parsed.password) return 'Remove the user name and password from the address.';
  if (!parsed.hostname) return 'Enter a full address starting with https:// or http://.';
  return undefined;
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
