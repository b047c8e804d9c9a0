// Dashboards of the caller's organisation: the list the Viewer menu is built from (spec
// section 7) and its management by Admin and Client-Admin (/app/dashboard/default).
import type { FastifyInstance } from 'fastify';
import { createDashboardBody, dashboardIdParams, reorderDashboardsBody, updateDashboardBody } from '@common/dashboards/dashboardsContract';
import { createDashboard, deleteDashboard, listDashboards, reorderDashboards, updateDashboard } from './dashboardsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { createDashboardListCache } from './dashboardListCache.js';
import { parseOr400 } from '../../platform/http/validation.js';

export function registerDashboardRoutes(app: FastifyInstance, db: StoreDb, onChange: () => void): void {
  const cache = createDashboardListCache(db);
  const changed = (organisation: string) => {
    cache.invalidate(organisation);
    onChange();
  };

  // Anyone who may open the Viewer gets their organisation's list, in menu order.
  app.get('/api/config/client-dashboards', { preHandler: requireRoute('viewer') }, async (request) => {
    const dashboards = await cache.get(organisationOf(callerOf(request)));
    return { dashboards: dashboards.map(({ name: n, url: u, order: o }) => ({ name: n, url: u, order: o })) };
  });

  const manage = { preHandler: requireRoute('dashboardDefault') };
  const actorOf = (request: Parameters<typeof callerOf>[0]) => {
    const caller = callerOf(request);
    return { organisation: organisationOf(caller), subject: caller.subject, username: caller.username };
  };

  app.get('/api/dashboards', manage, async (request) => ({ dashboards: await listDashboards(db, actorOf(request).organisation) }));

  app.post('/api/dashboards', manage, async (request, reply) => {
    const body = parseOr400(createDashboardBody, request.body);
    const actor = actorOf(request);
    const dashboard = await createDashboard(db, actor, body);
    changed(actor.organisation);
    return reply.code(201).send({ dashboard });
  });

  // Registered before /:id so "order" is never read as an id.
  app.put('/api/dashboards/order', manage, async (request) => {
    const body = parseOr400(reorderDashboardsBody, request.body);
    const actor = actorOf(request);
    const dashboards = await reorderDashboards(db, actor, body.ids);
    changed(actor.organisation);
    return { dashboards };
  });

  app.patch('/api/dashboards/:id', manage, async (request) => {
    const { id } = parseOr400(dashboardIdParams, request.params);
    const body = parseOr400(updateDashboardBody, request.body);
    const actor = actorOf(request);
    const dashboard = await updateDashboard(db, actor, id, body);
    changed(actor.organisation);
    return { dashboard };
  });

  app.delete('/api/dashboards/:id', manage, async (request, reply) => {
    const { id } = parseOr400(dashboardIdParams, request.params);
    const actor = actorOf(request);
    await deleteDashboard(db, actor, id);
    changed(actor.organisation);
    return reply.code(204).send();
  });
}
