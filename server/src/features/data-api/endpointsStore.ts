/**
 * Endpoints and their versions in the portal store, scoped to one organisation. A version is a
 * draft (editable) until published; publishing freezes it and makes it the live version, and
 * publishing an earlier frozen version again is the roll back. Edits after a publish open a new
 * draft. Every change is audited in its own transaction.
 */
import { sql } from 'kysely';
import type { EndpointDefinition, EndpointDetail, EndpointSummary, EndpointVersion } from '@common/data-api/dataApiContract';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { DataApiError } from './errors.js';
import { parameterJsonSchema, type JsonSchema } from './parameterSchema.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface VersionRow {
  version: number;
  status: 'draft' | 'published';
  definition: Record<string, unknown>;
  json_schema: Record<string, unknown>;
  created_by: string;
  created_at: Date;
  published_at: Date | null;
}

function versionOf(row: VersionRow): EndpointVersion {
  return {
    version: row.version,
    status: row.status,
    definition: row.definition as unknown as EndpointDefinition,
    jsonSchema: row.json_schema,
    createdBy: row.created_by,
    createdAt: iso(row.created_at) ?? '',
    publishedAt: iso(row.published_at),
  };
}

export async function listEndpoints(db: StoreDb, organisation: string): Promise<EndpointSummary[]> {
  const rows = await db
    .selectFrom('data_api_endpoints as e')
    .innerJoin('data_api_versions as v', 'v.endpoint_id', 'e.id')
    .where('e.organisation_id', '=', organisation)
    .groupBy(['e.id', 'e.name', 'e.live_version', 'e.updated_at'])
    .select((eb) => [
      'e.id',
      'e.name',
      'e.live_version',
      'e.updated_at',
      eb.fn.max('v.version').as('latest'),
      sql<boolean>`bool_or(v.status = 'draft')`.as('has_draft'),
      sql<string>`(array_agg(v.definition->>'description' ORDER BY v.version DESC))[1]`.as('description'),
    ])
    .orderBy('e.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    liveVersion: row.live_version,
    latestVersion: Number(row.latest),
    hasDraft: Boolean(row.has_draft),
    updatedAt: iso(row.updated_at) ?? '',
  }));
}

export async function endpointDetail(db: StoreDb, organisation: string, id: string): Promise<EndpointDetail> {
  const endpoint = await db
    .selectFrom('data_api_endpoints')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!endpoint) throw new DataApiError('not_found', 'This endpoint does not exist.');
  const versions = (
    await db.selectFrom('data_api_versions').selectAll().where('endpoint_id', '=', id).orderBy('version', 'desc').execute()
  ).map(versionOf);
  const latest = versions[0];
  return {
    id: endpoint.id,
    name: endpoint.name,
    description: (versions.find((v) => v.version === endpoint.live_version) ?? latest)?.definition.description ?? '',
    liveVersion: endpoint.live_version,
    latestVersion: latest?.version ?? 0,
    hasDraft: versions.some((v) => v.status === 'draft'),
    updatedAt: iso(endpoint.updated_at) ?? '',
    versions,
  };
}

export async function createEndpoint(db: StoreDb, actor: Actor, name: string, definition: EndpointDefinition): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const taken = await tx
      .selectFrom('data_api_endpoints')
      .select('id')
      .where('organisation_id', '=', actor.organisation)
      .where('name', '=', name)
      .executeTakeFirst();
    if (taken) throw new DataApiError('conflict', `An endpoint named ${name} already exists.`, 'name');
    const { id } = await tx
      .insertInto('data_api_endpoints')
      .values({ organisation_id: actor.organisation, name, live_version: null, created_by: actor.username })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('data_api_versions')
      .values({
        endpoint_id: id,
        version: 1,
        status: 'draft',
        definition: JSON.stringify(definition),
        json_schema: JSON.stringify(parameterJsonSchema(definition.parameters)),
        created_by: actor.username,
      })
      .execute();
    await writeAudit(tx, actor, { action: 'data_api.endpoint.create', target: name });
    return id;
  });
}

