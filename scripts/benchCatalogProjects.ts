/**
 * The several-projects part of `npm run bench:catalog`: ten dbt projects of BENCH_PROJECT_MODELS
 * models each (default 500), grown from the sample project by the repository's generator and
 * renamed p0 … p9. Each project after the first refs BENCH_PROJECT_REFS (default 20) models of
 * the one before it the way dbt Mesh writes a two-argument ref (the other project's model as a
 * node with no file of its own). All ten go into one organisation, one upload each, then:
 *   1. the ingest time of each (aim < 2 s each);
 *   2. searches over the ten projects together (aim p95 < 50 ms);
 *   3. lineage at depth 3 each way around the models that ref another project (aim < 50 ms),
 *      checking that each answer reaches the other project.
 */
import { catalogSearchQuery } from '../common/dbt/catalogContract.js';
import { ingestArtifacts } from '../server/src/features/dbt/ingest.js';
import { lineageAround } from '../server/src/features/dbt/lineage.js';
import { createProjectIndexCache } from '../server/src/features/dbt/projectIndex.js';
import { searchCatalog } from '../server/src/features/dbt/search.js';
import { syntheticManifest, syntheticRunResults } from '../server/src/samples/dbt/syntheticProject.js';
import type { StoreDb } from '../server/src/platform/store/openStore.js';

const PROJECTS = 10;
const MODELS = Number(process.env.BENCH_PROJECT_MODELS ?? 500);
const REFS = Number(process.env.BENCH_PROJECT_REFS ?? 20);
const SEARCHES = 200;

type Json = Record<string, unknown>;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The grown project under another name: its ids, package and project name. */
function renamed(manifest: unknown, from: string, to: string): Json {
  return JSON.parse(JSON.stringify(manifest).replaceAll(`.${from}.`, `.${to}.`).replaceAll(`"${from}"`, `"${to}"`)) as Json;
}

/** Project `project` refs `count` models of `upstream`: an external node each, and an edge from it to one of its own models. */
function withRefs(manifest: Json, project: string, upstream: string, count: number): string[] {
  const nodes = manifest.nodes as Record<string, Json>;
  const own = Object.values(nodes).filter((node) => node.resource_type === 'model');
  const referring: string[] = [];
  for (const node of own.slice(0, count)) {
    const name = String(node.name);
    const uniqueId = `model.${upstream}.${name}`;
    nodes[uniqueId] = {
      unique_id: uniqueId,
      resource_type: 'model',
      name,
      package_name: upstream,
      relation_name: String(node.relation_name ?? '').replace(project, upstream),
      original_file_path: '',
      path: '',
      access: 'public',
      config: { access: 'public' },
      depends_on: { nodes: [] },
    };
    const dependsOn = (node.depends_on ?? { nodes: [] }) as { nodes: string[] };
    node.depends_on = { ...dependsOn, nodes: [...(dependsOn.nodes ?? []), uniqueId] };
    referring.push(String(node.unique_id));
  }
  return referring;
}

export async function benchCatalogProjects(db: StoreDb, sampleManifest: unknown): Promise<void> {
  const organisation = 'bench-projects';
  console.log(
    `Several projects: ${PROJECTS} projects of ${MODELS} models, each after the first reffing ${REFS} models of the one before …`,
  );
  const base = syntheticManifest(sampleManifest, MODELS) as Json;
  const baseName = String((base.metadata as Json).project_name);
  const ingestTimes: number[] = [];
  const referring: string[] = [];
  for (let k = 0; k < PROJECTS; k += 1) {
    const project = `p${k}`;
    const manifest = renamed(base, baseName, project);
    if (k > 0) referring.push(...withRefs(manifest, project, `p${k - 1}`, REFS));
    const runResults = syntheticRunResults(manifest, 0);
    const started = performance.now();
    await ingestArtifacts(
      db,
      { manifest, run_results: runResults },
      { organisation, origin: 'upload', actor: { organisation, subject: 'bench', username: 'bench' } },
    );
    ingestTimes.push(performance.now() - started);
  }
  console.log(
    `  ingest per project: median ${ms(percentile(ingestTimes, 0.5))}, slowest ${ms(Math.max(...ingestTimes))} (aim < 2 s each; the later ones replace nothing but read the earlier projects' ids to refuse an overlap).`,
  );

  const cache = createProjectIndexCache(db);
  let started = performance.now();
  const index = await cache.get(organisation);
  if (!index) throw new Error('nothing was ingested');
  console.log(
    `  index of the ${PROJECTS} projects: ${ms(performance.now() - started)} for ${index.nodes.size.toLocaleString('en')} nodes.`,
  );

  const names = [...index.nodes.values()].filter((node) => node.resourceType === 'model').map((node) => node.name);
  const searchTimes: number[] = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const name = names[(i * 7919) % names.length] ?? 'orders';
    const word = name.split(/[^A-Za-z0-9]+/).find((part) => part.length > 2) ?? name;
    const query =
      i % 4 === 0 ? { q: word.slice(0, 3), project: [`p${i % PROJECTS}`] } : i % 4 === 1 ? { q: word } : { q: word.slice(0, 4) };
    started = performance.now();
    await searchCatalog(db, organisation, await cache.get(organisation), catalogSearchQuery.parse(query));
    searchTimes.push(performance.now() - started);
  }
  console.log(
    `  search over the ${PROJECTS} projects (${SEARCHES} queries, a quarter filtered by project): median ${ms(percentile(searchTimes, 0.5))}, p95 ${ms(percentile(searchTimes, 0.95))} (aim p95 < 50 ms).`,
  );

  const lineageTimes: number[] = [];
  let crossing = 0;
  for (const focus of referring) {
    started = performance.now();
    const current = await cache.get(organisation);
    if (!current) throw new Error('the index went away');
    const result = lineageAround(current, { focus, upstream: 3, downstream: 3, limit: 2000 });
    lineageTimes.push(performance.now() - started);
    const own = current.nodes.get(focus)?.project;
    if (result.nodes.some((node) => node.projectName !== own && !node.missing)) crossing += 1;
  }
  console.log(
    `  lineage at depth 3 each way around the ${referring.length} models that ref another project: median ${ms(percentile(lineageTimes, 0.5))}, p95 ${ms(percentile(lineageTimes, 0.95))} (aim < 50 ms); ${crossing} of ${referring.length} answers reach the other project.`,
  );
}
