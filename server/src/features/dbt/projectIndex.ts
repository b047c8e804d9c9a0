// The current catalog of an organisation, all its dbt projects together, held in memory: nodes,
// adjacency both ways (across projects too, where one refs another's public model), the last
// status of every test, and the search documents with their facet values and word index
// (indexDocuments.ts). Lineage walks and search read it instead of querying row by row. One copy per organisation, keyed by its
// projects' current ingestion ids: a new ingestion or a deleted project (here or on another
// portal instance) is noticed by the small check each request makes, and the copy is rebuilt.
import { sql } from 'kysely';
import { versionedName, type CatalogResourceType, type NodeRef, type TestStatus } from '@common/dbt/catalogContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { jsonList, loadIndexDocuments, type IndexDocuments } from './indexDocuments.js';

export type { IndexDoc } from './indexDocuments.js';

export interface IndexNode {
  uniqueId: string;
  name: string;
  resourceType: CatalogResourceType;
  /** The project the node belongs to; for a missing cross-project node, the project that defines it. */
  project: string;
  /** A model another project defines, which a project here refs, but whose project is not uploaded. */
  missing?: true;
}

export interface LastTestResult {
  uniqueId: string;
  /** The project the test belongs to. */
  project: string;
  name: string;
  attachedTo: string | null;
  column: string | null;
  dependsOn: string[];
  severity: string;
  status: TestStatus;
  failures: number | null;
  message: string | null;
  executedAt: string | null;
}

/** A node as pages link to it (asset neighbours, an exposure's upstream). */
export function nodeRefOf(node: IndexNode): NodeRef {
  return {
    uniqueId: node.uniqueId,
    name: node.name,
    resourceType: node.resourceType,
    projectName: node.project,
    missing: node.missing === true,
  };
}

export interface CurrentIngestion {
  id: string;
  project: string;
  ingestedAt: Date;
}

export interface ProjectIndex extends IndexDocuments {
  /** The current ingestion ids of all projects, as one string: the copy is stale when it differs. */
  key: string;
  /** Each project's current ingestion, by project name. */
  ingestions: CurrentIngestion[];
  nodes: Map<string, IndexNode>;
  parents: Map<string, string[]>;
  children: Map<string, string[]>;
  tests: LastTestResult[];
  /** Worst last status of the tests attached to each node (null: no tests). */
  nodeTestStatus: Map<string, TestStatus>;
  /** Facet counts of all documents, worked out once (the Data Assets list opens with them). */
  allFacetCounts?: Int32Array[];
}

const severityOrder: Record<TestStatus, number> = { fail: 5, error: 4, warn: 3, unknown: 2, skipped: 1, pass: 0 };

/** dbt's result statuses as test statuses (`success` is what `dbt docs generate` writes). */
export function asTestStatus(status: string | null | undefined): TestStatus {
  switch (status) {
    case 'pass':
    case 'success':
      return 'pass';
    case 'fail':
    case 'warn':
    case 'error':
    case 'skipped':
      return status;
    case 'runtime error':
      return 'error';
    default:
      return 'unknown';
  }
}

