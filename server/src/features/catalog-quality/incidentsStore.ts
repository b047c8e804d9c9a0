// The Incident Manager's store: the list (filtered and paged), one incident with its timeline,
// the moves people make and reopening (each checked against the incident's state under a row
// lock, written with its timeline entry and its audit entry in one transaction), severity, and
// the time to acknowledge and to resolve per domain. Incidents carry their asset's name, read
// from the catalog's read model.
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  canReopen,
  canTransition,
  incidentStates,
  reopenedState,
  resolutionProblem,
  type IncidentState,
} from '@common/catalog-quality/incidentRules';
import type { IncidentEvent, IncidentListQuery, IncidentRecord, IncidentTransitionBody } from '@common/catalog-quality/incidentsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import type { CatalogIncidentsTable } from './tables.js';
import { IncidentReopenError, IncidentTransitionError, QualityInputError, QualityNotFoundError } from './errors.js';
import { containsPattern } from './qualitySql.js';

type Db = Kysely<StoreSchema>;
type IncidentRow = Selectable<CatalogIncidentsTable>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The names of the incidents' assets (a source's with its source's name), by unique id. */
async function assetNames(db: Db, organisation: string, rows: readonly IncidentRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.asset_id).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const nodes = await db
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'name', 'source_name'])
    .where('organisation_id', '=', organisation)
    .where('unique_id', 'in', ids)
    .execute();
  return new Map(nodes.map((node) => [node.unique_id, node.source_name ? `${node.source_name}.${node.name}` : node.name]));
}

/** Rows as records with their assets' names. */
async function toIncidents(db: Db, organisation: string, rows: readonly IncidentRow[]): Promise<IncidentRecord[]> {
  const names = await assetNames(db, organisation, rows);
  return rows.map((row) => toIncident(row, row.asset_id ? (names.get(row.asset_id) ?? null) : null));
}

export function toIncident(row: IncidentRow, assetName: string | null = null): IncidentRecord {
  return {
    id: row.id,
    kind: row.kind,
    subjectId: row.subject_id,
    name: row.name,
    assetId: row.asset_id,
    assetName,
    domain: row.domain,
    state: row.state,
    severity: row.severity,
    assignee: row.assignee_subject ? { subject: row.assignee_subject, username: row.assignee_name ?? row.assignee_subject } : null,
    resolutionReason: row.resolution_reason as IncidentRecord['resolutionReason'],
    resolutionComment: row.resolution_comment,
    lastStatus: row.last_status,
    lastFailures: row.last_failures,
    lastMessage: row.last_message,
    failureCount: row.failure_count,
    openedAt: new Date(row.opened_at).toISOString(),
    lastFailedAt: new Date(row.last_failed_at).toISOString(),
    passingSince: iso(row.passing_since),
    acknowledgedAt: iso(row.acknowledged_at),
    assignedAt: iso(row.assigned_at),
    resolvedAt: iso(row.resolved_at),
  };
}

export async function listIncidents(db: Db, organisation: string, query: IncidentListQuery) {
  let list = db.selectFrom('catalog_incidents').where('organisation_id', '=', organisation);
  if (query.state?.length) list = list.where('state', 'in', query.state);
  else if (query.open !== 'false') list = list.where('state', '<>', 'resolved');
  if (query.severity?.length) list = list.where('severity', 'in', query.severity);
  if (query.assignee) list = list.where('assignee_subject', '=', query.assignee);
  if (query.q) {
    const pattern = containsPattern(query.q);
    list = list.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('asset_id', 'ilike', pattern), eb('domain', 'ilike', pattern)]));
  }
  const rows = await list
    .selectAll()
    .select(sql<number | string>`count(*) OVER ()`.as('total'))
    .orderBy('severity')
    .orderBy('last_failed_at', 'desc')
    .orderBy('id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const counted = await db
    .selectFrom('catalog_incidents')
    .select(['state', sql<number | string>`count(*)`.as('n')])
    .where('organisation_id', '=', organisation)
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(incidentStates.map((state) => [state, 0])) as Record<IncidentState, number>;
  for (const row of counted) counts[row.state] = Number(row.n);
  return {
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    incidents: await toIncidents(db, organisation, rows),
    counts,
  };
}

