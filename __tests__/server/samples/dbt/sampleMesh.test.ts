/**
 * The two sample projects as dbt Mesh: the finance project refs the demo project's public marts
 * with two-argument ref(). Built against a real sample warehouse and ingested into a real store,
 * the finance manifest is valid dbt, holds the demo models as external nodes, and lineage and
 * exposure health cross from one project into the other.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { exposureHealth } from '../../../../server/src/features/dbt/health';
import { lineageAround } from '../../../../server/src/features/dbt/lineage';
import { createProjectIndexCache, type ProjectIndex } from '../../../../server/src/features/dbt/projectIndex';
import { listProjects } from '../../../../server/src/features/dbt/projects';
import { currentHealthInputs } from '../../../../server/src/features/dbt/resultQueries';
import { compileProject } from '../../../../server/src/samples/dbt/compiler';
import { readProject } from '../../../../server/src/samples/dbt/projectReader';
import {
  buildSampleProjects,
  SAMPLE_FINANCE_PROJECT_DIR,
  SAMPLE_PROJECT_DIR,
  sampleProjectEnv,
} from '../../../../server/src/samples/dbt/sampleArtifacts';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { NOW, openTestAccount, type TestAccount } from '../../features/warehouse/sampleAccount';
import { openTestStore } from '../../features/dbt/fixtures';
import { dbtSchema, schemaErrors } from './dbtSchemas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- artifacts are read as dbt's JSON, checked by the schemas

jest.setTimeout(120_000);

let account: TestAccount;
let store: Store;
let demo: Json;
let finance: Json;
let index: ProjectIndex;

beforeAll(async () => {
  account = await openTestAccount({ org: 'acme', queryCount: 500 });
  [demo, finance] = (await buildSampleProjects(account.engine, {
    now: NOW,
    organisation: 'acme',
    portalUrl: 'https://portal.example.com',
  })) as unknown as [Json, Json];
  store = await openTestStore();
  for (const artifacts of [demo, finance])
    await ingestArtifacts(
      store.db,
      { manifest: artifacts.manifest, run_results: artifacts.runResults, sources: artifacts.sources, catalog: artifacts.catalog },
      { organisation: 'acme', origin: 'sample', actor: { organisation: 'acme', subject: 's', username: 'sample project' } },
    );
  index = (await createProjectIndexCache(store.db).get('acme')) as ProjectIndex;
});

afterAll(async () => {
  await store?.close();
  await account?.close();
});

it('the finance project is valid dbt: each artifact passes its published schema', () => {
  expect(finance.manifest.metadata.project_name).toBe('dataworks_finance');
  expect(schemaErrors(dbtSchema('manifest/v12.json'), finance.manifest)).toEqual([]);
  expect(schemaErrors(dbtSchema('run-results/v6.json'), finance.runResults)).toEqual([]);
  expect(schemaErrors(dbtSchema('sources/v3.json'), finance.sources)).toEqual([]);
  expect(schemaErrors(dbtSchema('catalog/v1.json'), finance.catalog)).toEqual([]);
});

it('holds the demo models it refs as external nodes, with two-argument refs, and builds on their relations', () => {
  const external = finance.manifest.nodes['model.dataworks_demo.fct_orders'];
  expect(external).toMatchObject({ package_name: 'dataworks_demo', access: 'public', path: '', original_file_path: '' });
  expect(external.relation_name).toBe(demo.manifest.nodes['model.dataworks_demo.fct_orders'].relation_name);
  const model = finance.manifest.nodes['model.dataworks_finance.fin_monthly_revenue'];
  expect(model.refs).toEqual([
    { name: 'fct_orders', package: 'dataworks_demo', version: null },
    { name: 'dim_customers', package: 'dataworks_demo', version: null },
  ]);
  expect(model.depends_on.nodes).toEqual(['model.dataworks_demo.fct_orders', 'model.dataworks_demo.dim_customers']);
  expect(model.compiled_code).toContain(external.relation_name);
  // The finance build read the demo project's tables: every node it ran succeeded or passed.
  const statuses = finance.runResults.results.map((result: Json) => [result.unique_id, result.status]);
  expect(statuses).toContainEqual(['model.dataworks_finance.fin_monthly_revenue', 'success']);
  expect(statuses.every(([, status]: [string, string]) => status === 'success' || status === 'pass')).toBe(true);
  expect(Object.keys(finance.catalog.nodes)).toEqual(['model.dataworks_finance.fin_monthly_revenue']);
});

it('ingests as two projects, the finance one reffing the demo one', async () => {
  const projects = await listProjects(store.db, 'acme');
  expect(projects.map((project) => [project.name, project.referencedBy])).toEqual([
    ['dataworks_demo', ['dataworks_finance']],
    ['dataworks_finance', []],
  ]);
  expect(projects[1]?.refs.map((ref) => [ref.uniqueId, ref.resolved]).sort()).toEqual([
    ['model.dataworks_demo.dim_customers', true],
    ['model.dataworks_demo.fct_orders', true],
  ]);
});

it('lineage crosses the projects both ways, and the demo project’s failing test degrades the finance exposure', async () => {
  const down = lineageAround(index, { focus: 'model.dataworks_demo.fct_orders', upstream: 0, downstream: 3, limit: 200 });
  expect(down.nodes.filter((node) => node.projectName === 'dataworks_finance').map((node) => [node.uniqueId, node.depth])).toEqual(
    expect.arrayContaining([
      ['model.dataworks_finance.fin_monthly_revenue', 1],
      ['exposure.dataworks_finance.board_revenue_pack', 2],
    ]),
  );
  const up = lineageAround(index, { focus: 'exposure.dataworks_finance.board_revenue_pack', upstream: 3, downstream: 0, limit: 200 });
  expect(up.nodes.find((node) => node.uniqueId === 'model.dataworks_demo.fct_orders')).toMatchObject({
    projectName: 'dataworks_demo',
    depth: -2,
  });
  expect(up.nodes.some((node) => node.missing)).toBe(false);
  const health = exposureHealth(
    index,
    'exposure.dataworks_finance.board_revenue_pack',
    await currentHealthInputs(store.db, 'acme', index, NOW),
  );
  expect(health.status).toBe('Degraded');
  // The failing not_null test on fct_orders (and the warning on payments, upstream of it) are the demo project's.
  expect(health.failingTests.map((test) => test.attachedTo)).toContain('model.dataworks_demo.fct_orders');
  expect(health.reasons.join(' ')).toContain('not_null_fct_orders_customer_id');
});

it('refuses a cross-project ref to a model that is not public, or to a project not in dependencies.yml', async () => {
  const env = sampleProjectEnv({ organisation: 'acme', portalUrl: 'https://portal.example.com' });
  const upstream = compileProject(await readProject(SAMPLE_PROJECT_DIR, env), 'acme');
  const project = await readProject(SAMPLE_FINANCE_PROJECT_DIR, env);
  const withCode = (rawCode: string) => ({ ...project, models: project.models.map((model) => ({ ...model, rawCode })) });
  expect(() => compileProject(withCode("select * from {{ ref('dataworks_demo', 'stg_shop__orders') }}"), 'acme', [upstream])).toThrow(
    "ref('dataworks_demo', 'stg_shop__orders'): the model is protected, not public",
  );
  expect(() => compileProject(withCode("select * from {{ ref('marketing', 'campaigns') }}"), 'acme', [upstream])).toThrow(
    "ref('marketing', 'campaigns'): marketing is not a project of dependencies.yml",
  );
  // The project's own files say what it depends on.
  expect(await readFile(path.join(SAMPLE_FINANCE_PROJECT_DIR, 'dependencies.yml'), 'utf8')).toContain('- name: dataworks_demo');
});
