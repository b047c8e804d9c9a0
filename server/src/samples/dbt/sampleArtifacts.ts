/**
 * The sample dbt projects' artifacts, made the way `dbt build && dbt source freshness && dbt
 * docs generate` would make them, against the organisation's sample warehouse. dbt itself is a
 * Python tool these machines cannot install, so this module does its work for the sample only:
 * it reads each project (server/dbt-sample-project, and server/dbt-sample-finance-project
 * downstream of it), compiles its ref() and source() calls, builds every seed and model in the
 * warehouse, runs every data test and freshness query there, and reads the column types back. The statuses in the artifacts are what the warehouse answered.
 */
import path from 'node:path';
import type { Engine } from '../../platform/warehouse/engine.js';
import { str } from '../../platform/warehouse/engine.js';
import { raw } from '../../platform/warehouse/sql.js';
import { invocationId } from './artifactMetadata.js';
import { readCatalog } from './catalogReader.js';
import { startClock, type Clock } from './clock.js';
import type { CompiledProject } from './compiledTypes.js';
import { compileProject } from './compiler.js';
import { runFreshness } from './freshness.js';
import { writeManifest } from './manifestWriter.js';
import { readProject } from './projectReader.js';
import { writeCatalog, writeRunResults, writeSources } from './runArtifactsWriter.js';
import { runBuild } from './runner.js';

/** The demo project's folder; like DIST_DIR, relative to where the server is started (the repository root). */
export const SAMPLE_PROJECT_DIR = path.resolve('server/dbt-sample-project');
/** The finance team's project, downstream of the demo project's public marts (dbt Mesh). */
export const SAMPLE_FINANCE_PROJECT_DIR = path.resolve('server/dbt-sample-finance-project');

/** The env_var() values the project's YAML reads (exposure URLs point at the portal's demo dashboards). */
export function sampleProjectEnv(options: { organisation: string; portalUrl: string }): Record<string, string> {
  return { DATAWORKS_PORTAL_URL: options.portalUrl.replace(/\/+$/, ''), DATAWORKS_ORGANISATION: options.organisation };
}

export interface SampleArtifacts {
  manifest: unknown;
  runResults: unknown;
  sources: unknown;
  catalog: unknown;
}

type BuildOptions = { now: Date; organisation: string; portalUrl: string };

/** The demo project's artifacts alone, as one `dbt build`, `source freshness`, `docs generate` makes them. */
export async function buildSampleArtifacts(engine: Engine, options: BuildOptions): Promise<SampleArtifacts> {
  return (await buildProject(engine, SAMPLE_PROJECT_DIR, options, startClock(options.now), [])).artifacts;
}

/**
 * Both sample projects, upstream first: the demo project, then the finance project that refs
 * its public models with two-argument ref() (dbt Mesh), each built as its own dbt job would.
 */
export async function buildSampleProjects(engine: Engine, options: BuildOptions): Promise<SampleArtifacts[]> {
  const clock = startClock(options.now);
  const demo = await buildProject(engine, SAMPLE_PROJECT_DIR, options, clock, []);
  const finance = await buildProject(engine, SAMPLE_FINANCE_PROJECT_DIR, options, clock, [demo.compiled]);
  return [demo.artifacts, finance.artifacts];
}

async function buildProject(
  engine: Engine,
  dir: string,
  options: BuildOptions,
  clock: Clock,
  upstream: readonly CompiledProject[],
): Promise<{ artifacts: SampleArtifacts; compiled: CompiledProject }> {
  // The project's sources are the embedded sample's raw tables; a client's Snowflake account has
  // its own dbt project, whose artifacts its dbt job uploads.
  if (engine.kind !== 'duckdb') throw new Error('The sample dbt project is built in the embedded sample warehouse only.');
  const project = await readProject(dir, sampleProjectEnv(options));
  // As a job runs them: `dbt build`, `dbt source freshness` and `dbt docs generate` are three
  // invocations, each with its own id and start (the manifest and catalog share the last one's).
  const invocationAt = (step: string) => {
    const startedAt = clock.now().toISOString();
    return { id: invocationId(`dataworks-sample:${options.organisation}:${project.name}:${options.now.toISOString()}:${step}`), startedAt };
  };
  const invocation = invocationAt('build');
  // dbt-duckdb's database is the attached file's catalog: the organisation's sample file.
  const [current] = await engine.query(raw('SELECT current_database() AS name'));
  if (!current) throw new Error('the warehouse did not name its database');
  const compiled = compileProject(project, str(current, 'name'), upstream);

  const buildStart = clock.elapsed();
  const runs = await runBuild(engine, compiled, clock);
  const runResults = writeRunResults(runs, invocation, clock.now().toISOString(), clock.elapsed() - buildStart, {
    which: 'build',
    invocation_command: 'dbt build',
    project_dir: path.relative(process.cwd(), dir) || '.',
    select: [],
    exclude: [],
  });

  const freshnessInvocation = invocationAt('freshness');
  const freshnessStart = clock.elapsed();
  const checks = await runFreshness(engine, compiled.sources, clock);
  const sources = writeSources(checks, freshnessInvocation, clock.now().toISOString(), clock.elapsed() - freshnessStart);
  const docsInvocation = invocationAt('docs');

  const found = await readCatalog(
    engine,
    compiled.database,
    [...compiled.seeds, ...compiled.models, ...compiled.snapshots, ...compiled.sources].map((item) => item.relation),
  );
  const generatedAt = clock.now().toISOString();
  return {
    compiled,
    artifacts: {
      manifest: writeManifest(compiled, project.targetSchema, docsInvocation, generatedAt),
      runResults,
      sources,
      catalog: writeCatalog(compiled, found, docsInvocation, generatedAt),
    },
  };
}