export async function incidentDetail(
  db: Db,
  organisation: string,
  id: string,
): Promise<{ incident: IncidentRecord; timeline: IncidentEvent[] }> {
  const row = await db
    .selectFrom('catalog_incidents')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new QualityNotFoundError('incident');
  const events = await db
    .selectFrom('catalog_incident_events')
    .select(['at', 'type', 'actor', 'details'])
    .where('incident_id', '=', id)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return {
    incident: (await toIncidents(db, organisation, [row]))[0] as IncidentRecord,
    timeline: events.map((event) => ({
      at: new Date(event.at).toISOString(),
      type: event.type,
      actor: event.actor,
      details: event.details,
    })),
  };
}

export interface Member {
  subject: string;
  username: string;
}

/**
 * Moves an incident. Input is checked before anything is written; the state is read under a
 * row lock, so two people moving one incident at once cannot both succeed from the same state.
 */
export async function transitionIncident(
  db: Db,
  actor: Actor,
  id: string,
  body: IncidentTransitionBody,
  members: () => Promise<Member[]>,
): Promise<{ incident: IncidentRecord; assigned: Member | null }> {
  let assignee: Member | null = null;
  if (body.to === 'assigned') {
    if (!body.assignee) throw new QualityInputError('assignee', 'assignee: name the member to assign the incident to.');
    assignee = (await members()).find((member) => member.subject === body.assignee) ?? null;
    if (!assignee) throw new QualityInputError('assignee', 'assignee: not a member of your organisation who may work on incidents.');
  } else if (body.assignee !== undefined) {
    throw new QualityInputError('assignee', `assignee: only an assignment names an assignee, not a move to ${body.to}.`);
  }
  if (body.to === 'resolved') {
    // No default reason and no empty comment: a stray click must not record a false "Fixed".
    const problem = resolutionProblem(body.reason, body.comment);
    if (problem) throw new QualityInputError(problem.field, `${problem.field}: ${problem.message}`);
  }
  if (body.to !== 'resolved' && (body.reason !== undefined || body.comment !== undefined))
    throw new QualityInputError(
      body.reason !== undefined ? 'reason' : 'comment',
      `A reason and a comment belong to a resolution, not a move to ${body.to}.`,
    );

  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('catalog_incidents')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new QualityNotFoundError('incident');
    if (!canTransition(current.state, body.to)) throw new IncidentTransitionError(current.state, body.to);
    const now = new Date();
    const changes =
      body.to === 'acknowledged'
        ? { state: 'acknowledged' as const, acknowledged_at: now }
        : body.to === 'assigned'
          ? {
              state: 'assigned' as const,
              assignee_subject: assignee?.subject ?? null,
              assignee_name: assignee?.username ?? null,
              assigned_at: now,
              acknowledged_at: current.acknowledged_at ?? now,
            }
          : {
              state: 'resolved' as const,
              resolution_reason: body.reason ?? 'other',
              resolution_comment: body.comment ?? null,
              resolved_at: now,
              resolved_by: actor.username,
              acknowledged_at: current.acknowledged_at ?? now,
            };
    const updated = await tx
      .updateTable('catalog_incidents')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const details =
      body.to === 'assigned'
        ? { from: current.state, assignee: assignee?.username }
        : body.to === 'resolved'
          ? { from: current.state, reason: body.reason, comment: body.comment || null }
          : { from: current.state };
    await tx
      .insertInto('catalog_incident_events')
      .values({ incident_id: id, at: now, type: body.to, actor: actor.username, details: JSON.stringify(details) })
      .execute();
    await writeAudit(tx, actor, { action: `catalog.incident.${body.to}`, target: id, details: { name: current.name, ...details } });
    return { incident: (await toIncidents(tx, actor.organisation, [updated]))[0] as IncidentRecord, assigned: assignee };
  });
}

