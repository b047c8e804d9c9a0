// Dashboards of the caller's organisation: the list the Viewer menu is built from (spec
// section 7) and its management by Admin and Client-Admin (/app/dashboard/default).
import type { FastifyInstance } from 'fastify';
import {
  clientDashboardsResponse,
  createDashboardBody,
  dashboardIdParams,
  dashboardResponse,
  dashboardsResponse,
  reorderDashboardsBody,
  updateDashboardBody,
} from '@common/dashboards/dashboardsContract';
import { dashboardsEndpoints } from '@common/dashboards/dashboardsEndpoints';
import { createDashboard, deleteDashboard, listDashboards, reorderDashboards, updateDashboard } from './dashboardsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { createDashboardListCache } from './dashboardListCache.js';
import type { ZodTypeProvider } from '../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../platform/http/endpointRoute.js';

export function registerDashboardRoutes(server: FastifyInstance, db: StoreDb, onChange: () => void): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const cache = createDashboardListCache(db);
  const changed = (organisation: string) => {
    cache.invalidate(organisation);
    onChange();
  };
  // Access is checked before the input: a user who may not manage dashboards learns nothing
  // about what a valid request would be.
  const manage = requireRoute('dashboardDefault');

  // Anyone who may open the Viewer gets their organisation's list, in menu order.
  app.route({
    ...endpointRoute(dashboardsEndpoints.clientList, { response: clientDashboardsResponse }),
    preValidation: requireRoute('viewer'),
    handler: async (request) => {
      const dashboards = await cache.get(organisationOf(callerOf(request)));
      return { dashboards: dashboards.map(({ name, url, order }) => ({ name, url, order })) };
    },
  });

  app.route({
    ...endpointRoute(dashboardsEndpoints.list, { response: dashboardsResponse }),
    preValidation: manage,
    handler: async (request) => ({ dashboards: await listDashboards(db, actorOf(request).organisation) }),
  });

  app.route({
    ...endpointRoute(dashboardsEndpoints.create, { body: createDashboardBody, response: dashboardResponse }),
    preValidation: manage,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      const dashboard = await createDashboard(db, actor, request.body);
      changed(actor.organisation);
      return reply.code(201).send({ dashboard });
    },
  });

  // Registered before /:id so "order" is never read as an id.
  app.route({
    ...endpointRoute(dashboardsEndpoints.reorder, { body: reorderDashboardsBody, response: dashboardsResponse }),
    preValidation: manage,
    handler: async (request) => {
      const actor = actorOf(request);
      const dashboards = await reorderDashboards(db, actor, request.body.ids);
      changed(actor.organisation);
      return { dashboards };
    },
  });

  app.route({
    ...endpointRoute(dashboardsEndpoints.update, { params: dashboardIdParams, body: updateDashboardBody, response: dashboardResponse }),
    preValidation: manage,
    handler: async (request) => {
      const actor = actorOf(request);
      const dashboard = await updateDashboard(db, actor, request.params.id, request.body);
      changed(actor.organisation);
      return { dashboard };
    },
  });

  app.route({
    ...endpointRoute(dashboardsEndpoints.remove, { params: dashboardIdParams }),
    preValidation: manage,
    handler: async (request, reply) => {
      const actor = actorOf(request);
      await deleteDashboard(db, actor, request.params.id);
      changed(actor.organisation);
      return reply.code(204).send();
    },
  });
}
