// Incident Manager (GET/POST/PATCH /api/catalog/incidents/…): incidents opened by failing tests
// and source freshness errors at ingestion, their timeline, the moves people make and the
// time-to-acknowledge and time-to-resolve per domain.
import { z } from 'zod';
import {
  incidentStates,
  incidentTransitions,
  RESOLUTION_COMMENT_MAX,
  resolutionReasons,
  SEVERITY_MAX,
  SEVERITY_MIN,
} from './incidentRules';

const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]), z.array(item).max(10)).optional();
const severity = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(SEVERITY_MIN, `must be between ${SEVERITY_MIN} and ${SEVERITY_MAX}`)
  .max(SEVERITY_MAX, `must be between ${SEVERITY_MIN} and ${SEVERITY_MAX}`);

export const incidentListQuery = z.strictObject({
  state: list(z.enum(incidentStates, { error: `must be one of ${incidentStates.join(', ')}` })),
  severity: list(severity),
  /** `open`: every state but resolved (the default list). */
  open: z.enum(['true', 'false']).optional(),
  assignee: z.string().trim().min(1).max(255).optional(),
  q: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
  page: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(25),
});
export type IncidentListQuery = z.output<typeof incidentListQuery>;

export const incidentRecord = z.object({
  id: z.string(),
  kind: z.enum(['test', 'freshness']),
  subjectId: z.string(),
  name: z.string(),
  assetId: z.string().nullable(),
  /** The asset's name as pages show it (a source with its source's name); null when the project no longer has it. */
  assetName: z.string().nullable(),
  domain: z.string().nullable(),
  state: z.enum(incidentStates),
  severity: z.number(),
  assignee: z.object({ subject: z.string(), username: z.string() }).nullable(),
  resolutionReason: z.enum(resolutionReasons).nullable(),
  resolutionComment: z.string().nullable(),
  lastStatus: z.string(),
  lastFailures: z.number().nullable(),
  lastMessage: z.string().nullable(),
  /** Failing runs counted on this incident (1 when opened). */
  failureCount: z.number(),
  openedAt: z.string(),
  lastFailedAt: z.string(),
  /** Set while open when the test passed in a run after its last failure. */
  passingSince: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type IncidentRecord = z.infer<typeof incidentRecord>;

export const incidentListResponse = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  incidents: z.array(incidentRecord),
  counts: z.record(z.enum(incidentStates), z.number()),
});
export type IncidentListResponse = z.infer<typeof incidentListResponse>;

export const incidentEvent = z.object({
  at: z.string(),
  type: z.string(),
  actor: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type IncidentEvent = z.infer<typeof incidentEvent>;

export const incidentIdParams = z.strictObject({ id: z.uuid({ error: 'must be an incident id' }) });
export const incidentDetailResponse = z.object({ incident: incidentRecord, timeline: z.array(incidentEvent) });
export type IncidentDetailResponse = z.infer<typeof incidentDetailResponse>;

export const incidentTransitionBody = z.strictObject({
  to: z.enum(incidentTransitions, { error: `must be one of ${incidentTransitions.join(', ')}` }),
  /** For `assigned`: the member's subject (token `sub`). */
  assignee: z.string().trim().min(1).max(255).optional(),
  /** For `resolved`. */
  reason: z.enum(resolutionReasons, { error: `must be one of ${resolutionReasons.join(', ')}` }).optional(),
  comment: z.string().trim().max(RESOLUTION_COMMENT_MAX, `must be at most ${RESOLUTION_COMMENT_MAX} characters`).optional(),
});
export type IncidentTransitionBody = z.infer<typeof incidentTransitionBody>;

/** Reopening a resolved incident; the comment (why) goes on its timeline. */
export const incidentReopenBody = z.strictObject({
  comment: z.string().trim().max(RESOLUTION_COMMENT_MAX, `must be at most ${RESOLUTION_COMMENT_MAX} characters`).optional(),
});
export type IncidentReopenBody = z.infer<typeof incidentReopenBody>;

export const incidentUpdateBody = z.strictObject({ severity });
export type IncidentUpdateBody = z.infer<typeof incidentUpdateBody>;

export const incidentMembersResponse = z.object({ members: z.array(z.object({ subject: z.string(), username: z.string() })) });
export type IncidentMembersResponse = z.infer<typeof incidentMembersResponse>;

export const incidentDomainMetrics = z.object({
  domain: z.string().nullable(),
  incidents: z.number(),
  open: z.number(),
  /** Medians in seconds, over the incidents that were acknowledged / resolved; null when none. */
  medianAcknowledgeSeconds: z.number().nullable(),
  medianResolveSeconds: z.number().nullable(),
});
export const incidentMetricsResponse = z.object({ domains: z.array(incidentDomainMetrics) });
export type IncidentMetricsResponse = z.infer<typeof incidentMetricsResponse>;
