/**
 * `npm run bench:catalog`: the dbt layer at scale. Builds the sample project's artifacts on a
 * sample warehouse, grows the manifest to BENCH_MODELS models (default 5,000) with the
 * repository's generator, writes it with a nightly run_results.json and sources.json, then:
 *
 *   1. ingests them in a child process, from the files as an upload would (read once, parsed,
 *      one store transaction), printing the time and the child's peak memory (aim < 10 s, < 1 GB);
 *   2. searches every asset and column with BENCH_SEARCHES queries (prefixes of names and
 *      column words, several words, facet filters, the empty list) and prints median and p95
 *      (aim p95 < 50 ms);
 *   3. asks for the lineage at depth 3 each way around BENCH_FOCI busy models and prints median
 *      and p95 (aim < 50 ms);
 *   4. column-level lineage of the whole project, with searches meanwhile, and impact queries at
 *      depth 5 (scripts/benchColumnLineage.ts);
 *   5. Data Quality and the Incident Manager on 60 days of run history, and the profiler on a
 *      10,000,000-row DuckDB table (scripts/benchCatalogQuality.ts);
 *   6. cost per asset on 60 days of query history carrying the project's builds, and the Domain
 *      and Data Products reads (scripts/benchCatalogDomains.ts);
 *   7. the Glossary, Classifications and Metrics reads, a 1,000-term CSV import and the
 *      personal-data scan by name (scripts/benchCatalogGovernance.ts).
 *
 *   8. ten projects of 500 models in one organisation, with cross-project refs (dbt Mesh): the
 *      ingest of each, search over them and lineage across them (scripts/benchCatalogProjects.ts).
 *
 * BENCH_CATALOG_ONLY=scale stops after part 3 (the enterprise-scale run: BENCH_MODELS=20000 with
 * BENCH_DATABASE_URL); BENCH_CATALOG_ONLY=column-lineage stops after part 4; BENCH_CATALOG_ONLY=projects
 * runs part 8 only.
 *
 * The store is an embedded PGlite under a temporary directory (BENCH_KEEP=true keeps it), or the
 * PostgreSQL database of BENCH_DATABASE_URL (its organisation `bench` is replaced).
 */
import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogSearchQuery } from '../common/dbt/catalogContract.js';
import { readArtifactFile } from '../server/src/features/dbt/artifacts/readJson.js';
import { ingestArtifacts } from '../server/src/features/dbt/ingest.js';
import { lineageAround } from '../server/src/features/dbt/lineage.js';
import { createProjectIndexCache } from '../server/src/features/dbt/projectIndex.js';
import { buildSampleArtifacts } from '../server/src/samples/dbt/sampleArtifacts.js';
import { syntheticManifest, syntheticRunResults, syntheticSourceFreshness } from '../server/src/samples/dbt/syntheticProject.js';
import { searchCatalog } from '../server/src/features/dbt/search.js';
import { generateSampleAccount } from '../server/src/samples/warehouse/generator.js';
import { layoutGraph } from '../src/components/lineage/layoutGraph';
import { openPortalStore } from '../server/src/app/portalStore.js';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';
import { benchCatalogDomains } from './benchCatalogDomains.js';
import { benchColumnLineage } from './benchColumnLineage.js';
import { benchCatalogGovernance } from './benchCatalogGovernance.js';
import { benchCatalogQuality } from './benchCatalogQuality.js';
import { benchCatalogProjects } from './benchCatalogProjects.js';

const MODELS = Number(process.env.BENCH_MODELS ?? 5000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const FOCI = Number(process.env.BENCH_FOCI ?? 50);
const ORGANISATION = 'bench';
const DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

interface IngestFigures {
  milliseconds: number;
  peak: number;
  peakHeap: number;
  atStart: number;
  baseline: number;
  counts: Record<string, number>;
}

/** The child: ingests the files in `dir` into the store under `dir/store`, reports time and peak memory. */
async function ingestChild(dir: string): Promise<void> {
  let peak = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = () => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const atStart = process.memoryUsage().rss;
  const store = await openPortalStore({ databaseUrl: DATABASE_URL, dataDir: dir });
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const summary = await ingestArtifacts(
    store.db,
    {
      manifest: await readArtifactFile(path.join(dir, 'manifest.json'), 'manifest'),
      run_results: await readArtifactFile(path.join(dir, 'run_results.json'), 'run_results'),
      sources: await readArtifactFile(path.join(dir, 'sources.json'), 'sources'),
    },
    { organisation: ORGANISATION, origin: 'upload', actor: { organisation: ORGANISATION, subject: 'bench', username: 'bench' } },
  );
  const milliseconds = performance.now() - started;
  sample();
  clearInterval(sampler);
  await store.close();
  process.stdout.write(`${JSON.stringify({ milliseconds, peak, peakHeap, atStart, baseline, counts: summary.counts })}\n`);
}

function runChild(dir: string): Promise<IngestFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] as string], {
      env: { ...process.env, BENCH_CATALOG_CHILD: dir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => {
      const line = output.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`the ingesting process exited with ${code}: ${output}`));
      else resolve(JSON.parse(line) as IngestFigures);
    });
  });
}

