// Ingestion: one dbt project's artifacts of one run → the portal store. Every artifact is read
// and checked before anything is written; then one transaction replaces that project's current
// set (nodes, edges, columns, tests, search documents, cross-project refs) and adds this run's
// results to the history. The organisation's other projects are left as they are. One ingestion
// at a time per organisation, across portal instances (ingestionLock.ts).
import { sql } from 'kysely';
import type { ArtifactPart, IngestionOrigin, IngestionSummary } from '@common/dbt/artifactsContract';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { acquireIngestionLock } from './ingestionLock.js';
import { parseManifest, type NormalisedNode, type ParsedManifest } from './artifacts/manifest.js';
import {
  parseCatalog,
  parseRunResults,
  parseSources,
  type CatalogTypes,
  type RunResults,
  type SourceFreshnessResult,
} from './artifacts/runArtifacts.js';
import { searchDocumentsOf } from './searchDocuments.js';
import { ProjectOverlapError } from './errors.js';
import type { IngestionListener } from '../../platform/ports/index.js';

/** The parsed JSON of each part of one upload (or directory, or the sample). */
export interface ArtifactSet {
  manifest: unknown;
  run_results?: unknown;
  sources?: unknown;
  catalog?: unknown;
}

export interface IngestOptions {
  organisation: string;
  origin: IngestionOrigin;
  /** Who ingests: a user, a service account, or the portal itself (sample, watched directory). */
  actor: Actor;
  /** The project the artifacts are ingested as; by default the manifest's `metadata.project_name`. */
  project?: string;
}

// What other areas do with each ingestion's results is the platform's ingestion listener
// (platform/ports/ingestion.ts): it runs in the ingestion's transaction after the run and freshness
// results are written, so the two are kept or rolled back together.
export type { IngestionListener };

/** Rows per INSERT: fewer statements, and under PostgreSQL's 65,535 bound parameters for the widest table (22 columns). */
const CHUNK = 2000;

interface ParsedSet {
  manifest: ParsedManifest;
  runResults: RunResults | null;
  sources: SourceFreshnessResult[] | null;
  catalog: CatalogTypes | null;
  parts: ArtifactPart[];
}

/** Reads every part first: a refusal of any of them changes nothing. */
export function parseArtifactSet(set: ArtifactSet): ParsedSet {
  const manifest = parseManifest(set.manifest);
  const parts: ArtifactPart[] = ['manifest'];
  const runResults = set.run_results === undefined ? null : parseRunResults(set.run_results);
  if (runResults) parts.push('run_results');
  const sources = set.sources === undefined ? null : parseSources(set.sources);
  if (sources) parts.push('sources');
  const catalog = set.catalog === undefined ? null : parseCatalog(set.catalog);
  if (catalog) parts.push('catalog');
  return { manifest, runResults, sources, catalog, parts };
}

/** Parses, then replaces the organisation's current artifacts in one transaction. */
export async function ingestArtifacts(
  db: StoreDb,
  set: ArtifactSet,
  options: IngestOptions,
  listener?: IngestionListener,
): Promise<IngestionSummary> {
  const parsed = parseArtifactSet(set);
  const lock = await acquireIngestionLock(db, options.organisation, `${options.origin} by ${options.actor.username}`);
  try {
    let afterCommit: (() => Promise<void>) | void = undefined;
    const summary = await writeIngestion(db, parsed, options, async (tx, ingestionId) => {
      afterCommit = await listener?.inTransaction(tx, { organisation: options.organisation, ingestionId });
    });
    await (afterCommit as (() => Promise<void>) | void)?.();
    // Fresh statistics for the project index's read of the documents with their nodes, which
    // follows every ingestion (PGlite has no autovacuum; PostgreSQL's may lag).
    await sql`ANALYZE dbt_search_docs`.execute(db);
    return summary;
  } finally {
    await lock.release();
  }
}

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < rows.length; index += CHUNK) out.push(rows.slice(index, index + CHUNK));
  return out;
}

/** Manifest columns, with their types from catalog.json (matched without regard to case), plus columns only the catalog knows, in its spelling. */
function columnsWithTypes(node: NormalisedNode, catalog: CatalogTypes | null) {
  const fromCatalog = catalog?.get(node.uniqueId);
  const seen = new Set<string>();
  const columns = node.columns.map((column, index) => {
    seen.add(column.name.toLowerCase());
    const typed = fromCatalog?.get(column.name.toLowerCase());
    return { ...column, dataType: typed?.type ?? column.dataType, position: typed?.index ?? 10_000 + index };
  });
  // A column only the warehouse knows keeps the warehouse's spelling (IS_SUPERHOST, flowCode); one
  // the project documents keeps the name its author wrote, which tests and tags refer to.
  for (const [key, typed] of fromCatalog ?? []) {
    if (!seen.has(key)) columns.push({ name: typed.name, description: '', dataType: typed.type, tags: [], position: typed.index });
  }
  return columns.sort((a, b) => a.position - b.position).map((column, index) => ({ ...column, position: index + 1 }));
}

