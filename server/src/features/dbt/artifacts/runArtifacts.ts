// run_results.json (v4–v6), sources.json (v3) and catalog.json (v1): the results of one dbt
// invocation, read as loose zod objects (unknown keys pass, optional ones may be missing).
import { SUPPORTED_CATALOG_VERSIONS, SUPPORTED_RUN_RESULTS_VERSIONS, SUPPORTED_SOURCES_VERSIONS } from '@common/dbt/artifactsContract';
import { z } from 'zod';
import { ArtifactError } from '../errors.js';
import { requireVersion } from './readJson.js';

const text = z.string().nullish();

const timing = z.array(z.looseObject({ name: text, started_at: text, completed_at: text })).nullish();

const runResultsSchema = z.looseObject({
  metadata: z.looseObject({ generated_at: text }),
  args: z.looseObject({ which: text }).nullish(),
  results: z.array(
    z.looseObject({
      unique_id: z.string(),
      status: z.string(),
      execution_time: z.number().nullish(),
      failures: z.number().nullish(),
      message: text,
      timing,
    }),
  ),
});

const sourcesSchema = z.looseObject({
  metadata: z.looseObject({ generated_at: text }),
  results: z.array(
    z.looseObject({
      unique_id: z.string(),
      status: z.string(),
      max_loaded_at: text,
      snapshotted_at: text,
      max_loaded_at_time_ago_in_s: z.number().nullish(),
      error: text,
    }),
  ),
});

const catalogTable = z.looseObject({
  unique_id: text,
  columns: z.record(z.string(), z.looseObject({ name: text, type: text, index: z.number().nullish(), comment: text })).nullish(),
});
const catalogSchema = z.looseObject({
  nodes: z.record(z.string(), catalogTable).nullish(),
  sources: z.record(z.string(), catalogTable).nullish(),
});

export interface RunResult {
  uniqueId: string;
  status: string;
  /** When the node ran: the end of its execute timing, else the artifact's generated_at. */
  executedAt: string | null;
  executionTime: number | null;
  failures: number | null;
  message: string | null;
}

export interface SourceFreshnessResult {
  uniqueId: string;
  status: string;
  maxLoadedAt: string | null;
  checkedAt: string;
  ageSeconds: number | null;
  error: string | null;
}

/** Column types by node id, then by lower-case column name (warehouses upper-case them). */
/** Per node, its columns keyed by lower-cased name, each with the name as the warehouse spells it. */
export type CatalogTypes = Map<string, Map<string, { name: string; type: string | null; index: number }>>;

function problem(part: string, version: string, error: z.ZodError): ArtifactError {
  const issue = error.issues[0];
  const where = issue?.path.map(String).join('.') ?? '';
  return new ArtifactError(
    part,
    `${part} ${version} cannot be read: ${where ? `"${where}": ` : ''}${issue?.message ?? 'unexpected shape'}.`,
  );
}

/** dbt commands whose results say nothing about builds or tests (`docs generate` reports every node as "success"). */
const NON_BUILDING_COMMANDS = new Set(['generate', 'compile', 'docs', 'ls', 'list', 'parse', 'show', 'debug', 'deps', 'clean']);

export interface RunResults {
  /** `args.which`: build, run, test, seed, snapshot, generate, … (null when not recorded). */
  command: string | null;
  /** False for commands that build nothing: their results are not kept as build or test history. */
  builds: boolean;
  results: RunResult[];
}

export function parseRunResults(json: unknown): RunResults {
  const version = requireVersion(json, 'run_results', 'run-results', SUPPORTED_RUN_RESULTS_VERSIONS);
  const parsed = runResultsSchema.safeParse(json);
  if (!parsed.success) throw problem('run_results', version, parsed.error);
  const generatedAt = parsed.data.metadata.generated_at ?? null;
  const command = parsed.data.args?.which ?? null;
  const results = parsed.data.results.map((result) => {
    const execute = result.timing?.find((entry) => entry.name === 'execute');
    return {
      uniqueId: result.unique_id,
      status: result.status.toLowerCase(),
      executedAt: execute?.completed_at ?? generatedAt,
      executionTime: result.execution_time ?? null,
      failures: result.failures ?? null,
      message: result.message ?? null,
    };
  });
  return { command, builds: command === null || !NON_BUILDING_COMMANDS.has(command), results };
}

export function parseSources(json: unknown): SourceFreshnessResult[] {
  const version = requireVersion(json, 'sources', 'sources', SUPPORTED_SOURCES_VERSIONS);
  const parsed = sourcesSchema.safeParse(json);
  if (!parsed.success) throw problem('sources', version, parsed.error);
  const generatedAt = parsed.data.metadata.generated_at ?? new Date().toISOString();
  return parsed.data.results.map((result) => ({
    uniqueId: result.unique_id,
    status: result.status.toLowerCase(),
    maxLoadedAt: result.max_loaded_at ?? null,
    checkedAt: result.snapshotted_at ?? generatedAt,
    ageSeconds: result.max_loaded_at_time_ago_in_s ?? null,
    error: result.error ?? null,
  }));
}

export function parseCatalog(json: unknown): CatalogTypes {
  const version = requireVersion(json, 'catalog', 'catalog', SUPPORTED_CATALOG_VERSIONS);
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) throw problem('catalog', version, parsed.error);
  const types: CatalogTypes = new Map();
  for (const [id, table] of [...Object.entries(parsed.data.nodes ?? {}), ...Object.entries(parsed.data.sources ?? {})]) {
    const columns = new Map<string, { name: string; type: string | null; index: number }>();
    for (const [key, column] of Object.entries(table.columns ?? {})) {
      const name = column.name ?? key;
      columns.set(name.toLowerCase(), { name, type: column.type ?? null, index: column.index ?? columns.size + 1 });
    }
    types.set(table.unique_id ?? id, columns);
  }
  return types;
}
