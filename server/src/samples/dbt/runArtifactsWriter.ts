/** run_results.json (v6) of the build, sources.json (v3) of the freshness run, catalog.json (v1). */
import { artifactMetadata, type Invocation } from './artifactMetadata.js';
import type { CatalogRelation } from './catalogReader.js';
import type { CompiledProject, Relation } from './compiledTypes.js';
import type { FreshnessCheck } from './freshness.js';
import type { NodeRun } from './runner.js';

type Json = Record<string, unknown>;

const THREAD = 'Thread-1 (worker)';

export function writeRunResults(runs: readonly NodeRun[], invocation: Invocation, generatedAt: string, elapsed: number, args: Json): Json {
  return {
    metadata: artifactMetadata('runResults', invocation, generatedAt),
    results: runs.map((run) => ({
      status: run.status,
      timing: run.timing,
      thread_id: THREAD,
      execution_time: run.executionTime,
      adapter_response: run.adapterResponse,
      message: run.message,
      failures: run.failures,
      unique_id: run.node.uniqueId,
      compiled: run.node.kind !== 'seed',
      compiled_code: run.node.kind === 'seed' ? null : run.node.compiledCode,
      relation_name: run.node.kind === 'test' ? null : run.node.relation.rendered,
      batch_results: null,
    })),
    elapsed_time: elapsed,
    args,
  };
}

export function writeSources(checks: readonly FreshnessCheck[], invocation: Invocation, generatedAt: string, elapsed: number): Json {
  return {
    metadata: artifactMetadata('sources', invocation, generatedAt),
    results: checks.map((check) => {
      if (check.status === 'runtime error') return { unique_id: check.source.uniqueId, error: check.error, status: 'runtime error' };
      const rule = check.source.def.freshness;
      return {
        unique_id: check.source.uniqueId,
        max_loaded_at: check.maxLoadedAt,
        snapshotted_at: check.snapshottedAt,
        max_loaded_at_time_ago_in_s: check.ageSeconds,
        status: check.status,
        criteria: {
          warn_after: rule?.warn_after ?? { count: null, period: null },
          error_after: rule?.error_after ?? { count: null, period: null },
          filter: rule?.filter ?? null,
        },
        adapter_response: { _message: 'OK' },
        timing: check.timing,
        thread_id: THREAD,
        execution_time: check.executionTime,
      };
    }),
    elapsed_time: elapsed,
  };
}

function catalogTable(uniqueId: string, entry: CatalogRelation): Json {
  const stats: Json = {
    has_stats: {
      id: 'has_stats',
      label: 'Has Stats?',
      value: entry.rowCount !== null,
      include: false,
      description: 'Indicates whether there are statistics for this table',
    },
  };
  if (entry.rowCount !== null)
    stats.row_count = {
      id: 'row_count',
      label: 'Row Count',
      value: entry.rowCount,
      include: true,
      description: 'Number of rows in the table',
    };
  return {
    metadata: {
      type: entry.type,
      schema: entry.relation.schema,
      name: entry.relation.identifier,
      database: entry.relation.database,
      comment: null,
      owner: null,
    },
    columns: Object.fromEntries(
      entry.columns.map((column) => [column.name, { type: column.type, index: column.index, name: column.name, comment: null }]),
    ),
    stats,
    unique_id: uniqueId,
  };
}

export function writeCatalog(
  project: CompiledProject,
  found: ReadonlyMap<Relation, CatalogRelation>,
  invocation: Invocation,
  generatedAt: string,
): Json {
  const entries = (items: ReadonlyArray<{ uniqueId: string; relation: Relation }>): Record<string, Json> =>
    Object.fromEntries(
      items.flatMap((item) => {
        const entry = found.get(item.relation);
        return entry ? [[item.uniqueId, catalogTable(item.uniqueId, entry)]] : [];
      }),
    );
  return {
    metadata: artifactMetadata('catalog', invocation, generatedAt),
    nodes: entries([...project.seeds, ...project.models, ...project.snapshots]),
    sources: entries(project.sources),
    errors: null,
  };
}
