// The organisation's warehouse as the areas other than the warehouse area reach it. The
// warehouse area provides it over its registry (Snowflake or the embedded sample account);
// the catalog, data APIs and connectors use it instead of holding a registry of their own.
import type { Engine } from '../warehouse/engine.js';
import { definePort } from './portRegistry.js';

/** Builds of dbt nodes and reads of relations, from the organisation's usage copy (cost per asset). */
export interface DbtNodeCostRollup {
  /** Days of the window, inclusive (YYYY-MM-DD); null bounds when the copy holds no usage yet. */
  from: string | null;
  to: string | null;
  pricePerCredit: number;
  builds: ReadonlyArray<{ day: string; nodeId: string; queries: number; credits: number }>;
  /** Reads in the last `readDays` days of the window only. */
  reads: ReadonlyArray<{ relation: string; readerNodeId: string | null; queries: number; lastRead: string }>;
  readDays: number;
}

/** The organisation's Snowflake account as the portal signs in to it (key pair). */
export interface SnowflakeAccount {
  account: string;
  username: string;
  privateKeyPath: string;
  privateKeyPassphrase?: string;
  role: string;
  warehouse: string;
  /** The database connector syncs write their raw tables in; unset, syncs into this account are refused. */
  loadDatabase?: string;
}

export interface WarehouseAccess {
  /** The engine reads run on (profiles, freshness checks, metric values, data API endpoints). */
  readEngine(organisation: string): Promise<Engine>;
  /** The engine of the embedded sample account, or null when the organisation has a real one (demo data only). */
  sampleEngine(organisation: string): Promise<Engine | null>;
  /** Where connector syncs land: the engine and, on Snowflake, the database for the raw tables. */
  loadTarget(organisation: string): Promise<{ engine: Engine; database: string | null }>;
  /** The Snowflake account's settings, or null when the organisation's warehouse is the embedded one. */
  snowflakeAccount(organisation: string): Promise<SnowflakeAccount | null>;
  /** Builds over `windowDays` and reads over the last `readDays` of dbt nodes (cost per asset). */
  dbtNodeCost(organisation: string, windowDays: number, readDays: number): Promise<DbtNodeCostRollup>;
}

export const warehouseAccessPort = definePort<WarehouseAccess>('warehouse access');
