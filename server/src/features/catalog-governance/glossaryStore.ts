// The glossary's reads and the glossaries themselves: the list with each glossary's term counts
// per status (one statement), a glossary's terms with their related terms and link counts (one
// statement), one term with its links, children and review history.
import { sql, type Selectable } from 'kysely';
import { termStatuses, type TermStatus } from '@common/catalog-governance/glossaryRules';
import type { GlossaryBody, GlossaryRecord, TermDetailResponse, TermRecord } from '@common/catalog-governance/glossaryContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { GlossaryTermsTable } from './tables.js';
import { GovernanceConflictError, GovernanceNotFoundError, isUniqueViolation } from './errors.js';

type TermRow = Selectable<GlossaryTermsTable>;
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const asJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

export function toTerm(row: TermRow, related: { id: string; name: string }[], links: number): TermRecord {
  return {
    id: row.id,
    glossaryId: row.glossary_id,
    name: row.name,
    definition: row.definition,
    synonyms: asList(row.synonyms),
    owners: asList(row.owners),
    reviewers: asList(row.reviewers),
    status: row.status,
    parentId: row.parent_id,
    related,
    links,
    createdBy: row.created_by,
    submittedBy: row.submitted_by,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The related terms of `t.id` as a JSON list, in SQL (pairs are stored once, either way round). */
const relatedOf = sql<unknown>`COALESCE((
  SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY lower(r.name))
  FROM glossary_term_relations gr
  JOIN glossary_terms r ON r.id = CASE WHEN gr.term_a = t.id THEN gr.term_b ELSE gr.term_a END
  WHERE gr.term_a = t.id OR gr.term_b = t.id), '[]'::json)`;

function emptyCounts(): Record<TermStatus, number> {
  return Object.fromEntries(termStatuses.map((status) => [status, 0])) as Record<TermStatus, number>;
}

export async function listGlossaries(db: StoreDb, organisation: string): Promise<GlossaryRecord[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
    description: string;
    created_by: string | null;
    created_at: Date | string;
    counts: unknown;
  }>`
    SELECT g.id, g.name, g.description, g.created_by, g.created_at,
      COALESCE((SELECT json_object_agg(status, n) FROM (SELECT status, count(*) AS n FROM glossary_terms t WHERE t.glossary_id = g.id GROUP BY status) c), '{}'::json) AS counts
    FROM glossaries g WHERE g.organisation_id = ${organisation}
    ORDER BY lower(g.name)`.execute(db);
  return rows.map((row) => {
    const counts = emptyCounts();
    for (const [status, n] of Object.entries(asJson<Record<string, number | string>>(row.counts)))
      if (status in counts) counts[status as TermStatus] = Number(n);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      createdBy: row.created_by,
      createdAt: new Date(row.created_at).toISOString(),
      terms: Object.values(counts).reduce((a, b) => a + b, 0),
      counts,
    };
  });
}

export async function glossaryOf(db: StoreDb, organisation: string, glossaryId: string): Promise<GlossaryRecord> {
  const found = (await listGlossaries(db, organisation)).find((glossary) => glossary.id === glossaryId);
  if (!found) throw new GovernanceNotFoundError('glossary');
  return found;
}

export async function createGlossary(db: StoreDb, actor: Actor, body: Required<GlossaryBody>): Promise<GlossaryRecord> {
  try {
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('glossaries')
        .values({ organisation_id: actor.organisation, name: body.name, description: body.description, created_by: actor.username })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, { action: 'catalog.glossary.create', target: row.id, details: { name: body.name } });
      return row.id;
    });
    return glossaryOf(db, actor.organisation, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new GovernanceConflictError('name', `name: a glossary named "${body.name}" already exists.`);
    throw error;
  }
}

