/**
 * The one place a DuckDB database is opened (the sample accounts and usage copies the portal
 * serves from, the sample generator's working copy, the private parser that checks endpoint
 * SQL). Without an explicit limit DuckDB lets each database take 80% of the machine's memory and
 * spill to 90% of its disk, in a `.tmp` folder of the current directory, and a process may hold
 * several databases at once: every one is opened here, with a memory limit, a spill limit and a
 * temp directory of its own. `__tests__/server/platform/warehouse/duckdbOpenings.test.ts` fails
 * on any other call that opens DuckDB in server/ or scripts/.
 */
import { DuckDBInstance } from '@duckdb/node-api';

/**
 * What a DuckDB database is held to. DuckDB's settings are per database, not per connection, so
 * they hold for every statement on it: user-written endpoint SQL as much as the portal's own work.
 */
export interface DuckDbLimits {
  /** DuckDB's `memory_limit` (e.g. "1GB"): sorts, joins and aggregates beyond it spill to the temp directory. */
  memoryLimit: string;
  /** DuckDB's `max_temp_directory_size` (e.g. "10GB"): how much a database may spill. */
  tempLimit: string;
}

/**
 * A portal serving an organisation's sample has two databases open (the account and its usage
 * copy), both busy during a sync, and DuckDB's resident memory runs past its limit (allocations
 * outside its buffers). Under `bench:warehouse`'s ten million queries the portal peaked at about
 * 1.0 GB with 256MB each (1.2–1.4 GB at 384MB, 1.5 GB at 512MB, 3.2 GB at 1GB), every analysis and
 * the incremental sync within target.
 */
export const DEFAULT_DUCKDB_LIMITS: DuckDbLimits = { memoryLimit: '256MB', tempLimit: '10GB' };

/** A DuckDB size setting: a number and a unit. */
export const DUCKDB_SIZE = /^\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

export interface DuckDbInstanceOptions {
  limits: DuckDbLimits;
  /** Where the database spills what does not fit its memory limit (created by DuckDB when it first spills). */
  tempDirectory: string;
  /** Other DuckDB settings fixed at opening (e.g. `enable_external_access`). */
  settings?: Record<string, string>;
}

/** Opens (creating if absent) the DuckDB database at `file` (or `':memory:'`) with its limits and temp directory. */
export async function openDuckDbInstance(file: string, options: DuckDbInstanceOptions): Promise<DuckDBInstance> {
  if (!DUCKDB_SIZE.test(options.limits.memoryLimit))
    throw new Error(`DuckDB memory limit "${options.limits.memoryLimit}" is not a size such as 1GB`);
  if (!DUCKDB_SIZE.test(options.limits.tempLimit))
    throw new Error(`DuckDB temp limit "${options.limits.tempLimit}" is not a size such as 10GB`);
  if (options.tempDirectory.trim() === '') throw new Error('A DuckDB database needs a temp directory');
  const bounds = {
    memory_limit: options.limits.memoryLimit,
    max_temp_directory_size: options.limits.tempLimit,
    temp_directory: options.tempDirectory,
  };
  const others = Object.entries(options.settings ?? {});
  const overridden = others.find(([name]) => name in bounds);
  if (overridden) throw new Error(`DuckDB setting ${overridden[0]} is set from the limits and temp directory, not from settings`);
  // DuckDB applies the settings in this order, and refuses a temp directory once external access is off.
  return DuckDBInstance.create(file, { ...bounds, ...Object.fromEntries(others) });
}