async function writeArtifacts(dir: string): Promise<unknown> {
  const warehouseFile = path.join(dir, 'bench.duckdb');
  console.log('Building the sample warehouse and the sample project’s artifacts …');
  await generateSampleAccount(warehouseFile, { org: ORGANISATION, queryCount: 20_000 });
  const engine = await openDuckDbEngine(warehouseFile);
  const sample = await buildSampleArtifacts(engine, { now: new Date(), organisation: ORGANISATION, portalUrl: 'http://localhost:3000' });
  await engine.close();
  const manifest = syntheticManifest(sample.manifest, MODELS);
  await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  await fs.writeFile(path.join(dir, 'run_results.json'), JSON.stringify(syntheticRunResults(manifest, 0)));
  await fs.writeFile(path.join(dir, 'sources.json'), JSON.stringify(syntheticSourceFreshness(manifest, 0)));
  const size = (await fs.stat(path.join(dir, 'manifest.json'))).size;
  console.log(`Synthetic manifest: ${MODELS.toLocaleString('en')} models, ${mb(size)} on disk.`);
  return sample.manifest;
}

/** Queries a user types: prefixes of names and of column words, two words, filtered, and the empty list. */
function searchQueries(names: readonly string[], columns: readonly string[]): Record<string, unknown>[] {
  const queries: Record<string, unknown>[] = [];
  for (let i = 0; queries.length < SEARCHES; i += 1) {
    const name = names[(i * 7919) % names.length] ?? 'orders';
    const column = columns[(i * 104729) % columns.length] ?? 'id';
    const words = name.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 2);
    const word = words[i % Math.max(1, words.length)] ?? name;
    switch (i % 6) {
      case 0:
        queries.push({ q: word.slice(0, 3) });
        break;
      case 1:
        queries.push({ q: word });
        break;
      case 2:
        queries.push({ q: column.slice(0, Math.max(3, column.length - 2)) });
        break;
      case 3:
        queries.push({ q: `${word} ${column.slice(0, 4)}` });
        break;
      case 4:
        queries.push({ q: word.slice(0, 4), kind: ['model'] });
        break;
      default:
        queries.push({ offset: (i * 25) % 1000 });
    }
  }
  return queries;
}

