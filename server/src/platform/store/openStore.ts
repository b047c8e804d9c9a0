// Opens the portal store: PostgreSQL when DATABASE_URL is set, otherwise PGlite (embedded
// PostgreSQL) under the data directory. Both run the same migrations and the same SQL.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
import { migrationProvider } from './migrations/index.js';
import { PgliteDialect } from './pgliteDialect.js';
import type { StoreSchema } from './schema.js';

export type StoreDb = Kysely<StoreSchema>;

export interface Store {
  db: StoreDb;
  engine: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://… to use a PostgreSQL server. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/store`); `memory://` keeps nothing. */
  dataDir: string;
}

async function dialectFor(options: StoreOptions): Promise<{ dialect: Dialect; engine: Store['engine'] }> {
  if (options.databaseUrl) {
    // Loaded on demand: an embedded install never needs the PostgreSQL client, and the
    // reverse holds for PGlite's WebAssembly build.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return { dialect: new PostgresDialect({ pool }), engine: 'postgres' };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir === 'memory://') return { dialect: new PgliteDialect(await PGlite.create('memory://')), engine: 'pglite' };
  const location = path.join(options.dataDir, 'store');
  // PGlite creates only the last directory of the path; the data directory itself may be new
  // (nothing else creates it when the identity server is not embedded).
  await mkdir(options.dataDir, { recursive: true });
  let pglite: InstanceType<typeof PGlite>;
  try {
    pglite = await PGlite.create(location);
  } catch (error) {
    // A damaged directory makes PGlite's WebAssembly build abort with a message that names
    // neither the directory nor a way out.
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The portal store in ${location} could not be opened (${reason}); its files are probably damaged. `
      + `Restore the directory from a backup, or move it aside (e.g. to ${location}.damaged) to start with an empty store.`,
      { cause: error },
    );
  }
  return { dialect: new PgliteDialect(pglite), engine: 'pglite' };
}

/** Brings the schema up to date; a failed migration stops start-up with its reason. */
export async function migrateToLatest(db: StoreDb): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Portal store migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const { dialect, engine } = await dialectFor(options);
  const db = new Kysely<StoreSchema>({ dialect });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, engine, close: () => db.destroy() };
}