export async function updateGlossary(db: StoreDb, actor: Actor, glossaryId: string, body: Required<GlossaryBody>): Promise<GlossaryRecord> {
  try {
    await db.transaction().execute(async (tx) => {
      const updated = await tx
        .updateTable('glossaries')
        .set({ name: body.name, description: body.description })
        .where('organisation_id', '=', actor.organisation)
        .where('id', '=', glossaryId)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new GovernanceNotFoundError('glossary');
      await writeAudit(tx, actor, { action: 'catalog.glossary.update', target: glossaryId, details: { name: body.name } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new GovernanceConflictError('name', `name: a glossary named "${body.name}" already exists.`);
    throw error;
  }
  return glossaryOf(db, actor.organisation, glossaryId);
}

export async function deleteGlossary(db: StoreDb, actor: Actor, glossaryId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('glossaries')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', glossaryId)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw new GovernanceNotFoundError('glossary');
    await writeAudit(tx, actor, { action: 'catalog.glossary.delete', target: glossaryId, details: { name: deleted.name } });
  });
}

export async function listTerms(
  db: StoreDb,
  organisation: string,
  glossaryId: string,
  query: { status?: TermStatus[]; q?: string },
): Promise<TermRecord[]> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const statuses = query.status?.length ? query.status : null;
  // One statement: the terms, then their related terms and link counts aggregated once each.
  const { rows } = await sql<TermRow & { related: unknown; links: number | string | null }>`
    WITH t AS (
      SELECT * FROM glossary_terms
      WHERE organisation_id = ${organisation} AND glossary_id = ${glossaryId}
        ${statuses ? sql`AND status IN (${sql.join(statuses)})` : sql``}
        ${pattern ? sql`AND (name ILIKE ${pattern} OR definition ILIKE ${pattern} OR synonyms::text ILIKE ${pattern})` : sql``}
    ),
    pairs AS (
      SELECT term_a AS term_id, term_b AS other FROM glossary_term_relations WHERE term_a IN (SELECT id FROM t)
      UNION ALL
      SELECT term_b, term_a FROM glossary_term_relations WHERE term_b IN (SELECT id FROM t)
    ),
    rel AS (
      SELECT p.term_id, json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY lower(r.name)) AS related
      FROM pairs p JOIN glossary_terms r ON r.id = p.other GROUP BY p.term_id
    ),
    lk AS (SELECT term_id, count(*) AS n FROM glossary_term_links WHERE term_id IN (SELECT id FROM t) GROUP BY term_id)
    SELECT t.*, COALESCE(rel.related, '[]'::json) AS related, lk.n AS links
    FROM t LEFT JOIN rel ON rel.term_id = t.id LEFT JOIN lk ON lk.term_id = t.id
    ORDER BY lower(t.name)`.execute(db);
  return rows.map((row) => toTerm(row, asJson(row.related), Number(row.links ?? 0)));
}

export async function termRowOf(db: StoreDb, organisation: string, termId: string): Promise<TermRow> {
  const row = await db
    .selectFrom('glossary_terms')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', termId)
    .executeTakeFirst();
  if (!row) throw new GovernanceNotFoundError('term');
  return row;
}

export async function termDetail(db: StoreDb, organisation: string, termId: string): Promise<TermDetailResponse> {
  const { rows } = await sql<
    TermRow & { related: unknown }
  >`SELECT t.*, ${relatedOf} AS related FROM glossary_terms t WHERE t.organisation_id = ${organisation} AND t.id = ${termId}`.execute(db);
  const row = rows[0];
  if (!row) throw new GovernanceNotFoundError('term');
  const links = await db
    .selectFrom('glossary_term_links as l')
    .leftJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 'l.organisation_id').onRef('n.unique_id', '=', 'l.node_id'),
    )
    .select(['l.node_id', 'l.column_name', 'n.name', 'n.resource_type'])
    .where('l.term_id', '=', termId)
    .orderBy('l.node_id')
    .orderBy('l.column_name')
    .execute();
  const children = await db.selectFrom('glossary_terms').select(['id', 'name']).where('parent_id', '=', termId).orderBy('name').execute();
  const events = await db
    .selectFrom('glossary_term_events')
    .select(['at', 'actor', 'from_status', 'to_status', 'comment'])
    .where('term_id', '=', termId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return {
    term: toTerm(row, asJson(row.related), links.length),
    // A link to a node the latest ingestion no longer has keeps its id; its name says it is gone.
    links: links.map((link) => ({
      nodeId: link.node_id,
      columnName: link.column_name || null,
      name: link.name ?? link.node_id.split('.').pop() ?? link.node_id,
      resourceType: link.resource_type ?? 'missing',
    })),
    history: events.map((event) => ({
      at: new Date(event.at).toISOString(),
      actor: event.actor,
      from: event.from_status,
      to: event.to_status,
      comment: event.comment,
    })),
    children,
  };
}