async function main(): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-bench-catalog-'));
  try {
    const sampleManifest = await writeArtifacts(dir);
    if (process.env.BENCH_CATALOG_ONLY === 'projects') {
      const store = await openPortalStore({ databaseUrl: DATABASE_URL, dataDir: dir });
      await benchCatalogProjects(store.db, sampleManifest);
      await store.close();
      return;
    }
    const ingest = await runChild(dir);
    console.log(
      `Ingest of ${MODELS.toLocaleString('en')} models: ${(ingest.milliseconds / 1000).toFixed(2)} s (aim < 10 s at 5,000 models, < 30 s at 20,000 on PostgreSQL), peak memory ${mb(ingest.peak)} RSS (aim < 1 GB), peak JS heap ${mb(ingest.peakHeap)}.`,
    );
    console.log(
      `  RSS ${mb(ingest.atStart)} at start, ${mb(ingest.baseline)} with the store open (${DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite, its WebAssembly memory included'}), before reading the files.`,
    );
    console.log(`  counts: ${JSON.stringify(ingest.counts)}`);

    const store = await openPortalStore({ databaseUrl: DATABASE_URL, dataDir: dir });
    const cache = createProjectIndexCache(store.db);
    let started = performance.now();
    const index = await cache.get(ORGANISATION);
    if (!index) throw new Error('nothing was ingested');
    console.log(
      `Project index (first request after an ingestion): ${ms(performance.now() - started)} for ${index.nodes.size.toLocaleString('en')} nodes and ${index.docs.length.toLocaleString('en')} search documents.`,
    );

    const names = [...index.nodes.values()].filter((node) => node.resourceType !== 'test').map((node) => node.name);
    const columns = index.docs.filter((doc) => doc.column).map((doc) => doc.column as string);
    const searchTimes: number[] = [];
    let hits = 0;
    for (const query of searchQueries(names, columns)) {
      started = performance.now();
      const result = await searchCatalog(store.db, ORGANISATION, await cache.get(ORGANISATION), catalogSearchQuery.parse(query));
      searchTimes.push(performance.now() - started);
      hits += result.total;
    }
    console.log(
      `Search (${searchTimes.length} queries over all assets and columns, facets and highlights included): median ${ms(percentile(searchTimes, 0.5))}, p95 ${ms(percentile(searchTimes, 0.95))} (aim p95 < 50 ms); ${Math.round(hits / searchTimes.length)} matches on average.`,
    );

    const busiest = [...index.nodes.values()]
      .filter((node) => node.resourceType === 'model')
      .map((node) => ({
        id: node.uniqueId,
        degree: (index.parents.get(node.uniqueId)?.length ?? 0) + (index.children.get(node.uniqueId)?.length ?? 0),
      }))
      .sort((a, b) => b.degree - a.degree)
      .slice(0, FOCI);
    const lineageTimes: number[] = [];
    let shown = 0;
    let largest: ReturnType<typeof lineageAround> | null = null;
    for (const focus of busiest) {
      started = performance.now();
      const current = await cache.get(ORGANISATION);
      if (!current) throw new Error('the index went away');
      const result = lineageAround(current, { focus: focus.id, upstream: 3, downstream: 3, limit: 2000 });
      lineageTimes.push(performance.now() - started);
      shown += result.nodes.length;
      if (!largest || result.nodes.length > largest.nodes.length) largest = result;
    }
    console.log(
      `Lineage at depth 3 each way (${lineageTimes.length} busiest models, ${Math.round(shown / lineageTimes.length)} nodes each on average): median ${ms(percentile(lineageTimes, 0.5))}, p95 ${ms(percentile(lineageTimes, 0.95))} (aim < 50 ms).`,
    );
    // The browser lays each answer out in a web worker (src/components/lineage/layoutGraph.ts):
    // the same function, timed here on the largest answer and on 2,000 nodes of the project.
    if (largest) {
      const layoutOf = (nodes: string[], edges: { from: string; to: string }[]) => {
        const times: number[] = [];
        for (let run = 0; run < 3; run += 1) times.push(layoutGraph({ id: run, nodes, edges }).milliseconds);
        return percentile(times, 0.5);
      };
      const largestMs = layoutOf(
        largest.nodes.map((node) => node.uniqueId),
        largest.edges,
      );
      const twoThousand = new Set([...index.nodes.keys()].slice(0, 2000));
      const edges = [...twoThousand].flatMap((id) =>
        (index.children.get(id) ?? []).filter((child) => twoThousand.has(child)).map((to) => ({ from: id, to })),
      );
      console.log(
        `Lineage layout in the browser's worker (dagre, longest-path): the largest depth-3 answer (${largest.nodes.length} nodes) ${ms(largestMs)}; 2,000 nodes with their ${edges.length} edges ${ms(layoutOf([...twoThousand], edges))} (median of 3).`,
      );
    }
    if (process.env.BENCH_CATALOG_ONLY === 'scale') {
      await store.close();
      return;
    }
    await benchColumnLineage(store.db, ORGANISATION, cache);
    if (process.env.BENCH_CATALOG_ONLY !== 'column-lineage') {
      await benchCatalogQuality(store.db, ORGANISATION, dir);
      await benchCatalogDomains(store.db, ORGANISATION, dir);
      await benchCatalogGovernance(store.db, ORGANISATION);
      await benchCatalogProjects(store.db, sampleManifest);
    }
    await store.close();
  } finally {
    if (process.env.BENCH_KEEP !== 'true') await fs.rm(dir, { recursive: true, force: true });
    else console.log(`Kept ${dir}`);
  }
}

const child = process.env.BENCH_CATALOG_CHILD;
(child ? ingestChild(child) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
