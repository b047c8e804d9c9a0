// A project's resources and their health from the store tables other areas write (dashboards,
// the catalog's normalised dbt tables), on PGlite and, with STORE_TEST_DATABASE_URL, PostgreSQL:
// a failing test upstream of an exposure fails it, a built model with passing tests is healthy,
// a deleted dashboard is missing, another organisation's resource cannot be added.
import { createDashboard, deleteDashboard } from '../../../../server/src/features/dashboards/dashboardsStore';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { addResource, createProject, projectDetail } from '../../../../server/src/features/projects/projectsStore';
import { dashboardsDirectory } from '../../../../server/src/features/dashboards/dashboardsStore';
import { catalogReadModel } from '../../../../server/src/features/dbt/catalogReadModel';
import { InconsistentRequestError, RecordNotFoundError } from '../../../../server/src/platform/store/errors';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, runResultsOf, type ProjectSpec } from '../../features/dbt/fixtures';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(60_000);

const actor = { organisation: 'shop', subject: 's', username: 'admin' };
const project: ProjectSpec = {
  sources: [{ source: 'raw', name: 'orders', loadedAt: '_loaded_at', warnHours: 6, errorHours: 24 }],
  models: [
    { name: 'stg_orders', parents: ['source.shop.raw.orders'], description: 'Orders', columns: ['order_id'] },
    { name: 'orders', parents: ['model.shop.stg_orders'], description: 'Orders with totals', columns: ['order_id'] },
    { name: 'payments', description: 'Payments', columns: ['payment_id'] },
  ],
  tests: [
    { name: 'unique_stg_orders_order_id', on: 'model.shop.stg_orders', column: 'order_id' },
    { name: 'not_null_payments_payment_id', on: 'model.shop.payments', column: 'payment_id' },
  ],
  exposures: [{ name: 'revenue', parents: ['model.shop.orders'], url: 'https://bi.example.com/revenue/' }],
};

let store: Store;
/** The other areas as the portal hands them to projects: the dbt catalog and the dashboards. */
const sources = () => ({ catalog: catalogReadModel(store.db), dashboards: dashboardsDirectory(store.db) });
beforeAll(async () => {
  store = await openSchemaStore('projects_test');
  const at = '2026-01-01T12:00:00Z';
  await ingestArtifacts(
    store.db,
    {
      manifest: manifestOf(project),
      run_results: runResultsOf([
        ...['stg_orders', 'orders', 'payments'].map((name) => ({ id: `model.shop.${name}`, status: 'success', at })),
        { id: 'test.shop.unique_stg_orders_order_id', status: 'fail' },
        { id: 'test.shop.not_null_payments_payment_id', status: 'pass' },
      ]),
    },
    { organisation: 'shop', origin: 'upload', actor },
  );
});
afterAll(async () => {
  await store?.close();
});

test("each resource's health comes from its area's tables, and the project's is the worst", async () => {
  const dashboard = await createDashboard(store.db, actor, { name: 'Revenue', url: 'https://bi.example.com/revenue/' });
  const id = await createProject(store.db, actor, { name: 'Revenue', description: '', owner: 'admin', members: [], status: 'active' });
  await addResource(store.db, sources(), actor, id, { kind: 'dashboard', ref: dashboard.id });
  await addResource(store.db, sources(), actor, id, { kind: 'exposure', ref: 'exposure.shop.revenue' });
  await addResource(store.db, sources(), actor, id, { kind: 'catalog_asset', ref: 'model.shop.payments' });

  const detail = await projectDetail(store.db, sources(), 'shop', id);
  expect(detail.resources.map((r) => [r.kind, r.name, r.health, r.detail])).toEqual([
    ['dashboard', 'Revenue', 'healthy', 'In the Viewer'],
    ['exposure', 'revenue', 'failing', '1 test failing'],
    ['catalog_asset', 'payments', 'healthy', '1 test passing'],
  ]);
  expect(detail.health).toBe('failing');
  expect(detail.healthCounts).toEqual({ healthy: 2, failing: 1 });

  await deleteDashboard(store.db, actor, dashboard.id);
  expect((await projectDetail(store.db, sources(), 'shop', id)).resources[0]).toMatchObject({ health: 'missing', link: null });
});

test("another organisation's project or resource is not reachable", async () => {
  const id = await createProject(store.db, actor, { name: 'Shop only', description: '', owner: 'admin', members: [], status: 'planned' });
  const other = { organisation: 'elsewhere', subject: 'o', username: 'other' };
  await expect(addResource(store.db, sources(), other, id, { kind: 'exposure', ref: 'exposure.shop.revenue' })).rejects.toBeInstanceOf(
    RecordNotFoundError,
  );
  await expect(projectDetail(store.db, sources(), 'elsewhere', id)).rejects.toBeInstanceOf(RecordNotFoundError);
  const theirs = await createProject(store.db, other, { name: 'Theirs', description: '', owner: 'other', members: [], status: 'active' });
  await expect(addResource(store.db, sources(), other, theirs, { kind: 'exposure', ref: 'exposure.shop.revenue' })).rejects.toBeInstanceOf(
    InconsistentRequestError,
  );
  await expect(addResource(store.db, sources(), actor, id, { kind: 'exposure', ref: 'model.shop.orders' })).rejects.toBeInstanceOf(
    InconsistentRequestError,
  );
});
