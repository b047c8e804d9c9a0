// Incident Manager's API: GET /api/catalog/incidents (filtered, paged), /:id (with its
// timeline), /metrics (time to acknowledge and resolve per domain), /members (who an incident
// may be assigned to: the organisation's enabled members who may change incidents, from the
// identity service); POST /:id/transitions, POST /:id/reopen and PATCH /:id (severity) for the
// roles that may change incidents (common/catalog-quality/incidentRules.ts). Another
// organisation's incident is a 404.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole } from '@common/access/editions';
import { incidentEditorRoles } from '@common/catalog-quality/incidentRules';
import { catalogQualityEndpoints as ep } from '@common/catalog-quality/catalogQualityEndpoints';
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
  incidentReopenBody,
} from '@common/catalog-quality/incidentsContract';
import { z } from 'zod';
import { actorOf, callerOf, organisationOf, requireRoute } from '../../../platform/http/auth/authenticate.js';
import type { ZodTypeProvider } from '../../../platform/http/zodTypeProvider.js';
import { endpointRoute } from '../../../platform/http/endpointRoute.js';
import { knownUsers, type NotificationsService } from '../../../platform/notifications/index.js';
import type { OrganisationMembers } from '../../../platform/ports/index.js';
import type { StoreDb } from '../../../platform/store/openStore.js';
import type { IncidentNotices } from '../incidentNotices.js';
import type { ReportSignal } from '../ingestionListener.js';
import { incidentSignal } from '../incidentSignal.js';
import {
  incidentDetail,
  incidentMetrics,
  listIncidents,
  reopenIncident,
  setIncidentSeverity,
  transitionIncident,
  type Member,
} from '../incidentsStore.js';

export function registerIncidentRoutes(
  server: FastifyInstance,
  options: {
    db: StoreDb;
    notifications: Pick<NotificationsService, 'rememberUser'> | null;
    notices: IncidentNotices;
    reportSignal?: ReportSignal | null;
    /** The organisation's members from the identity service; without it, those the portal has seen. */
    directory?: OrganisationMembers | null;
  },
): void {
  const { db } = options;
  const app = server.withTypeProvider<ZodTypeProvider>();
  const read = requireRoute('catalogIncidents');
  const change = requireRoute('catalogIncidents', incidentEditorRoles);
  // The notifications service learns of each caller, so an assignee hears of the assignment.
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
  const members = async (organisation: string): Promise<Member[]> => {
    if (!options.directory) return knownUsers(db, organisation, incidentEditorRoles);
    return (await options.directory.list(organisation))
      .filter((member) => member.enabled && hasAnyRole(member.roles, incidentEditorRoles))
      .map((member) => ({ subject: member.subject, username: member.username }))
      .sort((a, b) => a.username.localeCompare(b.username));
  };

  app.route({
    ...endpointRoute(ep.incidents, { querystring: incidentListQuery, response: incidentListResponse }),
    preValidation: read,
    handler: async (request) => {
      await remember(request);
      return listIncidents(db, actorOf(request).organisation, request.query);
    },
  });

  app.route({
    ...endpointRoute(ep.incidentMetrics, { response: incidentMetricsResponse }),
    preValidation: read,
    handler: async (request) => incidentMetrics(db, actorOf(request).organisation),
  });

  app.route({
    ...endpointRoute(ep.incidentMembers, { response: incidentMembersResponse }),
    preValidation: read,
    handler: async (request) => {
      await remember(request);
      return { members: await members(actorOf(request).organisation) };
    },
  });

  app.route({
    ...endpointRoute(ep.incident, { params: incidentIdParams, response: incidentDetailResponse }),
    preValidation: read,
    handler: async (request) => incidentDetail(db, actorOf(request).organisation, request.params.id),
  });

  app.route({
    ...endpointRoute(ep.transitionIncident, {
      params: incidentIdParams,
      body: incidentTransitionBody,
      response: z.object({ incident: incidentRecord }),
    }),
    preValidation: change,
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(ep.reopenIncident, {
      params: incidentIdParams,
      body: incidentReopenBody,
      response: z.object({ incident: incidentRecord }),
    }),
    preValidation: change,
    handler: async (request) => {
      const actor = actorOf(request);
      const incident = await reopenIncident(db, actor, request.params.id, request.body.comment);
      void options.reportSignal?.(incidentSignal(actor, incident));
      return { incident };
    },
  });

  app.route({
    ...endpointRoute(ep.updateIncident, {
      params: incidentIdParams,
      body: incidentUpdateBody,
      response: z.object({ incident: incidentRecord }),
    }),
    preValidation: change,
    handler: async (request) => ({ incident: await setIncidentSeverity(db, actorOf(request), request.params.id, request.body.severity) }),
  });
}
