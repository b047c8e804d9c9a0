// Computes an organisation's column lineage from its current dbt artifacts, off the request path
// (the area's job runs it after each ingestion). Incremental: a model is parsed again only when
// its compiled SQL, the dialect or its parents' columns changed since its last computation.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { StoreDb } from '../../platform/store/openStore.js';
import { dialectOf, type TraceResult, type TraceTable } from './engine/traceModel.js';
import type { ParserPool } from './engine/parserPool.js';
import { relationIndex, normaliseRelation } from '../../platform/warehouse/relationNames.js';
import { edgesOfTrace, type LineageEdgeRow } from './traceEdges.js';

/** Resource types whose compiled SQL makes a relation. */
const BUILT_TYPES = ['model', 'snapshot'];
const BATCH = 50;

export interface ComputeSummary {
  models: number;
  computed: number;
  failed: number;
  unchanged: number;
}

interface CatalogNodeRow {
  unique_id: string;
  project_name: string;
  resource_type: string;
  relation_name: string | null;
  compiled_code: string | null;
}

function hash(...parts: string[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\u0000');
  return digest.digest('hex').slice(0, 32);
}

/** The organisation's catalog as the computation needs it: nodes with relations, their columns, each model's parents. */
async function readCatalog(db: StoreDb, organisation: string) {
  const rows = (await db
    .selectFrom('catalog_read_nodes')
    .select(['unique_id', 'project_name', 'resource_type', 'relation_name', 'compiled_code'])
    .where('organisation_id', '=', organisation)
    .where('resource_type', 'in', ['model', 'snapshot', 'seed', 'source'])
    .execute()) as CatalogNodeRow[];
  // An installed package's models are in each project that installs it: one each.
  const nodes = [...new Map(rows.map((row) => [row.unique_id, row])).values()];
  const columnRows = await db
    .selectFrom('catalog_read_columns')
    .select(['node_id', 'name'])
    .where('organisation_id', '=', organisation)
    .orderBy('node_id')
    .orderBy('position')
    .execute();
  const columns = new Map<string, string[]>();
  for (const row of columnRows) {
    const list = columns.get(row.node_id) ?? [];
    list.push(row.name);
    columns.set(row.node_id, list);
  }
  const parents = new Map<string, string[]>();
  for (const edge of await db
    .selectFrom('catalog_read_edges')
    .select(['parent_id', 'child_id'])
    .where('organisation_id', '=', organisation)
    .execute()) {
    const list = parents.get(edge.child_id) ?? [];
    list.push(edge.parent_id);
    parents.set(edge.child_id, list);
  }
  return { nodes, columns, parents };
}

export async function computeColumnLineage(
  db: StoreDb,
  pool: ParserPool,
  organisation: string,
  options: { signal?: AbortSignal; progress?: (fraction: number, message: string) => void } = {},
): Promise<ComputeSummary> {
  // Each project's SQL is read in the dialect its own manifest was compiled for.
  const ingestions = await db
    .selectFrom('catalog_read_ingestions')
    .select(['project_name', 'adapter_type'])
    .where('organisation_id', '=', organisation)
    .where('is_current', '=', true)
    .execute();
  if (ingestions.length === 0) {
    await db.deleteFrom('column_lineage_edges').where('organisation_id', '=', organisation).execute();
    await db.deleteFrom('column_lineage_models').where('organisation_id', '=', organisation).execute();
    return { models: 0, computed: 0, failed: 0, unchanged: 0 };
  }
  const dialects = new Map(ingestions.map((ingestion) => [ingestion.project_name, dialectOf(ingestion.adapter_type)]));
  const dialectOfNode = (node: CatalogNodeRow) => dialects.get(node.project_name) ?? dialectOf(null);
  const { nodes, columns, parents } = await readCatalog(db, organisation);
  const byId = new Map(nodes.map((node) => [node.unique_id, node]));
  const relations = relationIndex(
    nodes.flatMap((node) => (node.relation_name ? [{ nodeId: node.unique_id, relationName: node.relation_name }] : [])),
  );
  const models = nodes.filter((node) => BUILT_TYPES.includes(node.resource_type) && node.compiled_code);

  const known = new Map(
    (
      await db
        .selectFrom('column_lineage_models')
        .select(['node_id', 'sql_hash', 'upstream_hash'])
        .where('organisation_id', '=', organisation)
        .execute()
    ).map((row) => [row.node_id, row]),
  );
  // Models that are gone, or no longer have compiled SQL, lose their lineage.
  const current = new Set(models.map((model) => model.unique_id));
  const gone = [...known.keys()].filter((id) => !current.has(id));
  for (let start = 0; start < gone.length; start += 500) {
    const ids = gone.slice(start, start + 500);
    await db.deleteFrom('column_lineage_edges').where('organisation_id', '=', organisation).where('child_node', 'in', ids).execute();
    await db.deleteFrom('column_lineage_models').where('organisation_id', '=', organisation).where('node_id', 'in', ids).execute();
  }

  const work = models.flatMap((model) => {
    const tables: TraceTable[] = (parents.get(model.unique_id) ?? []).flatMap((parentId) => {
      const parent = byId.get(parentId);
      return parent?.relation_name ? [{ name: normaliseRelation(parent.relation_name), columns: columns.get(parentId) ?? [] }] : [];
    });
    tables.sort((a, b) => a.name.localeCompare(b.name));
    const sqlHash = hash(dialectOfNode(model), model.compiled_code ?? '');
    const upstreamHash = hash(JSON.stringify(tables), JSON.stringify(columns.get(model.unique_id) ?? []));
    const before = known.get(model.unique_id);
    if (before && before.sql_hash === sqlHash && before.upstream_hash === upstreamHash) return [];
    return [{ model, tables, sqlHash, upstreamHash }];
  });

  const summary: ComputeSummary = { models: models.length, computed: 0, failed: 0, unchanged: models.length - work.length };
  const columnsOf = (nodeId: string) => columns.get(nodeId) ?? [];
  for (let start = 0; start < work.length; start += BATCH) {
    options.signal?.throwIfAborted();
    const batch = work.slice(start, start + BATCH);
    const traced: TraceResult[] = await Promise.all(
      batch.map(({ model, tables }) =>
        pool.trace({ sql: model.compiled_code ?? '', dialect: dialectOfNode(model), tables, outputColumns: columnsOf(model.unique_id) }),
      ),
    );
    const edges: LineageEdgeRow[] = [];
    const rows = batch.map(({ model, sqlHash, upstreamHash }, index) => {
      const result = traced[index] as TraceResult;
      const outcome = edgesOfTrace(model.unique_id, result, relations, columnsOf);
      edges.push(...outcome.edges);
      if (result.ok) summary.computed += 1;
      else summary.failed += 1;
      return {
        organisation_id: organisation,
        node_id: model.unique_id,
        project_name: model.project_name,
        sql_hash: sqlHash,
        upstream_hash: upstreamHash,
        state: result.ok ? ('computed' as const) : ('failed' as const),
        reason: result.ok ? null : result.reason.slice(0, 2000),
        columns: outcome.columns,
        columns_resolved: outcome.resolved,
        computed_at: new Date(),
      };
    });
    await db.transaction().execute(async (tx) => {
      const ids = batch.map(({ model }) => model.unique_id);
      await tx.deleteFrom('column_lineage_edges').where('organisation_id', '=', organisation).where('child_node', 'in', ids).execute();
      for (let at = 0; at < edges.length; at += 1000) {
        await tx
          .insertInto('column_lineage_edges')
          .values(edges.slice(at, at + 1000).map((edge) => ({ organisation_id: organisation, ...edge })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      await tx
        .insertInto('column_lineage_models')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['organisation_id', 'node_id']).doUpdateSet({
            project_name: sql`excluded.project_name`,
            sql_hash: sql`excluded.sql_hash`,
            upstream_hash: sql`excluded.upstream_hash`,
            state: sql`excluded.state`,
            reason: sql`excluded.reason`,
            columns: sql`excluded.columns`,
            columns_resolved: sql`excluded.columns_resolved`,
            computed_at: sql`excluded.computed_at`,
          }),
        )
        .execute();
    });
    options.progress?.(Math.min(1, (start + batch.length) / work.length), `Parsed ${start + batch.length} of ${work.length} models`);
  }
  // Unchanged models keep their rows: their project name follows the node's (a project renamed by a new upload).
  for (const [project] of dialects) {
    const ids = models.filter((model) => model.project_name === project).map((model) => model.unique_id);
    for (let start = 0; start < ids.length; start += 500)
      await db
        .updateTable('column_lineage_models')
        .set({ project_name: project })
        .where('organisation_id', '=', organisation)
        .where('node_id', 'in', ids.slice(start, start + 500))
        .where('project_name', '<>', project)
        .execute();
  }
  return summary;
}
