// What the Incident Manager tells people, through the notifications service (the later Alerts
// screen routes these events): an incident opened goes to everyone who may work on incidents,
// an assignment to the assignee. A notice that cannot be sent is logged; the change stands.
import type { FastifyBaseLogger } from 'fastify';
import { incidentEditorRoles } from '@common/catalog-quality/incidentRules';
import type { IncidentRecord } from '@common/catalog-quality/incidentsContract';
import { appPaths } from '@common/paths';
import type { NotificationsService } from '../../platform/notifications/index.js';
import type { Actor } from '../../platform/store/audit.js';
import type { OpenedIncident } from './incidentOpening.js';

export interface IncidentNotices {
  opened(organisation: string, incidents: readonly OpenedIncident[]): Promise<void>;
  assigned(actor: Actor, incident: IncidentRecord, assignee: { subject: string; username: string }): Promise<void>;
}

/** More incidents than this from one ingestion make one notice that counts them. */
const SEPARATE_NOTICES_MAX = 5;

export function createIncidentNotices(notify: NotificationsService['notify'] | null, log: FastifyBaseLogger): IncidentNotices {
  const send = async (request: Parameters<NotificationsService['notify']>[0]) => {
    log.info(
      { event: `catalog.${request.type}`, organisation: request.organisation, data: request.data },
      'notification event: data quality incident',
    );
    if (!notify) return;
    await notify(request).catch((error: unknown) =>
      log.error({ err: error, organisation: request.organisation, type: request.type }, 'could not send the incident notification'),
    );
  };
  return {
    async opened(organisation, incidents) {
      if (incidents.length === 0) return;
      if (incidents.length > SEPARATE_NOTICES_MAX) {
        await send({
          organisation,
          audience: { role: incidentEditorRoles },
          type: 'incident_opened',
          title: `${incidents.length} data quality incidents opened`,
          body: `The latest dbt run opened ${incidents.length} incidents, among them ${incidents
            .slice(0, 3)
            .map((incident) => incident.name)
            .join(', ')}.`,
          link: appPaths.catalogIncidents,
          data: { incidentIds: incidents.map((incident) => incident.id).slice(0, 50), count: incidents.length },
        });
        return;
      }
      for (const incident of incidents) {
        await send({
          organisation,
          audience: { role: incidentEditorRoles },
          type: 'incident_opened',
          title:
            incident.kind === 'freshness'
              ? `Source ${incident.name} is stale: incident opened`
              : `Test ${incident.name} failed: incident opened`,
          link: `${appPaths.catalogIncidents}?incident=${incident.id}`,
          data: { incidentId: incident.id, kind: incident.kind, assetId: incident.assetId },
        });
      }
    },
    async assigned(actor, incident, assignee) {
      await send({
        organisation: actor.organisation,
        audience: { userId: assignee.subject },
        type: 'incident_assigned',
        title: `${actor.username} assigned you the incident on ${incident.name}`,
        link: `${appPaths.catalogIncidents}?incident=${incident.id}`,
        data: { incidentId: incident.id, assignedBy: actor.username },
        // Assigning oneself needs no notice.
        exceptUserIds: [actor.subject],
      });
    },
  };
}
