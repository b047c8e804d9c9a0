import { promises as fs } from 'node:fs';
import path from 'node:path';
import { loadWarehouseSettings, parseConnections, settingsFor } from '../../../../server/src/features/warehouse/config';
import { tempDir } from './sampleAccount';

const SNOWFLAKE = {
  engine: 'snowflake',
  account: 'xy12345.eu-west-1',
  username: 'DATAWORKS_SVC',
  privateKeyPath: 'keys/acme.p8',
  role: 'DATAWORKS_ADMIN',
  warehouse: 'DATAWORKS_WH',
};

describe('warehouse settings', () => {
  it('defaults to embedded samples at 3.00 USD per credit under DATA_DIR', async () => {
    const settings = await loadWarehouseSettings({ DATA_DIR: '/srv/data' });
    expect(settings).toEqual({
      sampleDir: '/srv/data/warehouse',
      duckdb: { memoryLimit: '256MB', tempLimit: '10GB' },
      usage: { dir: '/srv/data/usage', backfillDays: 365, intervalMs: 3_600_000, readyWaitMs: 30_000 },
      defaults: { pricePerCredit: 3, storagePricePerTbMonth: 23, sampleQueries: 150000 },
      organisations: {},
    });
    expect(settingsFor(settings, 'acme')).toEqual({
      engine: 'duckdb',
      pricePerCredit: 3,
      storagePricePerTbMonth: 23,
      sampleQueries: 150000,
    });
  });

  it('bounds each embedded DuckDB database by DUCKDB_MEMORY_LIMIT and DUCKDB_TEMP_LIMIT, refusing what is not a size', async () => {
    expect((await loadWarehouseSettings({ DUCKDB_MEMORY_LIMIT: '512MB', DUCKDB_TEMP_LIMIT: '2 GB' })).duckdb).toEqual({
      memoryLimit: '512MB',
      tempLimit: '2GB',
    });
    await expect(loadWarehouseSettings({ DUCKDB_MEMORY_LIMIT: 'lots' })).rejects.toThrow(
      'DUCKDB_MEMORY_LIMIT must be a size such as 1GB or 512MB, got "lots"',
    );
    await expect(loadWarehouseSettings({ DUCKDB_TEMP_LIMIT: '80%' })).rejects.toThrow(/DUCKDB_TEMP_LIMIT/);
  });

  it('reads the connections file: Snowflake organisations, per-organisation prices, key paths relative to the file', async () => {
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'connections.json');
      await fs.writeFile(
        file,
        JSON.stringify({
          acme: { ...SNOWFLAKE, pricePerCredit: 2.6, privateKeyPassphraseEnv: 'ACME_KEY_PASSPHRASE', loadDatabase: 'raw' },
          globex: { engine: 'duckdb', pricePerCredit: 3.5, sampleQueries: 20000 },
        }),
      );
      const settings = await loadWarehouseSettings({
        WAREHOUSE_CONNECTIONS_FILE: file,
        ACME_KEY_PASSPHRASE: 'pw',
        WAREHOUSE_PRICE_PER_CREDIT: '4',
      });
      expect(settingsFor(settings, 'acme')).toEqual({
        engine: 'snowflake',
        pricePerCredit: 2.6,
        storagePricePerTbMonth: 23,
        sampleQueries: 0,
        snowflake: {
          account: 'xy12345.eu-west-1',
          username: 'DATAWORKS_SVC',
          privateKeyPath: path.join(dir, 'keys/acme.p8'),
          privateKeyPassphrase: 'pw',
          role: 'DATAWORKS_ADMIN',
          warehouse: 'DATAWORKS_WH',
          loadDatabase: 'RAW',
        },
      });
      expect(settingsFor(settings, 'globex')).toMatchObject({ engine: 'duckdb', pricePerCredit: 3.5, sampleQueries: 20000 });
      expect(settingsFor(settings, 'initech')).toMatchObject({ engine: 'duckdb', pricePerCredit: 4 });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ acme: { ...SNOWFLAKE, privateKeyPath: undefined } }, 'acme.privateKeyPath'],
    [{ acme: { ...SNOWFLAKE, pricePerCredit: -1 } }, 'acme.pricePerCredit'],
    [{ acme: { ...SNOWFLAKE, pricePerCredit: '3' } }, 'acme.pricePerCredit'],
    [{ acme: { ...SNOWFLAKE, account: 'bad account!' } }, 'acme.account'],
    [{ acme: { ...SNOWFLAKE, engine: 'oracle' } }, 'acme.engine'],
    [{ acme: { ...SNOWFLAKE, loadDatabase: 'raw"; drop database x' } }, 'acme.loadDatabase'],
    [{ acme: { ...SNOWFLAKE, password: 'hunter2' } }, 'password'],
    [{ 'Acme Corp': { engine: 'duckdb' } }, 'Acme Corp'],
    [{ acme: { ...SNOWFLAKE, privateKeyPassphraseEnv: 'UNSET_VARIABLE' } }, 'acme.privateKeyPassphraseEnv'],
    [[], 'the file'],
  ])('refuses %j naming %s', (json, field) => {
    expect(() => parseConnections(json, '/etc/dw/connections.json', {})).toThrow(field);
    expect(() => parseConnections(json, '/etc/dw/connections.json', {})).toThrow('/etc/dw/connections.json is invalid');
  });

  it('refuses bad environment values and unreadable files, naming them', async () => {
    await expect(loadWarehouseSettings({ WAREHOUSE_PRICE_PER_CREDIT: 'free' })).rejects.toThrow('WAREHOUSE_PRICE_PER_CREDIT');
    await expect(loadWarehouseSettings({ WAREHOUSE_SAMPLE_QUERIES: '1.5' })).rejects.toThrow('WAREHOUSE_SAMPLE_QUERIES');
    await expect(loadWarehouseSettings({ USAGE_SYNC_BACKFILL_DAYS: '400' })).rejects.toThrow(
      'USAGE_SYNC_BACKFILL_DAYS must be a whole number from 1 to 365, got "400"',
    );
    await expect(loadWarehouseSettings({ USAGE_SYNC_INTERVAL_MINUTES: 'hourly' })).rejects.toThrow('USAGE_SYNC_INTERVAL_MINUTES');
    await expect(loadWarehouseSettings({ WAREHOUSE_CONNECTIONS_FILE: '/nonexistent/connections.json' })).rejects.toThrow('cannot be read');
    const dir = await tempDir();
    try {
      const file = path.join(dir, 'broken.json');
      await fs.writeFile(file, '{ not json');
      await expect(loadWarehouseSettings({ WAREHOUSE_CONNECTIONS_FILE: file })).rejects.toThrow('is not valid JSON');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
