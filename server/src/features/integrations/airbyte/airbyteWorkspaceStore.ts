// Which Airbyte workspace (and destination) holds an organisation's connections on the scale-out
// engine. One workspace per organisation keeps every organisation's objects apart on a shared
// Airbyte instance, the way the portal keeps them apart in its own store.
import type { StoreDb } from '../../../platform/store/openStore.js';

export function workspaceOf(db: StoreDb, organisation: string) {
  return db
    .selectFrom('integration_airbyte_workspaces')
    .select(['workspace_id', 'destination_id'])
    .where('organisation_id', '=', organisation)
    .executeTakeFirst();
}

/** Keeps the first workspace recorded for the organisation; answers the one that is kept. */
export async function recordWorkspace(db: StoreDb, organisation: string, workspaceId: string): Promise<string> {
  await db
    .insertInto('integration_airbyte_workspaces')
    .values({ organisation_id: organisation, workspace_id: workspaceId })
    .onConflict((conflict) => conflict.column('organisation_id').doNothing())
    .execute();
  const kept = await workspaceOf(db, organisation);
  return kept?.workspace_id ?? workspaceId;
}

export function recordDestination(db: StoreDb, organisation: string, destinationId: string | null) {
  return db
    .updateTable('integration_airbyte_workspaces')
    .set({ destination_id: destinationId })
    .where('organisation_id', '=', organisation)
    .execute();
}
