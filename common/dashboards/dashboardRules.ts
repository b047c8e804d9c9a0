// What makes a dashboard acceptable, for the server that stores it, the form that edits it,
// the menu that lists it and the Viewer that embeds it. Plain functions (no zod): the menu and
// the Viewer run them in the initial bundle.

export const DASHBOARD_NAME_MAX = 80;
export const DASHBOARD_URL_MAX = 2048;
export const DASHBOARD_ORDER_MAX = 100_000;

export type DashboardUrlProblem = 'empty' | 'too_long' | 'not_a_url' | 'not_http' | 'credentials';

/**
 * Why `value` cannot be a dashboard's address, or undefined when it can: an absolute http(s)
 * URL with a host and without credentials, at most DASHBOARD_URL_MAX characters. Only such a
 * page is ever put in an iframe (a `javascript:` URL there would run inside the portal).
 */
export function dashboardUrlProblem(value: string): DashboardUrlProblem | undefined {
  const url = value.trim();
  if (url === '') return 'empty';
  if (url.length > DASHBOARD_URL_MAX) return 'too_long';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not_a_url';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'not_http';
  if (!parsed.hostname) return 'not_a_url';
  if (parsed.username || parsed.password) return 'credentials';
  return undefined;
}

/** The acceptable dashboard address as a URL, or null. */
export function dashboardUrl(value: string): URL | null {
  return dashboardUrlProblem(value) === undefined ? new URL(value.trim()) : null;
}

// Control and format characters (invisible, or able to reorder text) have no place in a name.
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

export type DashboardNameProblem = 'empty' | 'too_long' | 'control_characters';

export function dashboardNameProblem(value: string): DashboardNameProblem | undefined {
  const name = value.trim();
  if (name === '') return 'empty';
  if (name.length > DASHBOARD_NAME_MAX) return 'too_long';
  if (CONTROL_OR_FORMAT.test(name)) return 'control_characters';
  return undefined;
}
