/**
 * Opens each organisation's warehouse once and keeps it open: the sample file under
 * `${DATA_DIR}/warehouse/<org>.duckdb` (generated on first use, or again when the generator's
 * schema version moved on), or a Snowflake connection pool from the connections file.
 * Concurrent first requests for one organisation share one open (and one generation).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ORGANISATION_ID, settingsFor, type WarehouseSettings } from './config.js';
import { openDuckDbEngine } from '../../platform/warehouse/duckdbEngine.js';
import type { Engine } from '../../platform/warehouse/engine.js';
import { InvalidInputError } from '../../platform/warehouse/errors.js';
import { generateSampleAccount } from './sample/generator.js';
import { SAMPLE_SCHEMA_VERSION } from './sample/schema.js';
import { openSnowflakeEngine, type SnowflakeSdk } from './snowflakeEngine.js';
import { sql } from '../../platform/warehouse/sql.js';
import { CURRENCY } from './analytics/context.js';
import { num } from '../../platform/warehouse/engine.js';
import { Warehouse, type WarehouseInfo } from './warehouse.js';

export interface RegistryOptions {
  /** Fixes the sample's "now" (tests). */
  now?: () => Date;
  /** A stand-in for snowflake-sdk (tests). */
  snowflakeSdk?: SnowflakeSdk;
  /** Told when a sample account is generated (for the server log). */
  onSampleGenerated?: (summary: { org: string; queryCount: number; milliseconds: number; file: string }) => void;
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

async function sampleVersion(engine: Engine): Promise<number | null> {
  try {
    const rows = await engine.query(sql`SELECT MAX(SCHEMA_VERSION) AS "version" FROM DATAWORKS.SAMPLE_INFO`);
    return rows[0] ? num(rows[0], 'version') : null;
  } catch {
    return null;
  }
}

export class WarehouseRegistry {
  private readonly open = new Map<string, Promise<Warehouse>>();

  constructor(
    readonly settings: WarehouseSettings,
    private readonly options: RegistryOptions = {},
  ) {}

  /** The path of an organisation's sample account. */
  sampleFile(org: string): string {
    return path.join(this.settings.sampleDir, `${org}.duckdb`);
  }

  /** The warehouse of `org` (an organisation id from the caller's token). */
  forOrganisation(org: string): Promise<Warehouse> {
    if (!ORGANISATION_ID.test(org)) throw new InvalidInputError('organization', 'is not a valid organisation id');
    let pending = this.open.get(org);
    if (!pending) {
      pending = this.openWarehouse(org);
      this.open.set(org, pending);
      pending.catch(() => this.open.delete(org));
    }
    return pending;
  }

  private async openWarehouse(org: string): Promise<Warehouse> {
    const settings = settingsFor(this.settings, org);
    const info: WarehouseInfo = {
      organisation: org,
      engine: settings.engine,
      sample: settings.engine === 'duckdb',
      currency: CURRENCY,
      pricePerCredit: settings.pricePerCredit,
      storagePricePerTbMonth: settings.storagePricePerTbMonth,
    };
    if (settings.engine === 'snowflake' && settings.snowflake) {
      return new Warehouse(info, await openSnowflakeEngine(settings.snowflake, this.options.snowflakeSdk));
    }
    const file = this.sampleFile(org);
    if (await exists(file)) {
      const engine = await openDuckDbEngine(file);
      if ((await sampleVersion(engine)) === SAMPLE_SCHEMA_VERSION) return new Warehouse(info, engine);
      await engine.close();
    }
    const summary = await generateSampleAccount(file, { org, queryCount: settings.sampleQueries, ...(this.options.now ? { now: this.options.now() } : {}) });
    this.options.onSampleGenerated?.({ org, queryCount: summary.queryCount, milliseconds: summary.milliseconds, file });
    return new Warehouse(info, await openDuckDbEngine(file));
  }

  /** Closes every open warehouse. */
  async close(): Promise<void> {
    const pending = [...this.open.values()];
    this.open.clear();
    for (const result of await Promise.allSettled(pending)) {
      if (result.status === 'fulfilled') await result.value.close();
    }
  }
}
