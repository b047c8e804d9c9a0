import { promises as fs } from 'node:fs';
import path from 'node:path';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import { InvalidInputError, WarehouseError } from '../../../../server/src/platform/warehouse/errors';
import { WarehouseRegistry } from '../../../../server/src/features/warehouse/registry';
import { raw } from '../../../../server/src/platform/warehouse/sql';
import { FakeSnowflake, fakeAccount } from './fakeSnowflake';
import { NOW, tempDir } from './sampleAccount';

describe('warehouse registry', () => {
  let dir: string;
  let registry: WarehouseRegistry;
  const generated: string[] = [];
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await registry?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  function makeRegistry(fake?: FakeSnowflake): WarehouseRegistry {
    return new WarehouseRegistry(
      {
        sampleDir: path.join(dir, 'warehouse'),
        duckdb: { memoryLimit: '512MB', tempLimit: '2GB' },
        usage: { dir: path.join(dir, 'usage'), backfillDays: 365, intervalMs: 3_600_000, readyWaitMs: 30_000 },
        defaults: { pricePerCredit: 3, storagePricePerTbMonth: 23, sampleQueries: 3000 },
        organisations: {
          initech: {
            engine: 'snowflake',
            pricePerCredit: 2,
            storagePricePerTbMonth: 20,
            sampleQueries: 0,
            snowflake: { account: 'xy1', username: 'U', privateKeyPath: '/k.p8', role: 'R', warehouse: 'W' },
          },
        },
      },
      { now: () => NOW, onSampleGenerated: (s) => generated.push(s.org), ...(fake ? { snowflakeSdk: fake } : {}) },
    );
  }

  it("generates an organisation's sample on first use, once, even for concurrent requests", async () => {
    registry = makeRegistry();
    const [a, b] = await Promise.all([registry.forOrganisation('acme'), registry.forOrganisation('acme')]);
    expect(a).toBe(b);
    expect(generated).toEqual(['acme']);
    expect(a.info).toEqual({
      organisation: 'acme',
      engine: 'duckdb',
      sample: true,
      currency: 'USD',
      pricePerCredit: 3,
      storagePricePerTbMonth: 23,
    });
    await expect(fs.stat(path.join(dir, 'warehouse', 'acme.duckdb'))).resolves.toBeDefined();
    expect(await a.dataRange()).toEqual({ from: '2025-12-18', to: '2026-03-18' });
  });

  it('keeps each organisation in its own file and reopens an existing one without regenerating', async () => {
    const globex = await registry.forOrganisation('globex');
    const acmeUsers = (await (await registry.forOrganisation('acme')).listUsers()).map((u) => u.name);
    const globexUsers = (await globex.listUsers()).map((u) => u.name);
    expect(globexUsers).not.toEqual(acmeUsers);
    await (await registry.forOrganisation('acme')).write({ kind: 'createRole', roleName: 'KEPT_ROLE' });
    await registry.close();
    registry = makeRegistry();
    const reopened = await registry.forOrganisation('acme');
    expect(generated).toEqual(['acme', 'globex']);
    expect((await reopened.listRoles({ search: 'KEPT_ROLE' })).map((r) => r.name)).toEqual(['KEPT_ROLE']);
  });

  it('regenerates a sample whose schema version is out of date', async () => {
    await registry.close();
    const engine = await openDuckDbEngine(path.join(dir, 'warehouse', 'acme.duckdb'));
    await engine.query(raw('UPDATE DATAWORKS.SAMPLE_INFO SET SCHEMA_VERSION = 1'));
    await engine.close();
    registry = makeRegistry();
    const acme = await registry.forOrganisation('acme');
    expect(generated).toEqual(['acme', 'globex', 'acme']);
    expect(await acme.listRoles({ search: 'KEPT_ROLE' })).toEqual([]);
  });

  it('opens Snowflake for organisations configured so, with their price', async () => {
    await registry.close();
    const fake = new FakeSnowflake(fakeAccount());
    registry = makeRegistry(fake);
    const initech = await registry.forOrganisation('initech');
    expect(initech.info).toMatchObject({ engine: 'snowflake', sample: false, pricePerCredit: 2 });
    expect((await initech.listUsers()).map((u) => u.name)).toEqual(['JANE_DOE', 'OLD_ADMIN']);
    expect(fake.options).toMatchObject({ account: 'xy1', username: 'U' });
  });

  it('refuses organisation ids that are not safe file names', () => {
    expect(() => registry.forOrganisation('../etc')).toThrow(InvalidInputError);
    expect(() => registry.forOrganisation('Acme')).toThrow(InvalidInputError);
  });

  it('turns engine failures into WarehouseErrors with a message for the user', async () => {
    const engine = await openDuckDbEngine(path.join(dir, 'scratch.duckdb'));
    const error = await engine.query(raw('SELECT * FROM NO_SUCH_TABLE')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WarehouseError);
    expect(error).toMatchObject({ kind: 'failed', message: 'The sample warehouse could not run the request.' });
    expect(String((error as WarehouseError).cause)).toContain('NO_SUCH_TABLE');
    await engine.close();
    await expect(engine.query(raw('SELECT 1'))).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
