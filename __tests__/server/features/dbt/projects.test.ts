// Several dbt projects in one organisation, on the portal store (PGlite, or PostgreSQL with
// STORE_TEST_DATABASE_URL): each upload replaces only its own project, a unique_id belongs to one
// project, results are matched by project and unique_id, deleting a project removes exactly its
// rows, and a cross-project ref (dbt Mesh) joins the two projects' lineage and health.
import { ProjectOverlapError } from '../../../../server/src/features/dbt/errors';
import { ingestArtifacts, type ArtifactSet } from '../../../../server/src/features/dbt/ingest';
import { exposureHealth } from '../../../../server/src/features/dbt/health';
import { lineageAround } from '../../../../server/src/features/dbt/lineage';
import { createProjectIndexCache } from '../../../../server/src/features/dbt/projectIndex';
import { deleteProject, listProjects } from '../../../../server/src/features/dbt/projects';
import { currentHealthInputs, latestFreshness } from '../../../../server/src/features/dbt/resultQueries';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openTestStore, realJson, runResultsOf } from './fixtures';
import { projectManifest, refsModelOf } from './meshFixture';

jest.setTimeout(120_000);

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => {
  await store?.close();
});

const actorOf = (organisation: string): Actor => ({ organisation, subject: 'sub-admin', username: 'admin' });
const ingest = (organisation: string, set: ArtifactSet, project?: string) =>
  ingestArtifacts(store.db, set, { organisation, origin: 'upload', actor: actorOf(organisation), ...(project ? { project } : {}) });

async function rowsOf(organisation: string, project: string) {
  const count = async (table: 'dbt_nodes' | 'dbt_edges' | 'dbt_columns' | 'dbt_tests' | 'dbt_search_docs' | 'dbt_run_results') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organisation_id', '=', organisation)
          .where('project_name', '=', project)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    nodes: await count('dbt_nodes'),
    edges: await count('dbt_edges'),
    columns: await count('dbt_columns'),
    tests: await count('dbt_tests'),
    docs: await count('dbt_search_docs'),
    runs: await count('dbt_run_results'),
  };
}

const core = () =>
  projectManifest(
    {
      models: [
        { name: 'stg_orders', parents: ['source.core.raw.orders'], columns: ['order_id'] },
        { name: 'orders', parents: ['model.core.stg_orders'], columns: ['order_id', 'amount'] },
      ],
      sources: [{ source: 'raw', name: 'orders' }],
      tests: [{ name: 'not_null_orders_order_id', on: 'model.core.orders', column: 'order_id' }],
    },
    'core',
  );

const shop = () =>
  refsModelOf(
    projectManifest(
      {
        models: [
          { name: 'revenue', parents: ['model.core.orders'], columns: ['amount'] },
          { name: 'revenue_by_day', parents: ['model.shop.revenue'] },
        ],
        exposures: [{ name: 'finance_dashboard', parents: ['model.shop.revenue_by_day'] }],
      },
      'shop',
    ),
    'core',
    'orders',
  );

const coreRun = (testStatus: string) =>
  runResultsOf([
    { id: 'model.core.stg_orders', status: 'success', at: '2026-02-01T05:00:00Z' },
    { id: 'model.core.orders', status: 'success', at: '2026-02-01T05:01:00Z' },
    { id: 'test.core.not_null_orders_order_id', status: testStatus, at: '2026-02-01T05:02:00Z' },
  ]);
const shopRun = () =>
  runResultsOf([
    { id: 'model.shop.revenue', status: 'success', at: '2026-02-01T06:00:00Z' },
    { id: 'model.shop.revenue_by_day', status: 'success', at: '2026-02-01T06:01:00Z' },
  ]);

