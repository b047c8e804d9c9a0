// Writing terms: create, change, delete, link to assets and columns. Each write checks its input
// against the store first (parent in the same glossary, related terms of the organisation, no
// hierarchy cycle, the asset and column exist) and writes the term, its relations and its audit
// entry in one transaction, so a refusal leaves nothing half-written.
import { sql, type Transaction } from 'kysely';
import type { TermCreateBody, TermRecord, TermUpdateBody } from '@common/catalog-governance/glossaryContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import { nameOfTyped, unknownAssetMessage } from '@common/dbt/unknownAsset';
import {
  GovernanceConflictError,
  GovernanceInputError,
  GovernanceNotFoundError,
  GovernanceUnknownAssetError,
  isUniqueViolation,
} from './errors.js';
import { termDetail } from './glossaryStore.js';

type Tx = Transaction<StoreSchema>;

/**
 * The hierarchy must stay a tree: `parentId` may not be the term itself or one of its
 * descendants. Answers the path of the cycle it would make (names), or null.
 */
export async function hierarchyCycle(tx: Tx | StoreDb, termId: string, parentId: string): Promise<string[] | null> {
  if (termId === parentId) return [];
  // The new parent's ancestors, nearest first; the term among them means a cycle.
  const { rows } = await sql<{ id: string; name: string; depth: number }>`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM glossary_terms WHERE id = ${parentId}
      UNION ALL
      SELECT t.id, t.name, t.parent_id, up.depth + 1 FROM glossary_terms t JOIN up ON t.id = up.parent_id WHERE up.depth < 1000
    ) SELECT id, name, depth FROM up ORDER BY depth`.execute(tx);
  const at = rows.findIndex((row) => row.id === termId);
  return at === -1
    ? null
    : rows
        .slice(0, at + 1)
        .map((row) => row.name)
        .reverse();
}

async function checkParent(
  tx: Tx,
  actor: Actor,
  glossaryId: string,
  termId: string | null,
  termName: string,
  parentId: string | null,
): Promise<void> {
  if (!parentId) return;
  const parent = await tx
    .selectFrom('glossary_terms')
    .select(['glossary_id', 'name'])
    .where('organisation_id', '=', actor.organisation)
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw new GovernanceInputError('parentId', 'parentId: no term with that id in your organisation.');
  if (parent.glossary_id !== glossaryId)
    throw new GovernanceInputError(
      'parentId',
      `parentId: ${parent.name} belongs to another glossary; a parent must be in the term's own glossary.`,
    );
  if (!termId) return;
  const cycle = await hierarchyCycle(tx, termId, parentId);
  if (cycle) {
    const path = cycle.length === 0 ? `${termName} → ${termName}` : [termName, ...cycle.slice(1)].join(' → ') + ` → ${termName}`;
    throw new GovernanceConflictError(
      'parentId',
      `parentId: making ${parent.name} the parent of ${termName} would make a cycle in the hierarchy (${path}).`,
    );
  }
}

async function setRelated(tx: Tx, actor: Actor, termId: string, relatedIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(relatedIds)];
  if (wanted.includes(termId)) throw new GovernanceInputError('relatedIds', 'relatedIds: a term cannot be related to itself.');
  if (wanted.length > 0) {
    const found = await tx
      .selectFrom('glossary_terms')
      .select('id')
      .where('organisation_id', '=', actor.organisation)
      .where('id', 'in', wanted)
      .execute();
    const missing = wanted.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw new GovernanceInputError('relatedIds', `relatedIds: no term ${missing[0]} in your organisation.`);
  }
  await tx
    .deleteFrom('glossary_term_relations')
    .where((eb) => eb.or([eb('term_a', '=', termId), eb('term_b', '=', termId)]))
    .execute();
  if (wanted.length > 0) {
    await tx
      .insertInto('glossary_term_relations')
      .values(wanted.map((other) => (other < termId ? { term_a: other, term_b: termId } : { term_a: termId, term_b: other })))
      .execute();
  }
}

function nameTaken(name: string): GovernanceConflictError {
  return new GovernanceConflictError('name', `name: this glossary already has a term named "${name}".`);
}

