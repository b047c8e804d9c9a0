// The demo dashboards' one endpoint (common/api/endpoint.ts): an HTML page, not an API answer,
// which the demo organisations' Viewer entries link to. The server registers its route from it
// and the demo seed builds those links from it.
import { endpoint } from '../api/endpoint';

export const demoDashboardsEndpoints = {
  // The page's HTML, with the dashboard's figures in a JSON data block.
  page: endpoint<{ params: { organisation: string; slug: string }; response: string }>()('GET', '/demo-dashboards/:organisation/:slug'),
};