export function worst(statuses: readonly TestStatus[]): TestStatus | null {
  let result: TestStatus | null = null;
  for (const status of statuses) if (result === null || severityOrder[status] > severityOrder[result]) result = status;
  return result;
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Each project's current ingestion, by project name; empty before the first. */
export async function currentIngestions(db: StoreDb, organisation: string): Promise<CurrentIngestion[]> {
  const rows = await db
    .selectFrom('dbt_ingestions')
    .select(['id', 'project_name', 'ingested_at'])
    .where('organisation_id', '=', organisation)
    .where('is_current', '=', true)
    .orderBy('project_name')
    .execute();
  return rows.map((row) => ({ id: row.id, project: row.project_name, ingestedAt: new Date(row.ingested_at) }));
}

const keyOf = (ingestions: readonly CurrentIngestion[]) => ingestions.map((ingestion) => ingestion.id).join(',');

/** The latest result (by when it ran) of each of the organisation's current data tests (unit tests test code, not data), across every ingestion's run results. */
export async function lastTestResults(db: StoreDb, organisation: string): Promise<LastTestResult[]> {
  const rows = await sql<{
    unique_id: string;
    project_name: string;
    name: string;
    attached_to: string | null;
    column_name: string | null;
    depends_on: unknown;
    severity: string;
    status: string | null;
    failures: number | null;
    message: string | null;
    executed_at: Date | null;
  }>`
    SELECT t.unique_id, t.project_name, t.name, t.attached_to, t.column_name, t.depends_on, t.severity, r.status, r.failures, r.message, r.executed_at
    FROM dbt_tests t
    LEFT JOIN LATERAL (
      SELECT status, failures, message, executed_at FROM dbt_run_results rr
      WHERE rr.organisation_id = t.organisation_id AND rr.project_name = t.project_name AND rr.unique_id = t.unique_id
      ORDER BY rr.executed_at DESC NULLS LAST, rr.id DESC LIMIT 1
    ) r ON true
    WHERE t.organisation_id = ${organisation} AND t.test_type <> 'unit'`.execute(db);
  return rows.rows.map((row) => ({
    uniqueId: row.unique_id,
    project: row.project_name,
    name: row.name,
    attachedTo: row.attached_to,
    column: row.column_name,
    dependsOn: jsonList(row.depends_on),
    severity: row.severity,
    status: asTestStatus(row.status),
    failures: row.failures,
    message: row.message,
    executedAt: row.executed_at ? new Date(row.executed_at).toISOString() : null,
  }));
}

async function load(db: StoreDb, organisation: string, ingestions: CurrentIngestion[]): Promise<ProjectIndex> {
  const nodeRows = await db
    .selectFrom('dbt_nodes')
    .select(['unique_id', 'name', 'resource_type', 'version', 'project_name'])
    .where('organisation_id', '=', organisation)
    .execute();
  const nodes = new Map<string, IndexNode>(
    nodeRows.map((row) => [
      row.unique_id,
      {
        uniqueId: row.unique_id,
        name: versionedName(row.name, row.version),
        resourceType: row.resource_type as CatalogResourceType,
        project: row.project_name,
      },
    ]),
  );
  // A cross-project ref meets the other project's own node by unique_id; one whose project is not
  // here is kept as a missing node, so lineage shows the boundary instead of dropping the edge.
  const externalRows = await db
    .selectFrom('dbt_external_nodes')
    .select(['unique_id', 'name', 'version', 'package_name'])
    .where('organisation_id', '=', organisation)
    .execute();
  for (const row of externalRows) {
    if (nodes.has(row.unique_id)) continue;
    nodes.set(row.unique_id, {
      uniqueId: row.unique_id,
      name: versionedName(row.name, row.version),
      resourceType: 'model',
      project: row.package_name,
      missing: true,
    });
  }
  const parents = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  const edgeRows = await db.selectFrom('dbt_edges').select(['parent_id', 'child_id']).where('organisation_id', '=', organisation).execute();
  // An installed package's edges are in each project that installs it: one each.
  const seenEdges = new Set<string>();
  for (const edge of edgeRows) {
    const key = `${edge.parent_id}\u0000${edge.child_id}`;
    if (seenEdges.has(key)) continue;
    seenEdges.add(key);
    push(parents, edge.child_id, edge.parent_id);
    push(children, edge.parent_id, edge.child_id);
  }

  const tests = await lastTestResults(db, organisation);
  const byNode = new Map<string, TestStatus[]>();
  const byColumn = new Map<string, TestStatus[]>();
  for (const test of tests) {
    if (!test.attachedTo) continue;
    byNode.set(test.attachedTo, [...(byNode.get(test.attachedTo) ?? []), test.status]);
    if (test.column) {
      const key = `${test.attachedTo}\u0000${test.column.toLowerCase()}`;
      byColumn.set(key, [...(byColumn.get(key) ?? []), test.status]);
    }
  }
  const nodeTestStatus = new Map<string, TestStatus>();
  for (const [id, statuses] of byNode) {
    const status = worst(statuses);
    if (status) nodeTestStatus.set(id, status);
  }

  const documents = await loadIndexDocuments(db, organisation, {
    ofNode: (uniqueId) => nodeTestStatus.get(uniqueId) ?? null,
    ofColumn: (uniqueId, columnLower) => worst(byColumn.get(`${uniqueId}\u0000${columnLower}`) ?? []),
  });
  return {
    key: keyOf(ingestions),
    ingestions,
    nodes,
    parents,
    children,
    tests,
    nodeTestStatus,
    ...documents,
  };
}

export interface ProjectIndexCache {
  /** The organisation's current catalog (every project), or null before its first ingestion. */
  get(organisation: string): Promise<ProjectIndex | null>;
  invalidate(organisation: string): void;
}

export function createProjectIndexCache(db: StoreDb): ProjectIndexCache {
  const cache = new Map<string, Promise<ProjectIndex>>();
  return {
    async get(organisation) {
      const ingestions = await currentIngestions(db, organisation);
      if (ingestions.length === 0) return null;
      const cached = cache.get(organisation);
      if (cached) {
        const index = await cached.catch(() => null);
        if (index?.key === keyOf(ingestions)) return index;
      }
      const loading = load(db, organisation, ingestions);
      cache.set(organisation, loading);
      loading.catch(() => cache.delete(organisation));
      return loading;
    },
    invalidate(organisation) {
      cache.delete(organisation);
    },
  };
}
