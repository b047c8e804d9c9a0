/**
 * Warehouse settings: which organisations use a real Snowflake account, their prices, and
 * where the embedded sample accounts live. Environment variables (all optional):
 *
 * | Variable                        | Default           | Meaning |
 * |---------------------------------|-------------------|---------|
 * | DATA_DIR                        | ./data            | Sample accounts are kept in `${DATA_DIR}/warehouse/<org>.duckdb`. |
 * | WAREHOUSE_CONNECTIONS_FILE      | (none)            | JSON file mapping organisation id → connection (below). |
 * | WAREHOUSE_SAMPLE_QUERIES        | 150000            | QUERY_HISTORY rows of a generated sample account. |
 * | WAREHOUSE_PRICE_PER_CREDIT      | 3.00              | USD per credit for organisations that do not set their own. |
 * | WAREHOUSE_STORAGE_PRICE_PER_TB_MONTH | 23.00        | USD per TB-month of storage, likewise. |
 * | USAGE_SYNC_BACKFILL_DAYS        | 365               | How far back the first usage sync copies ACCOUNT_USAGE (1–365; Snowflake keeps a year). |
 * | USAGE_SYNC_INTERVAL_MINUTES     | 60                | Minutes between scheduled usage syncs (5–1440). |
 * | DUCKDB_MEMORY_LIMIT             | 256MB             | Memory each embedded DuckDB database (a sample account, a usage copy, a sample being generated) may use before it spills to disk. |
 * | DUCKDB_TEMP_LIMIT               | 10GB              | Disk each of them may spill to (beside its file: `<file>.tmp`, a sample being generated `<file>.<pid>.<random>.tmp.spill`). |
 *
 * The Optimize pages read a per-organisation usage copy under `${DATA_DIR}/usage/` (see
 * usage-sync/), never ACCOUNT_USAGE itself.
 *
 * The connections file (organisations not listed get the embedded sample on DuckDB):
 *
 *   {
 *     "acme":   { "engine": "snowflake", "account": "xy12345.eu-west-1", "username": "DATAWORKS_SVC",
 *                 "privateKeyPath": "/run/secrets/acme_rsa_key.p8",
 *                 "privateKeyPassphraseEnv": "ACME_SNOWFLAKE_KEY_PASSPHRASE",
 *                 "role": "DATAWORKS_ADMIN", "warehouse": "DATAWORKS_WH", "loadDatabase": "RAW",
 *                 "pricePerCredit": 2.6 },
 *     "globex": { "engine": "duckdb", "pricePerCredit": 3.5, "sampleQueries": 50000 }
 *   }
 *
 * The private key's passphrase never sits in the file: `privateKeyPassphraseEnv` names the
 * environment variable that holds it. `loadDatabase` is where connector syncs land (optional;
 * without it the Integrations area refuses syncs into that account and says so). Invalid settings
 * throw an Error naming the field.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DUCKDB_LIMITS, DUCKDB_SIZE, type DuckDbLimits } from '../../platform/warehouse/duckdbInstance.js';
import { DEFAULT_PRICE_PER_CREDIT, DEFAULT_STORAGE_PRICE_PER_TB_MONTH } from '../../platform/warehouse/billing.js';
import type { UsageSettings } from './usage-sync/organisationUsage.js';

export const DEFAULT_BACKFILL_DAYS = 365;
export const DEFAULT_SYNC_INTERVAL_MINUTES = 60;
/** An analysis asked for before the first sync waits this long for it (a sample fills in seconds). */
const READY_WAIT_MS = 30_000;

/** Organisation ids become file names, so they are kept to a safe alphabet. */
export const ORGANISATION_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
export const DEFAULT_SAMPLE_QUERIES = 150_000;

const DEFAULTS = {
  pricePerCredit: DEFAULT_PRICE_PER_CREDIT,
  storagePricePerTbMonth: DEFAULT_STORAGE_PRICE_PER_TB_MONTH,
  sampleQueries: DEFAULT_SAMPLE_QUERIES,
};

