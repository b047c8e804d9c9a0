// An organisation's dbt projects: each has its own current ingestion; a project may ref another's
// public models (dbt Mesh), which the catalog joins when that project is here too. Deleting a
// project removes exactly its rows: its current set, its cross-project refs, its results and its
// ingestions; the organisation's other projects are untouched.
import type { DbtProject, IngestionRecord } from '@common/dbt/artifactsContract';
import { ARTIFACT_PARTS } from '@common/dbt/artifactsContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { IngestionListener } from '../../platform/ports/index.js';
import { DbtNotFoundError } from './errors.js';
import { acquireIngestionLock } from './ingestionLock.js';
import { deleteProjectSet } from './ingest.js';

type IngestionRow = {
  id: string;
  dbt_version: string;
  manifest_schema_version: string;
  counts: unknown;
  origin: IngestionRecord['origin'];
  project_name: string;
  generated_at: Date | null;
  ingested_at: Date;
  parts: unknown;
  ingested_by: string | null;
};

export function ingestionRecordOf(row: IngestionRow): IngestionRecord {
  return {
    id: row.id,
    projectName: row.project_name,
    dbtVersion: row.dbt_version,
    manifestSchemaVersion: row.manifest_schema_version,
    counts: row.counts as IngestionRecord['counts'],
    origin: row.origin,
    generatedAt: row.generated_at ? new Date(row.generated_at).toISOString() : null,
    ingestedAt: new Date(row.ingested_at).toISOString(),
    parts: (row.parts as string[]).filter((part): part is IngestionRecord['parts'][number] =>
      (ARTIFACT_PARTS as readonly string[]).includes(part),
    ),
    ingestedBy: row.ingested_by,
  };
}

/** The organisation's projects by name, each with its current ingestion and its refs to the others. */
export async function listProjects(db: StoreDb, organisation: string): Promise<DbtProject[]> {
  const [current, refs] = await Promise.all([
    db
      .selectFrom('dbt_ingestions')
      .selectAll()
      .where('organisation_id', '=', organisation)
      .where('is_current', '=', true)
      .orderBy('project_name')
      .execute(),
    db
      .selectFrom('dbt_external_nodes as x')
      .leftJoin('dbt_nodes as n', (join) =>
        join.onRef('n.organisation_id', '=', 'x.organisation_id').onRef('n.unique_id', '=', 'x.unique_id'),
      )
      .select(['x.project_name', 'x.unique_id', 'x.name', 'x.package_name', 'n.project_name as defined_in'])
      .where('x.organisation_id', '=', organisation)
      .orderBy('x.project_name')
      .orderBy('x.unique_id')
      .execute(),
  ]);
  return current.map((row) => {
    const own = refs.filter((ref) => ref.project_name === row.project_name);
    return {
      name: row.project_name,
      current: ingestionRecordOf(row),
      refs: own.map((ref) => ({
        uniqueId: ref.unique_id,
        name: ref.name,
        projectName: ref.defined_in ?? ref.package_name,
        resolved: ref.defined_in !== null,
      })),
      referencedBy: [...new Set(refs.filter((ref) => ref.defined_in === row.project_name).map((ref) => ref.project_name))].sort(),
    };
  });
}

/** Deletes one project of the organisation, in one transaction; 404 when it has none of that name. */
export async function deleteProject(
  db: StoreDb,
  organisation: string,
  project: string,
  actor: Actor,
  listener?: IngestionListener,
): Promise<void> {
  // An ingestion of the same organisation does not interleave with the deletion.
  const lock = await acquireIngestionLock(db, organisation, `deletion of project ${project} by ${actor.username}`);
  try {
    let afterCommit: (() => Promise<void>) | void = undefined;
    await db.transaction().execute(async (tx) => {
      const ingestions = await tx
        .selectFrom('dbt_ingestions')
        .select(['id', 'is_current'])
        .where('organisation_id', '=', organisation)
        .where('project_name', '=', project)
        .execute();
      if (!ingestions.some((ingestion) => ingestion.is_current)) throw new DbtNotFoundError(`dbt project named "${project}"`);
      await deleteProjectSet(tx, organisation, project);
      for (const table of ['dbt_run_results', 'dbt_freshness_results'] as const)
        await tx.deleteFrom(table).where('organisation_id', '=', organisation).where('project_name', '=', project).execute();
      await tx.deleteFrom('dbt_ingestions').where('organisation_id', '=', organisation).where('project_name', '=', project).execute();
      afterCommit = await listener?.projectRemoved?.(tx, { organisation, project });
      await writeAudit(
        tx,
        { ...actor, organisation },
        { action: 'dbt.project.delete', target: project, details: { ingestions: ingestions.length } },
      );
    });
    await (afterCommit as (() => Promise<void>) | void)?.();
  } finally {
    await lock.release();
  }
}