/**
 * Reopens a resolved incident: back to its assignee (else acknowledged), its resolution cleared
 * (the timeline keeps it). Refused while a newer incident on the same test is open: that one is
 * where its failures now count.
 */
export async function reopenIncident(db: Db, actor: Actor, id: string, comment: string | undefined): Promise<IncidentRecord> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('catalog_incidents')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new QualityNotFoundError('incident');
    if (!canReopen(current.state))
      throw new IncidentReopenError(`An incident that is ${current.state} is open already; only a resolved one is reopened.`);
    const newer = await tx
      .selectFrom('catalog_incidents')
      .select('id')
      .where('organisation_id', '=', actor.organisation)
      .where('subject_id', '=', current.subject_id)
      .where('state', '<>', 'resolved')
      .executeTakeFirst();
    if (newer)
      throw new IncidentReopenError(
        `A newer incident on ${current.name} is open (${newer.id}): its failures count there, so follow that one.`,
      );
    const now = new Date();
    const state = reopenedState(current.assignee_subject !== null);
    const updated = await tx
      .updateTable('catalog_incidents')
      .set({
        state,
        resolution_reason: null,
        resolution_comment: null,
        resolved_at: null,
        resolved_by: null,
        acknowledged_at: current.acknowledged_at ?? now,
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const details = { from: 'resolved', to: state, comment: comment || null };
    await tx
      .insertInto('catalog_incident_events')
      .values({ incident_id: id, at: now, type: 'reopened', actor: actor.username, details: JSON.stringify(details) })
      .execute();
    await writeAudit(tx, actor, { action: 'catalog.incident.reopened', target: id, details: { name: current.name, ...details } });
    return (await toIncidents(tx, actor.organisation, [updated]))[0] as IncidentRecord;
  });
}

export async function setIncidentSeverity(db: Db, actor: Actor, id: string, severity: number): Promise<IncidentRecord> {
  return db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('catalog_incidents')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new QualityNotFoundError('incident');
    if (current.state === 'resolved') throw new IncidentTransitionError('resolved', `severity ${severity}`);
    if (current.severity === severity) return (await toIncidents(tx, actor.organisation, [current]))[0] as IncidentRecord;
    const updated = await tx
      .updateTable('catalog_incidents')
      .set({ severity, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const details = { from: current.severity, to: severity };
    await tx
      .insertInto('catalog_incident_events')
      .values({ incident_id: id, type: 'severity', actor: actor.username, details: JSON.stringify(details) })
      .execute();
    await writeAudit(tx, actor, { action: 'catalog.incident.severity', target: id, details: { name: current.name, ...details } });
    return (await toIncidents(tx, actor.organisation, [updated]))[0] as IncidentRecord;
  });
}

/** Per domain: incidents, open ones, and the median time to acknowledge and to resolve (one statement). */
export async function incidentMetrics(db: Db, organisation: string) {
  const { rows } = await sql<{
    domain: string | null;
    incidents: number | string;
    open: number | string;
    ack: number | null;
    resolve: number | null;
  }>`
    SELECT domain, count(*) AS incidents, count(*) FILTER (WHERE state <> 'resolved') AS open,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM acknowledged_at - opened_at)) FILTER (WHERE acknowledged_at IS NOT NULL) AS ack,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM resolved_at - opened_at)) FILTER (WHERE resolved_at IS NOT NULL) AS resolve
    FROM catalog_incidents WHERE organisation_id = ${organisation}
    GROUP BY domain ORDER BY count(*) DESC, domain`.execute(db);
  return {
    domains: rows.map((row) => ({
      domain: row.domain,
      incidents: Number(row.incidents),
      open: Number(row.open),
      medianAcknowledgeSeconds: row.ack === null ? null : Math.max(0, Math.round(Number(row.ack))),
      medianResolveSeconds: row.resolve === null ? null : Math.max(0, Math.round(Number(row.resolve))),
    })),
  };
}
