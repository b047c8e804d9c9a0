// The organisation's dashboards as every user meets them (Viewer menu, Viewer, Home): valid
// entries only, in menu order (docs/shell-rules.md, "Dashboards list and layout settings").
import { dashboardUrlProblem } from '@common/dashboards/dashboardRules';
import { DEFAULT_DASHBOARD_ORDER } from '../config/constants';

export interface MenuDashboard {
  name: string;
  url: string;
  order: number;
}

/** Logged when the answer has no dashboards list (docs/shell-rules.md, "Errors"). */
export const NO_DASHBOARDS_MESSAGE = 'No dashboards found in response';

function isEntry(value: unknown): value is { name: string; url: string; order?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { name, url } = value as { name?: unknown; url?: unknown };
  return typeof name === 'string' && name !== '' && typeof url === 'string' && dashboardUrlProblem(url) === undefined;
}

/** Valid entries sorted by order, a missing order counting as 0; equal orders keep their place. */
export function sortDashboards(entries: readonly unknown[]): MenuDashboard[] {
  const valid = entries.filter(isEntry);
  if (valid.length !== entries.length)
    console.warn(`Ignored ${entries.length - valid.length} dashboard entries without a name or an http(s) url`);
  return valid
    .map(({ name, url, order }) => ({
      name,
      url,
      order: typeof order === 'number' && Number.isFinite(order) ? order : DEFAULT_DASHBOARD_ORDER,
    }))
    .sort((a, b) => a.order - b.order);
}
