/**
 * Test inputs for the dbt layer: the real artifacts in ../shared/dbt-real (used by path, never
 * copied), and a small hand-built manifest whose shape follows dbt's v12 schema, for rules that
 * need a known graph (health, lineage, search).
 */
import { existsSync, promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseManifest } from '../../../../server/src/features/dbt/artifacts/manifest';

/** The repository's root; the real artifacts sit beside it, at ../shared/dbt-real. */
const ROOT = path.resolve(__dirname, '../../../..');
export const REAL = path.resolve(ROOT, '../shared/dbt-real');

export async function realJson(folder: string, file: string): Promise<unknown> {
  return JSON.parse(await fs.readFile(path.join(REAL, folder, file), 'utf8')) as unknown;
}

export const realPath = (folder: string, file: string) => path.join(REAL, folder, file);

/** The real projects whose manifest the portal accepts (the others are refused by version, tested in ingest.test.ts). */
export function acceptedRealProjects(): string[] {
  return readdirSync(REAL, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(REAL, entry.name, 'manifest.json')))
    .map((entry) => entry.name)
    .filter((folder) => {
      try {
        parseManifest(JSON.parse(readFileSync(path.join(REAL, folder, 'manifest.json'), 'utf8')));
        return true;
      } catch {
        return false;
      }
    });
}

const metadata = (kind: string, version: string, extra: Record<string, unknown> = {}) => ({
  dbt_schema_version: `https://schemas.getdbt.com/dbt/${kind}/${version}.json`,
  dbt_version: '1.9.4',
  generated_at: '2026-01-01T00:00:00Z',
  invocation_id: 'test',
  env: {},
  ...extra,
});

interface ModelSpec {
  name: string;
  parents?: string[];
  description?: string;
  tags?: string[];
  columns?: string[];
  meta?: Record<string, unknown>;
}

export interface ProjectSpec {
  models: ModelSpec[];
  sources?: {
    source: string;
    name: string;
    loadedAt?: string;
    warnHours?: number;
    errorHours?: number;
    schema?: string;
    identifier?: string;
    database?: string;
    filter?: string;
  }[];
  tests?: { name: string; on: string; column?: string; severity?: string }[];
  exposures?: { name: string; parents: string[]; url?: string }[];
}

/** ids: `model.shop.<name>`, `source.shop.<source>.<name>`, `test.shop.<name>`, `exposure.shop.<name>`. */
export function manifestOf(spec: ProjectSpec, version = 'v12'): Record<string, unknown> {
  const nodes: Record<string, unknown> = {};
  for (const model of spec.models) {
    nodes[`model.shop.${model.name}`] = {
      unique_id: `model.shop.${model.name}`,
      resource_type: 'model',
      name: model.name,
      package_name: 'shop',
      database: 'analytics',
      schema: 'marts',
      alias: model.name,
      relation_name: `analytics.marts.${model.name}`,
      description: model.description ?? '',
      tags: model.tags ?? [],
      meta: model.meta ?? {},
      config: { materialized: 'table', tags: [], meta: {} },
      columns: Object.fromEntries(
        (model.columns ?? []).map((column) => [column, { name: column, description: `The ${column}`, data_type: null, tags: [] }]),
      ),
      original_file_path: `models/${model.name}.sql`,
      raw_code: `select 1 as id`,
      compiled_code: `select 1 as id`,
      depends_on: { macros: [], nodes: model.parents ?? [] },
      some_future_key: { added: 'in a later dbt minor' },
    };
  }
  for (const test of spec.tests ?? []) {
    nodes[`test.shop.${test.name}`] = {
      unique_id: `test.shop.${test.name}`,
      resource_type: 'test',
      name: test.name,
      package_name: 'shop',
      attached_node: test.on,
      column_name: test.column ?? null,
      test_metadata: { name: 'not_null', kwargs: {} },
      config: { severity: test.severity ?? 'ERROR' },
      depends_on: { macros: [], nodes: [test.on] },
    };
  }
  const sources = Object.fromEntries(
    (spec.sources ?? []).map((source) => [
      `source.shop.${source.source}.${source.name}`,
      {
        unique_id: `source.shop.${source.source}.${source.name}`,
        resource_type: 'source',
        name: source.name,
        source_name: source.source,
        package_name: 'shop',
        database: source.database ?? 'raw',
        schema: source.schema ?? source.source,
        identifier: source.identifier ?? source.name,
        relation_name: `raw.${source.source}.${source.name}`,
        description: `Raw ${source.name}`,
        loaded_at_field: source.loadedAt ?? null,
        freshness: {
          warn_after: source.warnHours ? { count: source.warnHours, period: 'hour' } : { count: null, period: null },
          error_after: source.errorHours ? { count: source.errorHours, period: 'hour' } : { count: null, period: null },
          filter: source.filter ?? null,
        },
        columns: {},
        tags: [],
        meta: {},
        config: {},
      },
    ]),
  );
  const exposures = Object.fromEntries(
    (spec.exposures ?? []).map((exposure) => [
      `exposure.shop.${exposure.name}`,
      {
        unique_id: `exposure.shop.${exposure.name}`,
        name: exposure.name,
        package_name: 'shop',
        type: 'dashboard',
        maturity: 'high',
        url: exposure.url ?? null,
        owner: { name: 'Ann Analyst', email: 'ann@example.com' },
        description: `The ${exposure.name} dashboard`,
        tags: [],
        depends_on: { macros: [], nodes: exposure.parents },
      },
    ]),
  );
  return {
    metadata: metadata('manifest', version, { project_name: 'shop' }),
    nodes,
    sources,
    exposures,
    metrics: {},
    semantic_models: {},
    groups: {},
  };
}

export function runResultsOf(
  results: { id: string; status: string; at?: string; message?: string }[],
  which = 'build',
): Record<string, unknown> {
  return {
    metadata: metadata('run-results', 'v6'),
    args: { which },
    elapsed_time: 1,
    results: results.map((result) => ({
      unique_id: result.id,
      status: result.status,
      execution_time: 0.5,
      failures: result.status === 'fail' ? 3 : 0,
      message: result.message ?? null,
      timing: [{ name: 'execute', started_at: result.at ?? '2026-01-01T00:00:00Z', completed_at: result.at ?? '2026-01-01T00:00:00Z' }],
      thread_id: 'Thread-1',
      adapter_response: {},
    })),
  };
}

export function sourcesOf(results: { id: string; status: string; maxLoadedAt?: string; at?: string }[]): Record<string, unknown> {
  return {
    metadata: metadata('sources', 'v3'),
    elapsed_time: 1,
    results: results.map((result) => ({
      unique_id: result.id,
      status: result.status,
      max_loaded_at: result.maxLoadedAt ?? '2026-01-01T00:00:00Z',
      snapshotted_at: result.at ?? '2026-01-01T00:00:00Z',
      max_loaded_at_time_ago_in_s: 3600,
      criteria: {},
      adapter_response: {},
      timing: [],
      thread_id: 'Thread-1',
      execution_time: 0.1,
    })),
  };
}

/**
 * The store these suites run on: PGlite, or PostgreSQL when STORE_TEST_DATABASE_URL is set
 * (`bash .ci/postgres` prints one), in a schema of the suite's own (see ../../schemaStore.ts).
 */
export async function openTestStore(): Promise<import('../../../../server/src/platform/store/openStore').Store> {
  const { openSchemaStore } = await import('../../schemaStore');
  return openSchemaStore('dbt_test');
}
