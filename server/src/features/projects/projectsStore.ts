// Projects: a client's data projects, the resources they group and their health. Every read
// and write is scoped to one organisation; every write is audited in its transaction.
import { sql } from 'kysely';
import type { ProjectDetail, ProjectInput, ProjectStatus, ProjectSummary, ProjectUpdate } from '@common/projects/projectsContract';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { DuplicateValueError, InconsistentRequestError, RecordNotFoundError, isUniqueViolation } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { describeResources, resourceExists, worstHealth, type ProjectSources, type ResourceRef } from './resourceHealth.js';

const iso = (value: Date | string) => new Date(value).toISOString();

const duplicate = (name: string) => new DuplicateValueError('name', `A project named "${name}" already exists.`);

async function refsOf(db: StoreDb, organisation: string, projectIds: readonly string[]): Promise<Map<string, ResourceRef[]>> {
  const byProject = new Map<string, ResourceRef[]>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .selectFrom('project_resources')
    .select(['project_id', 'kind', 'ref'])
    .where('organisation_id', '=', organisation)
    .where('project_id', 'in', projectIds)
    .orderBy('added_at')
    .execute();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list.push({ kind: row.kind as ResourceRef['kind'], ref: row.ref });
    byProject.set(row.project_id, list);
  }
  return byProject;
}

export async function listProjects(db: StoreDb, sources: ProjectSources, organisation: string): Promise<ProjectSummary[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .orderBy(sql`lower(name)`)
    .execute();
  const refs = await refsOf(
    db,
    organisation,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (row) => {
      const resources = await describeResources(sources, organisation, refs.get(row.id) ?? []);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        owner: row.owner,
        members: row.members,
        status: row.status as ProjectStatus,
        updatedAt: iso(row.updated_at),
        resourceCount: resources.length,
        health: worstHealth(resources.map((r) => r.health)),
      };
    }),
  );
}

export async function projectDetail(db: StoreDb, sources: ProjectSources, organisation: string, id: string): Promise<ProjectDetail> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('organisation_id', '=', organisation)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new RecordNotFoundError('project');
  const refs = await refsOf(db, organisation, [id]);
  const resources = await describeResources(sources, organisation, refs.get(id) ?? []);
  const healthCounts: Record<string, number> = {};
  for (const resource of resources) healthCounts[resource.health] = (healthCounts[resource.health] ?? 0) + 1;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: row.owner,
    members: row.members,
    status: row.status as ProjectStatus,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    resourceCount: resources.length,
    health: worstHealth(resources.map((r) => r.health)),
    resources,
    healthCounts,
  };
}

export async function createProject(db: StoreDb, actor: Actor, input: Required<ProjectInput>): Promise<string> {
  try {
    return await db.transaction().execute(async (tx) => {
      await ensureOrganisation(tx, actor.organisation);
      const row = await tx
        .insertInto('projects')
        .values({
          organisation_id: actor.organisation,
          name: input.name,
          description: input.description,
          owner: input.owner,
          members: JSON.stringify(input.members),
          status: input.status,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, actor, { action: 'project.create', target: row.id, details: { name: input.name } });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function updateProject(db: StoreDb, actor: Actor, id: string, patch: ProjectUpdate): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('projects')
        .set({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.description === undefined ? {} : { description: patch.description }),
          ...(patch.owner === undefined ? {} : { owner: patch.owner }),
          ...(patch.members === undefined ? {} : { members: JSON.stringify(patch.members) }),
          ...(patch.status === undefined ? {} : { status: patch.status }),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('organisation_id', '=', actor.organisation)
        .returning('id')
        .executeTakeFirst();
      if (!row) throw new RecordNotFoundError('project');
      await writeAudit(tx, actor, { action: 'project.update', target: id, details: { ...patch } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(patch.name ?? '');
    throw error;
  }
}

export async function deleteProject(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('projects')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning('name')
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('project');
    await writeAudit(tx, actor, { action: 'project.delete', target: id, details: { name: row.name } });
  });
}

export async function addResource(db: StoreDb, sources: ProjectSources, actor: Actor, id: string, ref: ResourceRef): Promise<void> {
  const projectOf = (executor: StoreDb) =>
    executor.selectFrom('projects').select('id').where('id', '=', id).where('organisation_id', '=', actor.organisation);
  if (!(await projectOf(db).executeTakeFirst())) throw new RecordNotFoundError('project');
  // Asked before the transaction: the resource is another area's, read through its port on its
  // own connection (on the embedded store, one connection: inside the transaction it would wait
  // for the transaction itself). Another organisation's resource is as unknown as one that does not exist.
  if (!(await resourceExists(sources, actor.organisation, ref)))
    throw new InconsistentRequestError('ref', `ref: no ${ref.kind.replace('_', ' ')} "${ref.ref}" in your organisation.`);
  await db.transaction().execute(async (tx) => {
    if (!(await projectOf(tx).forUpdate().executeTakeFirst())) throw new RecordNotFoundError('project');
    await tx
      .insertInto('project_resources')
      .values({ project_id: id, organisation_id: actor.organisation, kind: ref.kind, ref: ref.ref })
      .onConflict((oc) => oc.columns(['project_id', 'kind', 'ref']).doNothing())
      .execute();
    await tx
      .updateTable('projects')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    await writeAudit(tx, actor, { action: 'project.resource.add', target: id, details: { ...ref } });
  });
}

export async function removeResource(db: StoreDb, actor: Actor, id: string, ref: ResourceRef): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('project_resources')
      .where('project_id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .where('kind', '=', ref.kind)
      .where('ref', '=', ref.ref)
      .returning('ref')
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('project resource');
    await writeAudit(tx, actor, { action: 'project.resource.remove', target: id, details: { ...ref } });
  });
}
