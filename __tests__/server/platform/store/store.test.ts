// The portal store on PGlite (always) and on a real PostgreSQL server when
// STORE_TEST_DATABASE_URL is set (.ci/run starts one). The same migrations and SQL run on both.
import { sql } from 'kysely';
import { listAudit, type Actor } from '../../../../server/src/platform/store/audit';
import {
  createDashboard,
  dashboardOrigins,
  deleteDashboard,
  listDashboards,
  reorderDashboards,
  updateDashboard,
} from '../../../../server/src/features/dashboards/dashboardsStore';
import { seedDemoData } from '../../../../server/src/features/dashboards/demoSeed';
import { DuplicateValueError, InconsistentRequestError, RecordNotFoundError } from '../../../../server/src/platform/store/errors';
import { findLayoutSettings, saveLayoutSettings } from '../../../../server/src/features/layout-settings/layoutSettingsStore';
import { migrateToLatest, type Store } from '../../../../server/src/platform/store/openStore';
import { areaMigrations, openPortalStore } from '../../../../server/src/app/portalStore';
import { openMemoryStore } from '../../schemaStore';

jest.setTimeout(60_000);

const postgresUrl = process.env.STORE_TEST_DATABASE_URL;
const engines: [string, () => Promise<Store>][] = [['PGlite', () => openMemoryStore()]];
if (postgresUrl) {
  engines.push([
    'PostgreSQL',
    async () => {
      // A clean database for every run: this variable must point at a throw-away database.
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query('drop schema public cascade; create schema public;');
      await client.end();
      return openPortalStore({ databaseUrl: postgresUrl, dataDir: 'unused' });
    },
  ]);
} else {
  console.log('Store tests run on PGlite only: set STORE_TEST_DATABASE_URL to a throw-away PostgreSQL database to run them there too.');
}

const acmeAdmin: Actor = { organisation: 'acme', subject: 'sub-admin', username: 'admin' };
const globexAdmin: Actor = { organisation: 'globex', subject: 'sub-globex', username: 'globexadmin' };