async function writeIngestion(
  db: StoreDb,
  parsed: ParsedSet,
  options: IngestOptions,
  afterResults: (tx: StoreDb, ingestionId: string) => Promise<void>,
): Promise<IngestionSummary> {
  const { manifest } = parsed;
  const org = options.organisation;
  const project = options.project ?? manifest.projectName;
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, org);
    // The project's own resources (its package's); installed packages' may be in several projects.
    const own = (packageName: string) => packageName === manifest.projectName;
    await refuseOverlap(tx, org, project, [
      ...manifest.nodes.filter((node) => own(node.packageName)).map((node) => node.uniqueId),
      ...manifest.tests.filter((test) => own(test.packageName)).map((test) => test.uniqueId),
    ]);
    await tx
      .updateTable('dbt_ingestions')
      .set({ is_current: false })
      .where('organisation_id', '=', org)
      .where('project_name', '=', project)
      .where('is_current', '=', true)
      .execute();
    const ingestion = await tx
      .insertInto('dbt_ingestions')
      .values({
        organisation_id: org,
        origin: options.origin,
        project_name: project,
        dbt_version: manifest.dbtVersion,
        manifest_schema_version: manifest.schemaVersion,
        adapter_type: manifest.adapterType,
        generated_at: manifest.generatedAt,
        ingested_by: options.actor.username,
        parts: JSON.stringify(parsed.parts),
        counts: JSON.stringify(manifest.counts),
        is_current: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await deleteProjectSet(tx, org, project);

    for (const rows of chunks(manifest.nodes)) {
      await tx
        .insertInto('dbt_nodes')
        .values(
          rows.map((node) => ({
            organisation_id: org,
            project_name: project,
            unique_id: node.uniqueId,
            ingestion_id: ingestion.id,
            resource_type: node.resourceType,
            name: node.name,
            package_name: node.packageName,
            database_name: node.database,
            schema_name: node.schema,
            identifier: node.identifier,
            relation_name: node.relationName,
            materialized: node.materialized,
            description: node.description,
            tags: JSON.stringify(node.tags),
            owners: JSON.stringify(node.owners),
            domain: node.domain,
            meta: JSON.stringify(node.meta),
            original_file_path: node.originalFilePath,
            raw_code: node.rawCode,
            compiled_code: node.compiledCode,
            source_name: node.sourceName,
            freshness: node.freshness ? JSON.stringify(node.freshness) : null,
            exposure: node.exposure ? JSON.stringify(node.exposure) : null,
            semantic: node.semantic ? JSON.stringify(node.semantic) : null,
            version: node.version,
            latest_version: node.latestVersion,
            access: node.access,
            group_name: node.group,
            contract_enforced: node.contractEnforced,
            certified: node.certified,
          })),
        )
        .execute();
    }

    // Every table's rows are built a chunk at a time and written: a 20,000-model project has
    // hundreds of thousands of column and search-document rows, and holding them all at once
    // (with the parsed manifest) more than doubled the ingest's memory.
    for (const part of chunks(manifest.nodes)) {
      const edges = part.flatMap((node) =>
        node.parents.map((parent) => ({ organisation_id: org, project_name: project, parent_id: parent, child_id: node.uniqueId })),
      );
      for (const rows of chunks(edges)) await tx.insertInto('dbt_edges').values(rows).execute();
    }

    const externals = manifest.externals.map((node) => ({
      organisation_id: org,
      project_name: project,
      unique_id: node.uniqueId,
      name: node.name,
      package_name: node.packageName,
      version: node.version,
      relation_name: node.relationName,
    }));
    for (const rows of chunks(externals)) await tx.insertInto('dbt_external_nodes').values(rows).execute();

    for (const part of chunks(manifest.nodes)) {
      const nodeColumns = new Map(part.map((node) => [node.uniqueId, columnsWithTypes(node, parsed.catalog)]));
      const columns = part.flatMap((node) =>
        (nodeColumns.get(node.uniqueId) ?? []).map((column) => ({
          organisation_id: org,
          project_name: project,
          node_id: node.uniqueId,
          name: column.name,
          position: column.position,
          data_type: column.dataType,
          description: column.description,
          tags: JSON.stringify(column.tags),
        })),
      );
      // A manifest may list one column twice under different keys; the first wins (a node's
      // columns are all in its own chunk).
      const uniqueColumns = [...new Map(columns.map((column) => [`${column.node_id}\u0000${column.name}`, column])).values()];
      for (const rows of chunks(uniqueColumns)) await tx.insertInto('dbt_columns').values(rows).execute();

      const docs = searchDocumentsOf(part, (id) =>
        (nodeColumns.get(id) ?? []).map((column) => ({ name: column.name, description: column.description })),
      );
      for (const rows of chunks(docs))
        await tx
          .insertInto('dbt_search_docs')
          .values(rows.map((doc) => ({ organisation_id: org, project_name: project, ...doc })))
          .execute();
    }

    for (const part of chunks(manifest.tests)) {
      const tests = part.map((test) => ({
        organisation_id: org,
        project_name: project,
        unique_id: test.uniqueId,
        name: test.name,
        attached_to: test.attachedTo,
        column_name: test.columnName,
        severity: test.severity,
        depends_on: JSON.stringify(test.dependsOn),
        test_type: test.testType,
        test_kind: test.testKind,
      }));
      await tx.insertInto('dbt_tests').values(tests).execute();
    }

    // Results of `docs generate`, `compile` and the like report every node as "success" without
    // building it: they are not build history.
    const builtResults = parsed.runResults?.builds ? parsed.runResults.results : [];
    for (const part of chunks(builtResults)) {
      const runRows = part.map((result) => ({
        organisation_id: org,
        project_name: project,
        ingestion_id: ingestion.id,
        unique_id: result.uniqueId,
        status: result.status,
        executed_at: result.executedAt,
        execution_time: result.executionTime,
        failures: result.failures,
        message: result.message,
      }));
      await tx.insertInto('dbt_run_results').values(runRows).execute();
    }

    for (const part of chunks(parsed.sources ?? [])) {
      const freshnessRows = part.map((result) => ({
        organisation_id: org,
        project_name: project,
        ingestion_id: ingestion.id,
        unique_id: result.uniqueId,
        origin: 'dbt' as const,
        status: result.status,
        max_loaded_at: result.maxLoadedAt,
        checked_at: result.checkedAt,
        age_seconds: result.ageSeconds,
        error: result.error,
      }));
      await tx.insertInto('dbt_freshness_results').values(freshnessRows).execute();
    }
    await afterResults(tx, ingestion.id);

    // Always in the organisation whose artifacts changed.
    await writeAudit(
      tx,
      { ...options.actor, organisation: org },
      {
        action: 'dbt.ingest',
        target: ingestion.id,
        details: {
          origin: options.origin,
          project,
          manifestSchemaVersion: manifest.schemaVersion,
          parts: parsed.parts,
          counts: manifest.counts,
        },
      },
    );
    return {
      id: ingestion.id,
      projectName: project,
      dbtVersion: manifest.dbtVersion,
      manifestSchemaVersion: manifest.schemaVersion,
      counts: manifest.counts,
    };
  });
}

