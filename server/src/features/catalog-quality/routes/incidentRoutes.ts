// Incident Manager's API: GET /api/catalog/incidents (filtered, paged), /:id (with its
// timeline), /metrics (time to acknowledge and resolve per domain), /members (who an incident
// may be assigned to); POST /:id/transitions and PATCH /:id (severity) for the roles that may
// change incidents (common/catalog-quality/incidentRules.ts). Another organisation's incident is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { incidentEditorRoles } from '@common/catalog-quality/incidentRules';
import {
  incidentDetailResponse,
  incidentIdParams,
  incidentListQuery,
  incidentListResponse,
  incidentMembersResponse,
  incidentMetricsResponse,
  incidentTransitionBody,
  incidentUpdateBody,
  incidentRecord,
} from '@common/catalog-quality/incidentsContract';
import { z } from 'zod';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { knownUsers, type NotificationsService } from '../../../platform/notifications/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { IncidentNotices } from '../incidentNotices.js';
import type { ReportSignal } from '../ingestionListener.js';
import { incidentSignal } from '../incidentSignal.js';
import { incidentDetail, incidentMetrics, listIncidents, setIncidentSeverity, transitionIncident } from '../incidentsStore.js';

export function registerIncidentRoutes(
  server: FastifyInstance,
  options: {
    db: StoreDb;
    notifications: Pick<NotificationsService, 'rememberUser'> | null;
    notices: IncidentNotices;
    reportSignal?: ReportSignal | null;
  },
): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogIncidents');
  const change = requireRoute('catalogIncidents', incidentEditorRoles);
  // Members are offered as assignees once the portal has seen them (as the support desk does).
  const remember = async (request: FastifyRequest) => {
    const caller = callerOf(request);
    await options.notifications?.rememberUser({
      organisation: organisationOf(caller),
      subject: caller.subject,
      username: caller.username,
      email: caller.email ?? null,
      roles: caller.roles,
    });
  };
  const members = (organisation: string) => knownUsers(db, organisation, incidentEditorRoles);

  app.get(
    '/api/catalog/incidents',
    { preValidation: read, schema: { querystring: incidentListQuery, response: { 200: incidentListResponse } } },
    async (request) => {
      await remember(request);
      return listIncidents(db, actorOf(request).organisation, request.query);
    },
  );

  app.get(
    '/api/catalog/incidents/metrics',
    { preValidation: read, schema: { response: { 200: incidentMetricsResponse } } },
    async (request) => incidentMetrics(db, actorOf(request).organisation),
  );

  app.get(
    '/api/catalog/incidents/members',
    { preValidation: read, schema: { response: { 200: incidentMembersResponse } } },
    async (request) => {
      await remember(request);
      return { members: await members(actorOf(request).organisation) };
    },
  );

  app.get(
    '/api/catalog/incidents/:id',
    { preValidation: read, schema: { params: incidentIdParams, response: { 200: incidentDetailResponse } } },
    async (request) => incidentDetail(db, actorOf(request).organisation, request.params.id),
  );

  app.post(
    '/api/catalog/incidents/:id/transitions',
    {
      preValidation: change,
      schema: { params: incidentIdParams, body: incidentTransitionBody, response: { 200: z.object({ incident: incidentRecord }) } },
    },
    async (request) => {
      const actor = actorOf(request);
      await remember(request);
      const { incident, assigned } = await transitionIncident(db, actor, request.params.id, request.body, () =>
        members(actor.organisation),
      );
      if (assigned) await options.notices.assigned(actor, incident, assigned);
      // Alert rules hear the move; the answer does not wait for them.
      void options.reportSignal?.(incidentSignal(actor, incident));
      return { incident };
    },
  );

  app.patch(
    '/api/catalog/incidents/:id',
    {
      preValidation: change,
      schema: { params: incidentIdParams, body: incidentUpdateBody, response: { 200: z.object({ incident: incidentRecord }) } },
    },
    async (request) => ({ incident: await setIncidentSeverity(db, actorOf(request), request.params.id, request.body.severity) }),
  );
}