/** Saves the draft: updates the open draft, or opens version latest+1 when every version is frozen. */
export async function saveDraft(db: StoreDb, actor: Actor, id: string, definition: EndpointDefinition): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const endpoint = await tx
      .selectFrom('data_api_endpoints')
      .select(['id', 'name'])
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!endpoint) throw new DataApiError('not_found', 'This endpoint does not exist.');
    const latest = await tx
      .selectFrom('data_api_versions')
      .select(['version', 'status'])
      .where('endpoint_id', '=', id)
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    const values = { definition: JSON.stringify(definition), json_schema: JSON.stringify(parameterJsonSchema(definition.parameters)) };
    if (latest.status === 'draft') {
      await tx
        .updateTable('data_api_versions')
        .set({ ...values, created_by: actor.username })
        .where('endpoint_id', '=', id)
        .where('version', '=', latest.version)
        .execute();
    } else {
      await tx
        .insertInto('data_api_versions')
        .values({ endpoint_id: id, version: latest.version + 1, status: 'draft', ...values, created_by: actor.username })
        .execute();
    }
    await tx.updateTable('data_api_endpoints').set({ updated_at: new Date() }).where('id', '=', id).execute();
    await writeAudit(tx, actor, { action: 'data_api.endpoint.draft', target: endpoint.name });
  });
}

/** Publishes a version: a draft is frozen; a frozen earlier version becomes live again (roll back). */
export async function publishVersion(db: StoreDb, actor: Actor, id: string, version: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const endpoint = await tx
      .selectFrom('data_api_endpoints')
      .select(['id', 'name', 'live_version'])
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!endpoint) throw new DataApiError('not_found', 'This endpoint does not exist.');
    const row = await tx
      .selectFrom('data_api_versions')
      .select(['status'])
      .where('endpoint_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) throw new DataApiError('not_found', `Version ${version} of this endpoint does not exist.`, 'version');
    if (row.status === 'draft') {
      await tx
        .updateTable('data_api_versions')
        .set({ status: 'published', published_at: new Date() })
        .where('endpoint_id', '=', id)
        .where('version', '=', version)
        .execute();
    }
    await tx.updateTable('data_api_endpoints').set({ live_version: version, updated_at: new Date() }).where('id', '=', id).execute();
    await writeAudit(tx, actor, {
      action: row.status === 'draft' ? 'data_api.endpoint.publish' : 'data_api.endpoint.rollback',
      target: endpoint.name,
      details: { version, previous: endpoint.live_version },
    });
  });
}

export async function deleteEndpoint(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const deleted = await tx
      .deleteFrom('data_api_endpoints')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (!deleted) throw new DataApiError('not_found', 'This endpoint does not exist.');
    await writeAudit(tx, actor, { action: 'data_api.endpoint.delete', target: deleted.name });
  });
}

export interface LiveEndpoint {
  id: string;
  name: string;
  version: number;
  definition: EndpointDefinition;
  jsonSchema: JsonSchema;
}

/** The live version of an organisation's endpoint by name, or null. */
export async function liveEndpoint(db: StoreDb, organisation: string, name: string): Promise<LiveEndpoint | null> {
  const row = await db
    .selectFrom('data_api_endpoints as e')
    .innerJoin('data_api_versions as v', (join) => join.onRef('v.endpoint_id', '=', 'e.id').onRef('v.version', '=', 'e.live_version'))
    .select(['e.id', 'e.name', 'v.version', 'v.definition', 'v.json_schema'])
    .where('e.organisation_id', '=', organisation)
    .where('e.name', '=', name)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        version: row.version,
        definition: row.definition as unknown as EndpointDefinition,
        jsonSchema: row.json_schema,
      }
    : null;
}

/** Every live endpoint of an organisation (the OpenAPI document). */
export async function liveEndpoints(db: StoreDb, organisation: string): Promise<LiveEndpoint[]> {
  const rows = await db
    .selectFrom('data_api_endpoints as e')
    .innerJoin('data_api_versions as v', (join) => join.onRef('v.endpoint_id', '=', 'e.id').onRef('v.version', '=', 'e.live_version'))
    .select(['e.id', 'e.name', 'v.version', 'v.definition', 'v.json_schema'])
    .where('e.organisation_id', '=', organisation)
    .orderBy('e.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    version: row.version,
    definition: row.definition as unknown as EndpointDefinition,
    jsonSchema: row.json_schema,
  }));
}