/** The tables of a project's current set, which an ingestion replaces and a deletion empties. */
export const projectSetTables = ['dbt_nodes', 'dbt_edges', 'dbt_columns', 'dbt_tests', 'dbt_search_docs', 'dbt_external_nodes'] as const;

export async function deleteProjectSet(tx: StoreDb, organisation: string, project: string): Promise<void> {
  for (const table of projectSetTables)
    await tx.deleteFrom(table).where('organisation_id', '=', organisation).where('project_name', '=', project).execute();
}

/**
 * A dbt unique_id names one resource of an organisation's catalog, which every area refers to it
 * by; a project that would define an id another project already holds is refused, naming both.
 */
async function refuseOverlap(tx: StoreDb, organisation: string, project: string, ids: readonly string[]): Promise<void> {
  const held = new Map<string, string[]>();
  for (const part of chunks(ids)) {
    if (part.length === 0) continue;
    for (const table of ['dbt_nodes', 'dbt_tests'] as const) {
      const rows = await tx
        .selectFrom(table)
        .select(['unique_id', 'project_name'])
        .where('organisation_id', '=', organisation)
        .where('project_name', '<>', project)
        .where('unique_id', 'in', part)
        .execute();
      for (const row of rows) held.set(row.project_name, [...(held.get(row.project_name) ?? []), row.unique_id]);
    }
  }
  const [other, overlapping] = [...held.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (other !== undefined && overlapping) throw new ProjectOverlapError(project, other, overlapping.sort());
}