const price = z.number().positive().max(1000);

const duckdbConnection = z.strictObject({
  engine: z.literal('duckdb'),
  pricePerCredit: price.optional(),
  storagePricePerTbMonth: price.optional(),
  sampleQueries: z.number().int().min(1000).max(20_000_000).optional(),
});

const snowflakeConnection = z.strictObject({
  engine: z.literal('snowflake'),
  account: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'must be a Snowflake account identifier such as xy12345.eu-west-1 or myorg-myaccount'),
  username: z.string().min(1),
  privateKeyPath: z.string().min(1),
  privateKeyPassphraseEnv: z
    .string()
    .regex(/^[A-Z_][A-Z0-9_]*$/, 'must be an environment variable name')
    .optional(),
  role: z.string().min(1),
  warehouse: z.string().min(1),
  loadDatabase: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_$]{0,254}$/, 'must be an unquoted Snowflake identifier such as RAW')
    .optional(),
  pricePerCredit: price.optional(),
  storagePricePerTbMonth: price.optional(),
});

const connectionsFile = z.record(
  z.string().regex(ORGANISATION_ID, 'organisation ids are lower-case letters, digits, _ and -'),
  z.discriminatedUnion('engine', [duckdbConnection, snowflakeConnection]),
);

export interface SnowflakeConnectionSettings {
  account: string;
  username: string;
  privateKeyPath: string;
  privateKeyPassphrase?: string;
  role: string;
  warehouse: string;
  /** The database connector syncs write their raw tables in (the role needs CREATE SCHEMA on it); unset, syncs into this account are refused. */
  loadDatabase?: string;
}

export interface OrganisationWarehouseSettings {
  engine: 'duckdb' | 'snowflake';
  pricePerCredit: number;
  storagePricePerTbMonth: number;
  /** DuckDB only: rows of QUERY_HISTORY when the sample is generated. */
  sampleQueries: number;
  /** Snowflake only. */
  snowflake?: SnowflakeConnectionSettings;
}

export interface WarehouseSettings {
  /** Absolute directory of the sample accounts (`${DATA_DIR}/warehouse`). */
  sampleDir: string;
  /** What each embedded DuckDB database may take of memory and disk. */
  duckdb: DuckDbLimits;
  /** The usage copies behind the Optimize pages. */
  usage: UsageSettings;
  defaults: { pricePerCredit: number; storagePricePerTbMonth: number; sampleQueries: number };
  /** Organisations listed in the connections file. */
  organisations: Readonly<Record<string, OrganisationWarehouseSettings>>;
}

type Env = Record<string, string | undefined>;

