// Opens the portal store: PostgreSQL when DATABASE_URL is set, otherwise PGlite (embedded
// PostgreSQL) under the data directory. Both run the same migrations and the same SQL.
// The store also carries LISTEN/NOTIFY (`notifier`): the way portal instances sharing one
// store tell each other that something happened (a job was queued, a live event published).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect, type Migration } from 'kysely';
import { platformMigrations } from './migrations/index.js';
import { listenOnPglite, PgliteDialect } from './pgliteDialect.js';
import type { StoreSchema } from './schema.js';

export type StoreDb = Kysely<StoreSchema>;

/** PostgreSQL LISTEN/NOTIFY, on a server or inside PGlite. */
export interface StoreNotifier {
  /** Calls `onPayload` for every notification on `channel` until the returned function is called. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends `payload` to every listener of `channel` in every instance sharing the store. */
  notify(channel: string, payload: string): Promise<void>;
}

export interface Store {
  db: StoreDb;
  engine: 'postgres' | 'pglite';
  notifier: StoreNotifier;
  close(): Promise<void>;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

export class NotifyPayloadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(
      `A notification payload may be at most ${MAX_NOTIFY_PAYLOAD_BYTES} bytes; this one has ${bytes}. Publish a small message (ids) and let pages fetch the details.`,
    );
    this.name = 'NotifyPayloadTooLargeError';
  }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Channel names go into LISTEN statements unquoted: only plain lower-case identifiers. */
export function checkChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel))
    throw new Error(`"${channel}" is not a valid notification channel name (lower-case letters, digits, _).`);
}

/** NOTIFY through the store's own connections, with the size checked before it is sent. */
export async function notifyThroughDb(db: StoreDb, channel: string, payload: string): Promise<void> {
  checkChannelName(channel);
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_NOTIFY_PAYLOAD_BYTES) throw new NotifyPayloadTooLargeError(bytes);
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

type ClosableNotifier = StoreNotifier & { close(): Promise<void> };
type NotifierFactory = (db: StoreDb) => ClosableNotifier;

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to other
 * queries): one pg client per store, connected on the first listen, reconnected with back-off
 * when the server drops it, listening again on every channel. Notifications sent while it
 * is down are lost; subscribers treat live messages as hints and refetch what they show.
 */
function postgresNotifier(connectionString: string, pgModule: typeof import('pg').default): NotifierFactory {
  return (db) => {
    const handlers = new Map<string, Set<(payload: string) => void>>();
    let client: import('pg').Client | null = null;
    let connecting: Promise<import('pg').Client> | null = null;
    let retryDelayMs = 250;
    let retryTimer: NodeJS.Timeout | undefined;
    let closed = false;

    const connect = (): Promise<import('pg').Client> => {
      if (client) return Promise.resolve(client);
      connecting ??= (async () => {
        const next = new pgModule.Client({ connectionString });
        next.on('notification', (message) => {
          for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
        });
        const lost = () => {
          if (client !== next) return;
          client = null;
          next.removeAllListeners('notification');
          void next.end().catch(() => undefined);
          scheduleReconnect();
        };
        next.on('error', lost);
        next.on('end', lost);
        try {
          await next.connect();
          for (const channel of handlers.keys()) await next.query(`LISTEN ${channel}`);
        } catch (error) {
          next.removeAllListeners();
          next.on('error', () => undefined);
          void next.end().catch(() => undefined);
          throw error;
        }
        if (closed) {
          await next.end().catch(() => undefined);
          throw new Error('The portal store is closed.');
        }
        client = next;
        retryDelayMs = 250;
        return next;
      })().finally(() => {
        connecting = null;
      });
      return connecting;
    };

    const scheduleReconnect = () => {
      if (closed || retryTimer || handlers.size === 0) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        connect().catch(() => {
          retryDelayMs = Math.min(retryDelayMs * 2, 10_000);
          scheduleReconnect();
        });
      }, retryDelayMs);
      retryTimer.unref();
    };

    return {
      async listen(channel, onPayload) {
        checkChannelName(channel);
        const existing = handlers.get(channel);
        const set = existing ?? new Set();
        set.add(onPayload);
        handlers.set(channel, set);
        try {
          const listener = await connect();
          // A new connection listens on every known channel itself; an open one learns the new channel here.
          if (!existing) await listener.query(`LISTEN ${channel}`);
        } catch (error) {
          set.delete(onPayload);
          if (set.size === 0) handlers.delete(channel);
          throw error;
        }
        return async () => {
          set.delete(onPayload);
          if (set.size > 0 || handlers.get(channel) !== set) return;
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
        };
      },
      notify: (channel, payload) => notifyThroughDb(db, channel, payload),
      async close() {
        closed = true;
        clearTimeout(retryTimer);
        handlers.clear();
        const current = client ?? (await connecting?.catch(() => null)) ?? null;
        client = null;
        if (current) {
          current.removeAllListeners();
          current.on('error', () => undefined);
          await current.end().catch(() => undefined);
        }
      },
    };
  };
}

