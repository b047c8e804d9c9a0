// The signal an incident's move raises (`incident_state_change`), with the incident's own
// severity and the asset it is about, for the alert rules.
import { incidentStateLabels } from '@common/catalog-quality/incidentRules';
import type { IncidentRecord } from '@common/catalog-quality/incidentsContract';
import { appPaths } from '@common/paths';
import type { SignalInput, SignalSeverity } from '@common/signals/signalTypes';
import type { Actor } from '../../platform/store/audit.js';

export function incidentSignal(actor: Actor, incident: IncidentRecord): SignalInput {
  const state = incidentStateLabels[incident.state].toLowerCase();
  const to = incident.state === 'assigned' && incident.assignee ? ` to ${incident.assignee.username}` : '';
  return {
    organisation: actor.organisation,
    kind: 'incident_state_change',
    title: `Incident on ${incident.name} ${state}${to}`,
    body: `${actor.username} moved the incident on ${incident.name} to ${state}${to}.${incident.resolutionComment ? ` ${incident.resolutionComment.slice(0, 500)}` : ''}`,
    link: `${appPaths.catalogIncidents}?incident=${incident.id}`,
    severity: Math.min(5, Math.max(1, Math.round(incident.severity))) as SignalSeverity,
    assetId: incident.assetId,
    facts: { incidentId: incident.id, state: incident.state, by: actor.username },
  };
}
