/**
 * Opens each organisation's warehouse once and keeps it open: the sample file under
 * `${DATA_DIR}/warehouse/<org>.duckdb` (generated on first use, or again when the generator's
 * schema version moved on), or a Snowflake connection pool from the connections file; and
 * beside it the organisation's usage copy (`${DATA_DIR}/usage/<org>.duckdb`), which the
 * Optimize analyses read. Concurrent first requests for one organisation share one open (and
 * one generation).
 *
 * Syncing the copy is the caller's: `onUsageOpened` is told about each copy as it opens (the
 * portal schedules syncs on its job runner there). Without it, a copy that was never filled is
 * filled at once in the background, so a registry on its own still serves figures.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ORGANISATION_ID, settingsFor, type WarehouseSettings } from './config.js';
import { openDuckDbEngine } from '../../platform/warehouse/duckdbEngine.js';
import type { Engine } from '../../platform/warehouse/engine.js';
import { InvalidInputError, WarehouseError } from '../../platform/warehouse/errors.js';
import { generateSampleAccount } from '../../samples/warehouse/generator.js';
import { SAMPLE_SCHEMA_VERSION } from '../../samples/warehouse/schema.js';
import { openSnowflakeEngine, type SnowflakeSdk } from './snowflakeEngine.js';
import { sql } from '../../platform/warehouse/sql.js';
import { CURRENCY } from './analytics/context.js';
import { num } from '../../platform/warehouse/engine.js';
import { Warehouse, type WarehouseInfo } from './warehouse.js';
import { openUsageCopy, usageStagingDir } from './usage-sync/usageCopy.js';
import { OrganisationUsage } from './usage-sync/organisationUsage.js';
import { iso } from '../../platform/warehouse/engine.js';

export interface RegistryOptions {
  /** Fixes the sample's "now" (tests). */
  now?: () => Date;
  /** A stand-in for snowflake-sdk (tests). */
  snowflakeSdk?: SnowflakeSdk;
  /** Told when a sample account is generated (for the server log). */
  onSampleGenerated?: (summary: { org: string; queryCount: number; milliseconds: number; file: string }) => void;
  /** Told when an organisation's usage copy opens, to schedule its syncs. */
  onUsageOpened?: (usage: OrganisationUsage) => void;
  /** Told when a background first fill fails (only without onUsageOpened). */
  onUsageSyncFailed?: (org: string, error: unknown) => void;
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

/** Which generated sample the copy was filled from: a sample generated anew starts a new copy. */
async function sampleIdentity(engine: Engine): Promise<string> {
  const rows = await engine.query(sql`SELECT MAX(GENERATED_AT) AS "generatedAt" FROM DATAWORKS.SAMPLE_INFO`);
  return `sample:${rows[0] ? iso(rows[0], 'generatedAt') : 'unknown'}`;
}

export class WarehouseRegistry {
  private readonly open = new Map<string, Promise<Warehouse>>();
  /** Once closing, no warehouse opens again (a late request must not generate a sample into a folder being shut). */
  private closed = false;

  constructor(
    readonly settings: WarehouseSettings,
    private readonly options: RegistryOptions = {},
  ) {}

  /** Hands every usage copy (those open already, and each one that opens later) to `opened`, which schedules its syncs. */
  useUsageSync(opened: (usage: OrganisationUsage) => void): void {
    this.options.onUsageOpened = opened;
    for (const pending of this.open.values()) {
      pending.then((warehouse) => warehouse.usage && opened(warehouse.usage)).catch(() => undefined);
    }
  }

  /** The path of an organisation's sample account. */
  sampleFile(org: string): string {
    return path.join(this.settings.sampleDir, `${org}.duckdb`);
  }

  /** The warehouse of `org` (an organisation id from the caller's token). */
  forOrganisation(org: string): Promise<Warehouse> {
    if (!ORGANISATION_ID.test(org)) throw new InvalidInputError('organization', 'is not a valid organisation id');
    if (this.closed) return Promise.reject(new WarehouseError('unavailable', 'The portal is shutting down.'));
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
      const engine = await openSnowflakeEngine(settings.snowflake, this.options.snowflakeSdk);
      return this.withUsage(info, engine, `snowflake:${settings.snowflake.account.toLowerCase()}`);
    }
    const engine = await this.openSample(org, settings.sampleQueries);
    return this.withUsage(info, engine, await sampleIdentity(engine));
  }

  private async openSample(org: string, queryCount: number): Promise<Engine> {
    const file = this.sampleFile(org);
    // The sample may touch files only in its organisation's usage staging folder (the usage sync
    // stages slices there); its memory and spill are bounded by the settings.
    const options = {
      limits: this.settings.duckdb,
      allowedDirectories: [usageStagingDir(path.join(this.settings.usage.dir, `${org}.duckdb`))],
    };
    if (await exists(file)) {
      const engine = await openDuckDbEngine(file, options);
      if ((await sampleVersion(engine)) === SAMPLE_SCHEMA_VERSION) return engine;
      await engine.close();
    }
    const summary = await generateSampleAccount(file, {
      org,
      queryCount,
      limits: this.settings.duckdb,
      ...(this.options.now ? { now: this.options.now() } : {}),
    });
    this.options.onSampleGenerated?.({ org, queryCount: summary.queryCount, milliseconds: summary.milliseconds, file });
    return openDuckDbEngine(file, options);
  }

  /** The warehouse over `engine` with the organisation's usage copy of the account named `source`. */
  private async withUsage(info: WarehouseInfo, engine: Engine, source: string): Promise<Warehouse> {
    const usageSettings = this.settings.usage;
    const copy = await openUsageCopy(usageSettings.dir, info.organisation, source, this.settings.duckdb);
    const usage = await OrganisationUsage.open(info.organisation, copy, engine, usageSettings);
    const warehouse = new Warehouse(info, engine, { usage });
    if (this.options.onUsageOpened) this.options.onUsageOpened(usage);
    else if (!usage.isReady()) {
      usage
        .sync({ ...(this.options.now ? { now: this.options.now } : {}) })
        .catch((error: unknown) => this.options.onUsageSyncFailed?.(info.organisation, error));
    }
    return warehouse;
  }

  /** Closes every open warehouse. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.open.values()];
    this.open.clear();
    for (const result of await Promise.allSettled(pending)) {
      if (result.status === 'fulfilled') await result.value.close();
    }
  }
}
