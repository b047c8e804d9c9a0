// Dashboards of the caller's organisation: the list the Viewer menu is built from (spec
// section 7) and its management by Admin and Client-Admin (/app/dashboard/default).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createDashboard, deleteDashboard, listDashboards, reorderDashboards, updateDashboard } from './dashboardsStore.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { callerOf, organisationOf, requireRoute } from '../../platform/http/auth/authenticate.js';
import { createDashboardListCache } from './dashboardListCache.js';
import { parseOr400 } from '../../platform/http/validation.js';

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must not contain control characters');

const url = z
  .string({ error: 'must be text' })
  .trim()
  .max(2048, 'must be at most 2048 characters')
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password && parsed.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an absolute http:// or https:// URL without credentials');

const order = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(100_000, 'must be at most 100000');

const createBody = z.strictObject({ name, url, order: order.optional() }, { error: 'must be a JSON object' });
const updateBody = z
  .strictObject({ name: name.optional(), url: url.optional(), order: order.optional() }, { error: 'must be a JSON object' })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of name, url, order');
const reorderBody = z.strictObject(
  { ids: z.array(z.uuid('must be dashboard ids'), { error: 'must be a list of dashboard ids' }).min(1, 'must not be empty').max(1000) },
  { error: 'must be a JSON object' },
);
const idParams = z.object({ id: z.uuid('must be a dashboard id') });

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
    const body = parseOr400(createBody, request.body);
    const actor = actorOf(request);
    const dashboard = await createDashboard(db, actor, body);
    changed(actor.organisation);
    return reply.code(201).send({ dashboard });
  });

  // Registered before /:id so "order" is never read as an id.
  app.put('/api/dashboards/order', manage, async (request) => {
    const body = parseOr400(reorderBody, request.body);
    const actor = actorOf(request);
    const dashboards = await reorderDashboards(db, actor, body.ids);
    changed(actor.organisation);
    return { dashboards };
  });

  app.patch('/api/dashboards/:id', manage, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const body = parseOr400(updateBody, request.body);
    const actor = actorOf(request);
    const dashboard = await updateDashboard(db, actor, id, body);
    changed(actor.organisation);
    return { dashboard };
  });

  app.delete('/api/dashboards/:id', manage, async (request, reply) => {
    const { id } = parseOr400(idParams, request.params);
    const actor = actorOf(request);
    await deleteDashboard(db, actor, id);
    changed(actor.organisation);
    return reply.code(204).send();
  });
}