export interface StoreOptions {
  /** postgres://… to use a PostgreSQL server. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/store`); `memory://` keeps nothing. */
  dataDir: string;
  /**
   * An in-memory PGlite database starts from this dump of a data directory (what PGlite's
   * `dumpDataDir` wrote) instead of an empty one, skipping the seconds initdb takes; the
   * migrations then run as usual. The tests start every store from one migrated dump.
   */
  pgliteDump?: Blob;
  /** The areas' migrations (app/portalStore.ts gathers them); the platform's own always run with them. */
  migrations: Readonly<Record<string, Migration>>;
}

interface OpenedDialect {
  dialect: Dialect;
  engine: Store['engine'];
  notifier: NotifierFactory;
}

/** PGlite: NOTIFY through Kysely like any statement; LISTEN in this process (pgliteDialect.ts). */
function pgliteNotifier(pglite: import('@electric-sql/pglite').PGlite): NotifierFactory {
  return (db) => ({
    async listen(channel, onPayload) {
      checkChannelName(channel);
      return listenOnPglite(pglite, db, channel, onPayload);
    },
    notify: (channel, payload) => notifyThroughDb(db, channel, payload),
    // PGlite drops its listeners when the database closes.
    close: async () => undefined,
  });
}

async function dialectFor(options: StoreOptions): Promise<OpenedDialect> {
  if (options.databaseUrl) {
    // Loaded on demand: an embedded install never needs the PostgreSQL client, and the
    // reverse holds for PGlite's WebAssembly build.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return { dialect: new PostgresDialect({ pool }), engine: 'postgres', notifier: postgresNotifier(options.databaseUrl, pg) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  if (options.dataDir === 'memory://') {
    const pglite = options.pgliteDump ? await PGlite.create({ loadDataDir: options.pgliteDump }) : await PGlite.create('memory://');
    return { dialect: new PgliteDialect(pglite), engine: 'pglite', notifier: pgliteNotifier(pglite) };
  }
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
      `The portal store in ${location} could not be opened (${reason}); its files are probably damaged. ` +
        `Restore the directory from a backup, or move it aside (e.g. to ${location}.damaged) to start with an empty store.`,
      { cause: error },
    );
  }
  return { dialect: new PgliteDialect(pglite), engine: 'pglite', notifier: pgliteNotifier(pglite) };
}

/** Brings the schema up to date (the platform's and the areas' migrations, in name order); a failed migration stops start-up with its reason. */
export async function migrateToLatest(db: StoreDb, areaMigrations: Readonly<Record<string, Migration>>): Promise<void> {
  const clash = Object.keys(areaMigrations).find((name) => name in platformMigrations);
  if (clash) throw new Error(`Two migrations are named ${clash}; give the area's the next free number.`);
  const migrations = { ...platformMigrations, ...areaMigrations };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Portal store migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const { dialect, engine, notifier: notifierFor } = await dialectFor(options);
  const db = new Kysely<StoreSchema>({ dialect });
  try {
    await migrateToLatest(db, options.migrations);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const notifier = notifierFor(db);
  const close = async () => {
    await notifier.close();
    await db.destroy();
  };
  return { db, engine, notifier: { listen: notifier.listen, notify: notifier.notify }, close };
}