describe.each(engines)('portal store on %s', (_engine, open) => {
  let store: Store;
  beforeAll(async () => {
    store = await open();
    await seedDemoData(store.db, 'http://localhost:3000');
  });
  afterAll(async () => {
    await store?.close();
  });

  test('migrations and the demo seed can run again without changing anything', async () => {
    const before = await listDashboards(store.db, 'acme');
    await migrateToLatest(store.db, areaMigrations);
    await seedDemoData(store.db, 'http://localhost:3000');
    expect(await listDashboards(store.db, 'acme')).toEqual(before);
    expect(before.map((d) => d.name)).toEqual(['Warehouse credits', 'Query activity', 'Storage']);
    expect((await listDashboards(store.db, 'globex')).map((d) => d.name)).toEqual(['Query activity', 'Credits by warehouse']);
  });

  test('create, update, reorder and delete are scoped to one organisation and audited', async () => {
    const created = await createDashboard(store.db, acmeAdmin, { name: 'Finance', url: 'https://bi.example.com/finance' });
    expect(created).toMatchObject({ name: 'Finance', order: 4 });
    await expect(updateDashboard(store.db, globexAdmin, created.id, { name: 'Mine now' })).rejects.toBeInstanceOf(RecordNotFoundError);
    await expect(deleteDashboard(store.db, globexAdmin, created.id)).rejects.toBeInstanceOf(RecordNotFoundError);
    const updated = await updateDashboard(store.db, acmeAdmin, created.id, { url: 'https://bi.example.com/finance-v2', order: 0 });
    expect(updated).toMatchObject({ url: 'https://bi.example.com/finance-v2', order: 0 });
    expect((await listDashboards(store.db, 'acme'))[0]?.id).toBe(created.id);

    const ids = (await listDashboards(store.db, 'acme')).map((d) => d.id).reverse();
    expect((await reorderDashboards(store.db, acmeAdmin, ids)).map((d) => d.id)).toEqual(ids);
    await deleteDashboard(store.db, acmeAdmin, created.id);
    expect((await listDashboards(store.db, 'acme')).some((d) => d.id === created.id)).toBe(false);

    const actions = (await listAudit(store.db, 'acme', 10)).map((entry) => entry.action);
    expect(actions.slice(0, 4)).toEqual(['dashboard.delete', 'dashboard.reorder', 'dashboard.update', 'dashboard.create']);
    expect(
      (await listAudit(store.db, 'globex', 10)).some((entry) => entry.action.startsWith('dashboard.') && entry.target === created.id),
    ).toBe(false);
  });

  test('a duplicate name in the same organisation is refused; another organisation may use it', async () => {
    await expect(createDashboard(store.db, acmeAdmin, { name: 'storage', url: 'https://x.example.com' })).rejects.toBeInstanceOf(
      DuplicateValueError,
    );
    const globexStorage = await createDashboard(store.db, globexAdmin, { name: 'Storage', url: 'https://x.example.com' });
    await deleteDashboard(store.db, globexAdmin, globexStorage.id);
  });

  test('a reorder that leaves out or repeats a dashboard changes nothing', async () => {
    const before = await listDashboards(store.db, 'acme');
    const ids = before.map((d) => d.id);
    await expect(reorderDashboards(store.db, acmeAdmin, ids.slice(1))).rejects.toBeInstanceOf(InconsistentRequestError);
    await expect(reorderDashboards(store.db, acmeAdmin, [...ids.slice(1), ids[1]!])).rejects.toBeInstanceOf(InconsistentRequestError);
    expect(await listDashboards(store.db, 'acme')).toEqual(before);
  });

  test('when the audit entry cannot be written, the change is rolled back', async () => {
    const before = await listDashboards(store.db, 'acme');
    const auditCount = (await listAudit(store.db, 'acme', 1000)).length;
    // A NULL actor violates the audit log's NOT NULL constraint after the insert succeeded.
    const brokenActor = { ...acmeAdmin, subject: null as unknown as string };
    await expect(createDashboard(store.db, brokenActor, { name: 'Half done', url: 'https://x.example.com' })).rejects.toThrow();
    await expect(updateDashboard(store.db, brokenActor, before[0]!.id, { name: 'Half done' })).rejects.toThrow();
    await expect(deleteDashboard(store.db, brokenActor, before[0]!.id)).rejects.toThrow();
    expect(await listDashboards(store.db, 'acme')).toEqual(before);
    expect((await listAudit(store.db, 'acme', 1000)).length).toBe(auditCount);
  });

  test('concurrent writes keep every transaction whole', async () => {
    const names = Array.from({ length: 20 }, (_, index) => `Parallel ${index}`);
    await Promise.all(names.map((name) => createDashboard(store.db, acmeAdmin, { name, url: 'https://x.example.com/p' })));
    const created = (await listDashboards(store.db, 'acme')).filter((d) => d.name.startsWith('Parallel '));
    expect(created).toHaveLength(20);
    const audit = await listAudit(store.db, 'acme', 1000);
    expect(audit.filter((entry) => entry.action === 'dashboard.create' && created.some((d) => d.id === entry.target))).toHaveLength(20);
    await Promise.all(created.map((d) => deleteDashboard(store.db, acmeAdmin, d.id)));
  });

  test('layout settings are saved per user and organisation, the last save winning', async () => {
    await saveLayoutSettings(store.db, { organisation: 'acme', subject: 's1', username: 'business' }, { layout: 'horizontal' });
    await saveLayoutSettings(
      store.db,
      { organisation: 'acme', subject: 's1', username: 'business' },
      { layout: 'vertical', rtlLayout: true },
    );
    expect(await findLayoutSettings(store.db, 'acme', 'business')).toMatchObject({ settings: { layout: 'vertical', rtlLayout: true } });
    expect(await findLayoutSettings(store.db, 'globex', 'business')).toBeNull();
  });

  test('dashboard origins list every host once', async () => {
    expect(await dashboardOrigins(store.db)).toEqual(['http://localhost:3000']);
  });

  test('values are bound, never spliced into SQL', async () => {
    const hostile = "x'); drop table dashboards; --";
    const created = await createDashboard(store.db, acmeAdmin, { name: hostile, url: 'https://x.example.com' });
    expect((await listDashboards(store.db, 'acme')).find((d) => d.id === created.id)?.name).toBe(hostile);
    await deleteDashboard(store.db, acmeAdmin, created.id);
    const tables = await sql<{
      count: number;
    }>`select count(*)::int as count from information_schema.tables where table_name = 'dashboards'`.execute(store.db);
    expect(tables.rows[0]?.count).toBe(1);
  });
});
