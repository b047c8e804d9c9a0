// The integrations area's sources in the portal store, each with how many connections use it.
// Every read and write names the organisation; another organisation's source is "not found".
// A source's secrets are stored sealed, bound to its id (see insertSource).
import type { StoreDb } from '../../platform/store/openStore.js';

export function sourcesOf(db: StoreDb, organisation: string) {
  return db
    .selectFrom('integration_sources as s')
    .leftJoin('integration_connections as c', 'c.source_id', 's.id')
    .select(['s.id', 's.name', 's.definition_id', 's.config', 's.secrets_sealed', 's.created_at', 's.updated_at'])
    .select((eb) => eb.fn.count<number>('c.id').as('connection_count'))
    .where('s.organisation_id', '=', organisation)
    .groupBy('s.id')
    .orderBy('s.name')
    .execute();
}

export function sourceById(db: StoreDb, organisation: string, id: string) {
  return db
    .selectFrom('integration_sources')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertSource(
  db: StoreDb,
  row: {
    organisation: string;
    name: string;
    definitionId: string;
    config: Record<string, unknown>;
    sealed: (id: string) => string | null;
    createdBy: string;
  },
) {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx
      .insertInto('integration_sources')
      .values({
        organisation_id: row.organisation,
        name: row.name,
        definition_id: row.definitionId,
        config: JSON.stringify(row.config),
        secrets_sealed: null,
        created_by: row.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The secrets are sealed for this source's id (bound in), so the id must exist first.
    await tx
      .updateTable('integration_sources')
      .set({ secrets_sealed: row.sealed(id) })
      .where('id', '=', id)
      .execute();
    return id;
  });
}

export function updateSource(
  db: StoreDb,
  organisation: string,
  id: string,
  change: { name?: string; config?: Record<string, unknown>; secretsSealed?: string | null },
) {
  return db
    .updateTable('integration_sources')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.config !== undefined ? { config: JSON.stringify(change.config) } : {}),
      ...(change.secretsSealed !== undefined ? { secrets_sealed: change.secretsSealed } : {}),
      updated_at: new Date(),
    })
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteSource(db: StoreDb, organisation: string, id: string) {
  return db.deleteFrom('integration_sources').where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst();
}
