/**
 * `npm run dbt:sample`: the four files it writes are valid dbt artifacts (read back from disk
 * and checked against dbt's schemas), for another organisation and portal address than the
 * other tests use.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { dbtSchema, schemaErrors } from './dbtSchemas';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');

jest.setTimeout(120_000);

it("writes manifest, run_results, sources and catalog of both sample projects that validate against dbt's schemas", async () => {
  const out = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dbt-sample-out-'));
  try {
    await run(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/dbt-sample-artifacts.ts', out, '--org', 'globex', '--portal-url', 'https://dataworks.example.org'],
      {
        cwd: ROOT,
        env: { ...process.env, WAREHOUSE_SAMPLE_QUERIES: '2000' },
      },
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- dbt's JSON, checked by the schemas
    type Artifact = Record<string, any>;
    const read = async (file: string): Promise<Artifact> => JSON.parse(await fs.readFile(path.join(out, file), 'utf8')) as Artifact;
    const manifest = await read('manifest.json');
    expect(schemaErrors(dbtSchema('manifest/v12.json'), manifest)).toEqual([]);
    expect(schemaErrors(dbtSchema('run-results/v6.json'), await read('run_results.json'))).toEqual([]);
    expect(schemaErrors(dbtSchema('sources/v3.json'), await read('sources.json'))).toEqual([]);
    expect(schemaErrors(dbtSchema('catalog/v1.json'), await read('catalog.json'))).toEqual([]);
    expect(manifest.exposures['exposure.dataworks_demo.query_activity_dashboard'].url).toBe(
      'https://dataworks.example.org/demo-dashboards/globex/query-activity',
    );
    expect(manifest.nodes['model.dataworks_demo.fct_orders'].database).toBe('globex');
    // The downstream finance project, in a folder of its own, refs the demo project's public marts.
    const finance = await read('dataworks_finance/manifest.json');
    expect(schemaErrors(dbtSchema('manifest/v12.json'), finance)).toEqual([]);
    expect(finance.metadata.project_name).toBe('dataworks_finance');
    expect(finance.nodes['model.dataworks_demo.fct_orders'].package_name).toBe('dataworks_demo');
    expect(schemaErrors(dbtSchema('run-results/v6.json'), await read('dataworks_finance/run_results.json'))).toEqual([]);
  } finally {
    await fs.rm(out, { recursive: true, force: true });
  }
});

it('refuses to run without an output directory', async () => {
  await expect(run(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/dbt-sample-artifacts.ts'], { cwd: ROOT })).rejects.toMatchObject({
    stderr: expect.stringContaining('usage: npm run dbt:sample'),
  });
});
