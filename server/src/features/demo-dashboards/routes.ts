// Demo dashboard pages: GET /demo-dashboards/:organisation/:slug. The demo organisations'
// Viewer entries point here, so the Viewer embeds real charts with no BI tool installed.
// Only served when demo data is on, only for organisations on the embedded sample warehouse
// (a real Snowflake account's figures are never served without a token), and the page
// carries its figures as a JSON data block (not a script the CSP would have to allow).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DemoDashboardData } from '@common/demo-dashboards/dashboardData';
import { demoDashboardsEndpoints } from '@common/demo-dashboards/demoDashboardsEndpoints';
import { endpointRoute } from '../../platform/http/endpointRoute.js';
import { HttpError } from '../../platform/http/errors.js';
import { parseOr400 } from '../../platform/http/validation.js';

export type DemoDashboardSource = (organisation: string, slug: string) => Promise<DemoDashboardData | null>;

const params = z.object({
  organisation: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be an organisation id'),
  slug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a dashboard name'),
});

/** JSON that cannot end the surrounding <script> element or open a comment. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export async function registerDemoDashboards(app: FastifyInstance, distDir: string, source: DemoDashboardSource): Promise<void> {
  const template = await readFile(path.join(distDir, 'demo-dashboard.html'), 'utf8').catch(() => null);
  if (!template) {
    app.log.warn('demo-dashboard.html is missing from the build; demo dashboards are not served');
    return;
  }
  // The parameters are checked in the handler (parseOr400), so a bad one answers as it always has.
  app.route({
    ...endpointRoute(demoDashboardsEndpoints.page, {}),
    handler: async (request, reply) => {
      const { organisation, slug } = parseOr400(params, request.params);
      const data = await source(organisation, slug);
      if (!data) throw new HttpError(404, 'not_found', 'No such demo dashboard.');
      const page = template.replace(
        '<!--dashboard-data-->',
        `<script type="application/json" id="dashboard-data">${jsonForHtml(data)}</script>`,
      );
      return reply.header('cache-control', 'no-cache').type('text/html').send(page);
    },
  });
}
