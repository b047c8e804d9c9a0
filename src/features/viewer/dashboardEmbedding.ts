// Which dashboards may be embedded and with what sandbox. Only a URL the organisation
// configured is ever put in an iframe: the viewer route takes its URL from the address bar,
// and an arbitrary one would let any link frame any page inside the portal.
import { dashboardUrl } from '@common/dashboards/dashboardRules';
import type { MenuDashboard } from '../../menu';

const BASE_SANDBOX = 'allow-scripts allow-forms allow-popups allow-downloads';

/**
 * The configured dashboard the viewer route points at: by its URL when the link carries one,
 * else by name. Never anything that is not an http(s) page (a `javascript:` URL in an iframe
 * would run inside the portal).
 */
export function findConfiguredDashboard(
  dashboards: readonly MenuDashboard[],
  name: string | undefined,
  url: string | null,
): MenuDashboard | undefined {
  const found = url ? dashboards.find((dashboard) => dashboard.url === url) : dashboards.find((dashboard) => dashboard.name === name);
  return found && dashboardUrl(found.url) ? found : undefined;
}

/**
 * A dashboard on another origin may keep its own origin (its scripts need their cookies and
 * storage). One on the portal's own origin must not: `allow-scripts` with `allow-same-origin`
 * would let it reach into the portal and lift its own sandbox.
 */
export function sandboxFor(url: string, portalOrigin: string): string {
  const parsed = dashboardUrl(url);
  return parsed && parsed.origin !== portalOrigin ? `${BASE_SANDBOX} allow-same-origin` : BASE_SANDBOX;
}