describe('several projects in one organisation', () => {
  test('each upload replaces only its own project; both stay current', async () => {
    await ingest('multi', { manifest: core(), run_results: coreRun('pass') });
    const shopSummary = await ingest('multi', { manifest: shop(), run_results: shopRun() });
    expect(shopSummary.projectName).toBe('shop');
    const before = await rowsOf('multi', 'core');
    expect(before).toEqual({ nodes: 3, edges: 2, columns: 3, tests: 1, docs: 6, runs: 3 });

    // A new upload of shop leaves core as it was.
    await ingest('multi', { manifest: shop(), run_results: shopRun() });
    expect(await rowsOf('multi', 'core')).toEqual(before);
    const projects = await listProjects(store.db, 'multi');
    expect(projects.map((project) => project.name)).toEqual(['core', 'shop']);
    expect(projects.find((project) => project.name === 'shop')?.refs).toEqual([
      { uniqueId: 'model.core.orders', name: 'orders', projectName: 'core', resolved: true },
    ]);
    expect(projects.find((project) => project.name === 'core')?.referencedBy).toEqual(['shop']);
  });

  test('the project field names the project: the same artifacts under another name are refused, naming both, and nothing changes', async () => {
    await ingest('named', { manifest: core() }, 'core-prod');
    const before = await rowsOf('named', 'core-prod');
    const refusal = ingest('named', { manifest: core() }, 'core-staging');
    await expect(refusal).rejects.toBeInstanceOf(ProjectOverlapError);
    await expect(refusal).rejects.toThrow(/"core-staging".*"core-prod".*model\.core\.orders/);
    expect(await rowsOf('named', 'core-prod')).toEqual(before);
    expect(await rowsOf('named', 'core-staging')).toEqual({ nodes: 0, edges: 0, columns: 0, tests: 0, docs: 0, runs: 0 });
    expect((await listProjects(store.db, 'named')).map((project) => project.name)).toEqual(['core-prod']);
  });

  test("another project's results for the same unique_id never count (matched by project and unique_id)", async () => {
    // Two real projects that both name their source `source.dbtlearn.airbnb.reviews`: the first's
    // sources.json is newer. It is uploaded as project "first", which is then replaced by a
    // project without that source; the second real project takes the id as "second".
    const reviews = 'source.dbtlearn.airbnb.reviews';
    const pruthvi = 'PruthvirajH__dbt-airbnb-analytics__docs';
    const prashant = 'prashant887__dbtlearn-udemy';
    await ingest(
      'results',
      { manifest: await realJson(pruthvi, 'manifest.json'), sources: await realJson(pruthvi, 'sources.json') },
      'first',
    );
    const firstResult = (await latestFreshness(store.db, 'results')).get(reviews);
    expect(firstResult?.maxLoadedAt?.slice(0, 10)).toBe('2025-08-17');

    await ingest('results', { manifest: core() }, 'first');
    await ingest(
      'results',
      { manifest: await realJson(prashant, 'manifest.json'), sources: await realJson(prashant, 'sources.json') },
      'second',
    );
    const own = (await latestFreshness(store.db, 'results')).get(reviews);
    expect(own?.maxLoadedAt?.slice(0, 10)).toBe('2021-10-21');
    // The first project's old result is still in the history, under its own project.
    const history = await store.db
      .selectFrom('dbt_freshness_results')
      .select('project_name')
      .where('organisation_id', '=', 'results')
      .where('unique_id', '=', reviews)
      .execute();
    expect(history.map((row) => row.project_name).sort()).toEqual(['first', 'second']);
  });

  test('deleting a project removes exactly its nodes, refs, results and ingestions', async () => {
    await ingest('deleting', { manifest: core(), run_results: coreRun('pass') });
    await ingest('deleting', { manifest: shop(), run_results: shopRun() });
    const shopRows = await rowsOf('deleting', 'shop');
    await deleteProject(store.db, 'deleting', 'core', actorOf('deleting'));
    expect(await rowsOf('deleting', 'core')).toEqual({ nodes: 0, edges: 0, columns: 0, tests: 0, docs: 0, runs: 0 });
    expect(await rowsOf('deleting', 'shop')).toEqual(shopRows);
    const ingestions = await store.db
      .selectFrom('dbt_ingestions')
      .select('project_name')
      .where('organisation_id', '=', 'deleting')
      .execute();
    expect(ingestions.map((row) => row.project_name)).toEqual(['shop']);
    // The ref to core's model is left, now unresolved.
    expect((await listProjects(store.db, 'deleting'))[0]?.refs).toEqual([
      { uniqueId: 'model.core.orders', name: 'orders', projectName: 'core', resolved: false },
    ]);
    await expect(deleteProject(store.db, 'deleting', 'core', actorOf('deleting'))).rejects.toThrow(/No dbt project named "core"/);
  });
});

describe('dbt Mesh: a cross-project ref joins the two projects', () => {
  test('before the other project is uploaded, its model is a missing node named after its project', async () => {
    await ingest('mesh-half', { manifest: shop(), run_results: shopRun() });
    const index = await createProjectIndexCache(store.db).get('mesh-half');
    const lineage = lineageAround(index!, { focus: 'model.shop.revenue', upstream: 3, downstream: 0, limit: 100 });
    expect(lineage.nodes.find((node) => node.uniqueId === 'model.core.orders')).toMatchObject({
      projectName: 'core',
      missing: true,
      depth: -1,
    });
    // Not counted as the shop project's own model.
    expect((await rowsOf('mesh-half', 'shop')).nodes).toBe(3);
  });

  test('lineage crosses both ways at depth 3, and a failing test upstream in one project degrades an exposure in the other', async () => {
    await ingest('mesh', { manifest: core(), run_results: coreRun('pass') });
    await ingest('mesh', { manifest: shop(), run_results: shopRun() });
    const cache = createProjectIndexCache(store.db);
    let index = (await cache.get('mesh'))!;

    const up = lineageAround(index, { focus: 'exposure.shop.finance_dashboard', upstream: 3, downstream: 0, limit: 100 });
    expect(up.nodes.map((node) => [node.uniqueId, node.depth, node.projectName]).sort()).toEqual(
      [
        ['exposure.shop.finance_dashboard', 0, 'shop'],
        ['model.core.orders', -3, 'core'],
        ['model.shop.revenue', -2, 'shop'],
        ['model.shop.revenue_by_day', -1, 'shop'],
      ].sort(),
    );
    expect(up.nodes.every((node) => !node.missing)).toBe(true);
    const down = lineageAround(index, { focus: 'source.core.raw.orders', upstream: 0, downstream: 3, limit: 100 });
    expect(down.nodes.map((node) => [node.uniqueId, node.depth]).sort()).toEqual(
      [
        ['model.core.orders', 2],
        ['model.core.stg_orders', 1],
        ['model.shop.revenue', 3],
        ['source.core.raw.orders', 0],
      ].sort(),
    );

    const now = new Date('2026-02-02T00:00:00Z');
    expect(exposureHealth(index, 'exposure.shop.finance_dashboard', await currentHealthInputs(store.db, 'mesh', index, now)).status).toBe(
      'Healthy',
    );
    // core's next run fails its test: the exposure of shop is degraded, and says why.
    await ingest('mesh', { manifest: core(), run_results: coreRun('fail') });
    index = (await cache.get('mesh'))!;
    const health = exposureHealth(index, 'exposure.shop.finance_dashboard', await currentHealthInputs(store.db, 'mesh', index, now));
    expect(health.status).toBe('Degraded');
    expect(health.reasons.join(' ')).toContain('not_null_orders_order_id');
    expect(health.failingTests.map((test) => test.attachedTo)).toEqual(['model.core.orders']);
  });
});
