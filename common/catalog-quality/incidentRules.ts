// Incident Manager rules both sides apply: the states an incident moves through, which moves are
// allowed, the reasons a resolution may give, and who may change incidents.
import { hasAnyRole } from '../access/editions';

export const incidentStates = ['new', 'acknowledged', 'assigned', 'resolved'] as const;
export type IncidentState = (typeof incidentStates)[number];

/** The moves a person makes (an incident is opened by an ingestion, never by hand). */
export const incidentTransitions = ['acknowledged', 'assigned', 'resolved'] as const;
export type IncidentTransition = (typeof incidentTransitions)[number];

export const resolutionReasons = ['fixed', 'false_positive', 'missing_data', 'duplicates', 'out_of_bounds', 'other'] as const;
export type ResolutionReason = (typeof resolutionReasons)[number];

export const resolutionReasonLabels: Record<ResolutionReason, string> = {
  fixed: 'Fixed',
  false_positive: 'False positive',
  missing_data: 'Missing data',
  duplicates: 'Duplicates',
  out_of_bounds: 'Out of bounds',
  other: 'Other',
};

export const incidentStateLabels: Record<IncidentState, string> = {
  new: 'New',
  acknowledged: 'Acknowledged',
  assigned: 'Assigned',
  resolved: 'Resolved',
};

/**
 * From each state, where a person may move an incident. Assigned → assigned hands it to someone
 * else. A resolved incident takes no move but reopening (canReopen); until then the next
 * failure of its test opens a new one.
 */
const allowed: Record<IncidentState, readonly IncidentTransition[]> = {
  new: ['acknowledged', 'assigned', 'resolved'],
  acknowledged: ['assigned', 'resolved'],
  assigned: ['assigned', 'resolved'],
  resolved: [],
};

export function allowedTransitions(from: IncidentState): readonly IncidentTransition[] {
  return allowed[from];
}

export function canTransition(from: IncidentState, to: IncidentTransition): boolean {
  return allowed[from].includes(to);
}

/** Only a resolved incident is reopened; one still open needs no reopening. */
export function canReopen(from: IncidentState): boolean {
  return from === 'resolved';
}

/** Where a reopened incident goes: back to its assignee, else acknowledged (the person reopening it has seen it). */
export function reopenedState(hasAssignee: boolean): IncidentState {
  return hasAssignee ? 'assigned' : 'acknowledged';
}

export const SEVERITY_MIN = 1;
export const SEVERITY_MAX = 5;
/** Severity of a newly opened incident (1 is the most severe, as in OpenMetadata's Severity1–5). */
export const DEFAULT_SEVERITY = 3;
export const RESOLUTION_COMMENT_MAX = 2000;

/** Why a resolution is refused before it is sent (no reason chosen, no comment written); null when it may be sent. */
export function resolutionProblem(
  reason: string | null | undefined,
  comment: string | null | undefined,
): { field: 'reason' | 'comment'; message: string } | null {
  if (!reason) return { field: 'reason', message: 'Choose why the incident is resolved.' };
  if (!comment?.trim())
    return { field: 'comment', message: 'Write a comment: what was done or found, for whoever reads the incident later.' };
  return null;
}

/**
 * Who may change incidents (acknowledge, assign, resolve, reopen, set severity): everyone who may open
 * the Incident Manager except its view-only audience, the business users
 * (Client-dataworks-business-users) and support staff who only look on (`assured`).
 */
export const incidentEditorRoles: readonly string[] = [
  'admin',
  'Client-Admin',
  'client-admin',
  'Client-Dataworks-docs',
  'Integration_Engineer',
];

export function mayChangeIncidents(roles: readonly string[]): boolean {
  return hasAnyRole(roles, incidentEditorRoles);
}