export async function createTerm(db: StoreDb, actor: Actor, glossaryId: string, body: TermCreateBody): Promise<TermRecord> {
  try {
    const id = await db.transaction().execute(async (tx) => {
      const glossary = await tx
        .selectFrom('glossaries')
        .select('id')
        .where('organisation_id', '=', actor.organisation)
        .where('id', '=', glossaryId)
        .executeTakeFirst();
      if (!glossary) throw new GovernanceNotFoundError('glossary');
      await checkParent(tx, actor, glossaryId, null, body.name, body.parentId ?? null);
      const row = await tx
        .insertInto('glossary_terms')
        .values({
          organisation_id: actor.organisation,
          glossary_id: glossaryId,
          parent_id: body.parentId ?? null,
          name: body.name,
          definition: body.definition,
          synonyms: JSON.stringify(body.synonyms ?? []),
          owners: JSON.stringify(body.owners ?? []),
          reviewers: JSON.stringify(body.reviewers ?? []),
          created_by: actor.username,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setRelated(tx, actor, row.id, body.relatedIds ?? []);
      await tx
        .insertInto('glossary_term_events')
        .values({ term_id: row.id, actor: actor.username, from_status: null, to_status: 'draft', comment: null })
        .execute();
      await writeAudit(tx, actor, { action: 'catalog.glossary.term.create', target: row.id, details: { name: body.name, glossaryId } });
      return row.id;
    });
    return (await termDetail(db, actor.organisation, id)).term;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(body.name);
    throw error;
  }
}

export async function updateTerm(db: StoreDb, actor: Actor, termId: string, body: TermUpdateBody): Promise<TermRecord> {
  let name = body.name ?? '';
  try {
    await db.transaction().execute(async (tx) => {
      const current = await tx
        .selectFrom('glossary_terms')
        .selectAll()
        .where('organisation_id', '=', actor.organisation)
        .where('id', '=', termId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new GovernanceNotFoundError('term');
      name = body.name ?? current.name;
      if (body.parentId !== undefined) await checkParent(tx, actor, current.glossary_id, termId, name, body.parentId);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.definition !== undefined ? { definition: body.definition } : {}),
        ...(body.synonyms !== undefined ? { synonyms: JSON.stringify(body.synonyms) } : {}),
        ...(body.owners !== undefined ? { owners: JSON.stringify(body.owners) } : {}),
        ...(body.reviewers !== undefined ? { reviewers: JSON.stringify(body.reviewers) } : {}),
        ...(body.parentId !== undefined ? { parent_id: body.parentId } : {}),
      };
      await tx
        .updateTable('glossary_terms')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', termId)
        .execute();
      if (body.relatedIds !== undefined) await setRelated(tx, actor, termId, body.relatedIds);
      await writeAudit(tx, actor, { action: 'catalog.glossary.term.update', target: termId, details: { name, fields: Object.keys(body) } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return (await termDetail(db, actor.organisation, termId)).term;
}

export async function deleteTerm(db: StoreDb, actor: Actor, termId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('glossary_terms')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', termId)
      .returning(['name'])
      .executeTakeFirst();
    if (!deleted) throw new GovernanceNotFoundError('term');
    await writeAudit(tx, actor, { action: 'catalog.glossary.term.delete', target: termId, details: { name: deleted.name } });
  });
}

/** The asset (and column) must be the organisation's: answers 404 for an asset, 400 for a column it lacks. */
export async function checkTarget(db: Tx | StoreDb, organisation: string, nodeId: string, columnName: string | null): Promise<void> {
  const node = await db
    .selectFrom('catalog_read_nodes')
    .select('name')
    .where('organisation_id', '=', organisation)
    .where('unique_id', '=', nodeId)
    .executeTakeFirst();
  if (!node) {
    // What was sent may be an asset's name: the refusal then says which asset it is.
    const named = await db
      .selectFrom('catalog_read_nodes')
      .select('unique_id')
      .where('organisation_id', '=', organisation)
      .where('name', '=', nameOfTyped(nodeId))
      .limit(2)
      .execute();
    const known = named.length === 1 ? (named[0]?.unique_id ?? null) : null;
    throw new GovernanceUnknownAssetError(unknownAssetMessage(nodeId, known === nodeId ? null : known));
  }
  if (columnName === null) return;
  const column = await db
    .selectFrom('catalog_read_columns')
    .select('name')
    .where('organisation_id', '=', organisation)
    .where('node_id', '=', nodeId)
    .where('name', '=', columnName)
    .executeTakeFirst();
  if (!column) throw new GovernanceInputError('columnName', `columnName: ${node.name} has no column ${columnName}.`);
}

export async function linkTerm(db: StoreDb, actor: Actor, termId: string, nodeId: string, columnName: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const term = await tx
      .selectFrom('glossary_terms')
      .select(['name'])
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', termId)
      .executeTakeFirst();
    if (!term) throw new GovernanceNotFoundError('term');
    await checkTarget(tx, actor.organisation, nodeId, columnName);
    const inserted = await tx
      .insertInto('glossary_term_links')
      .values({
        term_id: termId,
        organisation_id: actor.organisation,
        node_id: nodeId,
        column_name: columnName ?? '',
        linked_by: actor.username,
      })
      .onConflict((oc) => oc.columns(['term_id', 'node_id', 'column_name']).doNothing())
      .returning('term_id')
      .executeTakeFirst();
    if (inserted)
      await writeAudit(tx, actor, {
        action: 'catalog.glossary.term.link',
        target: termId,
        details: { name: term.name, nodeId, columnName },
      });
  });
}

export async function unlinkTerm(db: StoreDb, actor: Actor, termId: string, nodeId: string, columnName: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const term = await tx
      .selectFrom('glossary_terms')
      .select(['name'])
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', termId)
      .executeTakeFirst();
    if (!term) throw new GovernanceNotFoundError('term');
    const deleted = await tx
      .deleteFrom('glossary_term_links')
      .where('term_id', '=', termId)
      .where('node_id', '=', nodeId)
      .where('column_name', '=', columnName ?? '')
      .returning('term_id')
      .executeTakeFirst();
    if (!deleted) throw new GovernanceNotFoundError('link');
    await writeAudit(tx, actor, {
      action: 'catalog.glossary.term.unlink',
      target: termId,
      details: { name: term.name, nodeId, columnName },
    });
  });
}
