/**
 * `npm run dbt:sample -- <output directory> [--org acme] [--portal-url http://localhost:3000]`:
 * generates a fresh sample warehouse for the organisation in a temporary directory, builds the
 * sample dbt projects in it (server/dbt-sample-project, then server/dbt-sample-finance-project,
 * which refs its public models), and writes each run's manifest.json, run_results.json,
 * sources.json and catalog.json — the files a dbt job would upload to POST /api/dbt/artifacts:
 * the demo project's to the output directory, the finance project's to its `dataworks_finance`
 * folder (upload it after the demo project, so its cross-project refs resolve). The portal URL (default: PORTAL_PUBLIC_URL, else
 * http://localhost:3000) is where the dashboard exposures point.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleProjects } from '../server/src/samples/dbt/sampleArtifacts.js';
import { generateSampleAccount } from '../server/src/samples/warehouse/generator.js';
import { openDuckDbEngine } from '../server/src/platform/warehouse/duckdbEngine.js';

const USAGE = 'usage: npm run dbt:sample -- <output directory> [--org <organisation>] [--portal-url <url>]';

function parseArgs(argv: readonly string[]): { out: string; org: string; portalUrl: string } {
  let out: string | undefined;
  let org = 'acme';
  let portalUrl = process.env.PORTAL_PUBLIC_URL ?? 'http://localhost:3000';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--org' && value) {
      org = value;
      i += 1;
    } else if (arg === '--portal-url' && value) {
      portalUrl = value;
      i += 1;
    } else if (arg && !arg.startsWith('--') && out === undefined) out = arg;
    else throw new Error(USAGE);
  }
  if (!out) throw new Error(USAGE);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(org)) throw new Error('--org must be an organisation id (lower-case letters, digits and dashes)');
  return { out: path.resolve(out), org, portalUrl };
}

/** `metadata.project_name` of a manifest the sample builder wrote. */
function projectNameOf(manifest: unknown): string {
  const name = (manifest as { metadata?: { project_name?: unknown } }).metadata?.project_name;
  if (typeof name !== 'string') throw new Error('the sample manifest names no project');
  return name;
}

async function main(): Promise<void> {
  const { out, org, portalUrl } = parseArgs(process.argv.slice(2));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dbt-sample-'));
  try {
    // The file is named after the organisation, as the portal names it: its database is `org`.
    const file = path.join(dir, `${org}.duckdb`);
    const now = new Date();
    const summary = await generateSampleAccount(file, { org, queryCount: Number(process.env.WAREHOUSE_SAMPLE_QUERIES ?? 150_000), now });
    console.log(`Sample warehouse for ${org} generated in ${(summary.milliseconds / 1000).toFixed(1)} s.`);
    const engine = await openDuckDbEngine(file);
    const started = Date.now();
    try {
      const [demo, ...downstream] = await buildSampleProjects(engine, { now, organisation: org, portalUrl });
      const written: string[] = [];
      for (const [artifacts, folder] of [
        [demo, out],
        ...downstream.map((artifacts) => [artifacts, path.join(out, projectNameOf(artifacts.manifest))] as const),
      ] as const) {
        if (!artifacts) continue;
        await fs.mkdir(folder, { recursive: true });
        const files: Array<[string, unknown]> = [
          ['manifest.json', artifacts.manifest],
          ['run_results.json', artifacts.runResults],
          ['sources.json', artifacts.sources],
          ['catalog.json', artifacts.catalog],
        ];
        for (const [name, content] of files) await fs.writeFile(path.join(folder, name), `${JSON.stringify(content, null, 2)}\n`);
        written.push(`${projectNameOf(artifacts.manifest)} to ${folder}`);
      }
      console.log(
        `Built, tested and checked the sample dbt projects in ${Date.now() - started} ms; wrote manifest.json, run_results.json, sources.json and catalog.json of ${written.join(' and of ')}.`,
      );
    } finally {
      await engine.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
