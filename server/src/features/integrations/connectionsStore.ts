// The integrations area's connections in the portal store, read with their source's name and
// definition. Every read and write names the organisation.
import type { StoreDb } from '../../platform/store/openStore.js';

export type ConnectionRow = NonNullable<Awaited<ReturnType<typeof connectionById>>>;

function connections(db: StoreDb) {
  return db
    .selectFrom('integration_connections as c')
    .innerJoin('integration_sources as s', 's.id', 'c.source_id')
    .select([
      'c.id',
      'c.organisation_id',
      'c.name',
      'c.source_id',
      's.name as source_name',
      's.definition_id',
      'c.destination_schema',
      'c.status',
      'c.schedule',
      'c.streams',
      'c.catalog',
      'c.generation',
      'c.created_at',
      'c.engine',
      'c.airbyte_source_id',
      'c.airbyte_connection_id',
    ]);
}

export function connectionById(db: StoreDb, organisation: string, id: string) {
  return connections(db).where('c.organisation_id', '=', organisation).where('c.id', '=', id).executeTakeFirst();
}

export function connectionsOf(db: StoreDb, organisation: string, search?: string) {
  let query = connections(db).where('c.organisation_id', '=', organisation);
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query = query.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('s.name', 'ilike', pattern)]));
  }
  return query.orderBy('c.name').execute();
}

export async function insertConnection(
  db: StoreDb,
  row: {
    organisation: string;
    name: string;
    sourceId: string;
    destinationSchema: string;
    schedule: unknown;
    streams: unknown;
    catalog: unknown;
    createdBy: string;
    engine?: 'embedded' | 'airbyte';
  },
): Promise<string> {
  const { id } = await db
    .insertInto('integration_connections')
    .values({
      organisation_id: row.organisation,
      name: row.name,
      source_id: row.sourceId,
      destination_schema: row.destinationSchema,
      schedule: JSON.stringify(row.schedule),
      streams: JSON.stringify(row.streams),
      catalog: JSON.stringify(row.catalog),
      created_by: row.createdBy,
      engine: row.engine,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function updateConnection(
  db: StoreDb,
  organisation: string,
  id: string,
  change: {
    name?: string;
    status?: 'active' | 'paused';
    schedule?: unknown;
    streams?: unknown;
    catalog?: unknown;
    generation?: number;
    airbyteSourceId?: string | null;
    airbyteConnectionId?: string | null;
  },
) {
  return db
    .updateTable('integration_connections')
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.schedule !== undefined ? { schedule: JSON.stringify(change.schedule) } : {}),
      ...(change.streams !== undefined ? { streams: JSON.stringify(change.streams) } : {}),
      ...(change.catalog !== undefined ? { catalog: JSON.stringify(change.catalog) } : {}),
      ...(change.generation !== undefined ? { generation: change.generation } : {}),
      ...(change.airbyteSourceId !== undefined ? { airbyte_source_id: change.airbyteSourceId } : {}),
      ...(change.airbyteConnectionId !== undefined ? { airbyte_connection_id: change.airbyteConnectionId } : {}),
      updated_at: new Date(),
    })
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteConnection(db: StoreDb, organisation: string, id: string) {
  return db.deleteFrom('integration_connections').where('organisation_id', '=', organisation).where('id', '=', id).executeTakeFirst();
}