function setting(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function positiveNumber(env: Env, name: string, fallback: number, integer = false): number {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || (integer && !Number.isInteger(parsed))) {
    throw new Error(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${value}"`);
  }
  return parsed;
}

function integerIn(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  return parsed;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
  return `${where}: ${issue.message}`;
}

/** Parses the connections JSON; `source` names the file in error messages. */
export function parseConnections(
  json: unknown,
  source: string,
  env: Env = process.env,
  defaults = DEFAULTS,
): Record<string, OrganisationWarehouseSettings> {
  const result = connectionsFile.safeParse(json);
  if (!result.success) {
    throw new Error(`${source} is invalid: ${result.error.issues.map(describeIssue).join('; ')}`);
  }
  const organisations: Record<string, OrganisationWarehouseSettings> = {};
  for (const [org, entry] of Object.entries(result.data)) {
    const common = {
      pricePerCredit: entry.pricePerCredit ?? defaults.pricePerCredit,
      storagePricePerTbMonth: entry.storagePricePerTbMonth ?? defaults.storagePricePerTbMonth,
    };
    if (entry.engine === 'duckdb') {
      organisations[org] = { engine: 'duckdb', ...common, sampleQueries: entry.sampleQueries ?? defaults.sampleQueries };
      continue;
    }
    let privateKeyPassphrase: string | undefined;
    if (entry.privateKeyPassphraseEnv) {
      privateKeyPassphrase = env[entry.privateKeyPassphraseEnv];
      if (!privateKeyPassphrase) {
        throw new Error(`${source} is invalid: ${org}.privateKeyPassphraseEnv names ${entry.privateKeyPassphraseEnv}, which is not set`);
      }
    }
    organisations[org] = {
      engine: 'snowflake',
      ...common,
      sampleQueries: 0,
      snowflake: {
        account: entry.account,
        username: entry.username,
        privateKeyPath: path.resolve(path.dirname(source), entry.privateKeyPath),
        ...(privateKeyPassphrase ? { privateKeyPassphrase } : {}),
        role: entry.role,
        warehouse: entry.warehouse,
        ...(entry.loadDatabase ? { loadDatabase: entry.loadDatabase.toUpperCase() } : {}),
      },
    };
  }
  return organisations;
}

export async function loadWarehouseSettings(env: Env = process.env): Promise<WarehouseSettings> {
  const defaults = {
    pricePerCredit: positiveNumber(env, 'WAREHOUSE_PRICE_PER_CREDIT', DEFAULTS.pricePerCredit),
    storagePricePerTbMonth: positiveNumber(env, 'WAREHOUSE_STORAGE_PRICE_PER_TB_MONTH', DEFAULTS.storagePricePerTbMonth),
    sampleQueries: positiveNumber(env, 'WAREHOUSE_SAMPLE_QUERIES', DEFAULTS.sampleQueries, true),
  };
  const file = setting(env, 'WAREHOUSE_CONNECTIONS_FILE');
  let organisations: Record<string, OrganisationWarehouseSettings> = {};
  if (file) {
    const absolute = path.resolve(file);
    let text: string;
    try {
      text = await fs.readFile(absolute, 'utf8');
    } catch (error) {
      throw new Error(`WAREHOUSE_CONNECTIONS_FILE ${absolute} cannot be read: ${(error as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`WAREHOUSE_CONNECTIONS_FILE ${absolute} is not valid JSON`);
    }
    organisations = parseConnections(json, absolute, env, defaults);
  }
  const dataDir = path.resolve(setting(env, 'DATA_DIR') ?? './data');
  return {
    sampleDir: path.join(dataDir, 'warehouse'),
    duckdb: {
      memoryLimit: duckDbSize(env, 'DUCKDB_MEMORY_LIMIT', DEFAULT_DUCKDB_LIMITS.memoryLimit),
      tempLimit: duckDbSize(env, 'DUCKDB_TEMP_LIMIT', DEFAULT_DUCKDB_LIMITS.tempLimit),
    },
    usage: {
      dir: path.join(dataDir, 'usage'),
      backfillDays: integerIn(env, 'USAGE_SYNC_BACKFILL_DAYS', DEFAULT_BACKFILL_DAYS, 1, 365),
      intervalMs: integerIn(env, 'USAGE_SYNC_INTERVAL_MINUTES', DEFAULT_SYNC_INTERVAL_MINUTES, 5, 1440) * 60_000,
      readyWaitMs: READY_WAIT_MS,
    },
    defaults,
    organisations,
  };
}

/** A DuckDB size setting ("1GB", "512MB"), or the default; anything else stops the start naming the variable. */
function duckDbSize(env: Env, name: string, fallback: string): string {
  const value = setting(env, name);
  if (value === undefined) return fallback;
  if (!DUCKDB_SIZE.test(value)) throw new Error(`${name} must be a size such as 1GB or 512MB, got "${value}"`);
  return value.replace(/\s+/g, '');
}

/** The settings that apply to `org`: its own entry, or the embedded sample with the defaults. */
export function settingsFor(settings: WarehouseSettings, org: string): OrganisationWarehouseSettings {
  return settings.organisations[org] ?? { engine: 'duckdb', ...settings.defaults };
}
