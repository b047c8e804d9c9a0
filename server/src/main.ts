// `npm start`: the portal (browser app + API + store) and, unless a real Keycloak is
// configured, the dev identity server beside it.
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier } from './platform/http/auth/tokenVerifier.js';
import { createPortalServer } from './app/portalServer.js';
import { ensureBrowserBuild } from './build.js';
import { makeDataDirectoryPrivate } from './dataDirectory.js';
import { loadPortalConfig } from './config.js';
import { loadIdentityConfig } from '../identity/config.js';
import { startIdentityServer } from '../identity/server.js';
import { openPortalStore } from './app/portalStore.js';
import { loadWarehouseSettings, WarehouseRegistry } from './features/warehouse/area.js';

/** Thrown at a step of the start when a stop was asked for meanwhile: what started is closed, and the process ends cleanly. */
class StopRequested extends Error {}

async function main(): Promise<void> {
  // A stop (SIGTERM, SIGINT) is heard from the first moment. During the start it is acted on
  // between steps, so a step never runs against a store or warehouse already closed; once the
  // portal serves, it closes everything in order (runningStop below).
  let stopSignal: string | null = null;
  let runningStop: ((signal: string) => Promise<void>) | null = null;
  const onSignal = (signal: string) => {
    if (runningStop) void runningStop(signal);
    else stopSignal ??= signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  const checkpoint = () => {
    if (stopSignal) throw new StopRequested(stopSignal);
  };

  const config = loadPortalConfig();
  // Owner-only from the first file on: the store, keys and warehouse files live here.
  const { tightened } = await makeDataDirectoryPrivate(config.dataDir);
  if (tightened > 0) console.log(`Made ${tightened} files and folders in ${config.dataDir} readable by this account only`);
  await ensureBrowserBuild(config.distDir, (message) => console.log(message));

  // Whatever has started is closed again, newest first, when a later step fails or a stop comes:
  // a failed start must not leave the identity server (or a store lock) behind.
  const started: Array<() => Promise<void>> = [];
  try {
    checkpoint();
    // The store first: it is the step most likely to fail (a damaged or unreachable
    // database), and nothing listens yet when it does.
    const store = await openPortalStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    started.unshift(() => store.close());
    // PGlite gives its files modes of its own (0666): those of a first start are tightened now;
    // later ones sit in 0700 folders no other account can enter, and the next start tightens them.
    if (store.engine === 'pglite') await makeDataDirectoryPrivate(config.dataDir);
    checkpoint();

    if (config.embeddedIdentity) {
      const running = await startIdentityServer(loadIdentityConfig());
      // Closed after the store (in-flight sign-ins end with the server).
      started.push(() => running.close());
    }
    checkpoint();

    const warehouses = new WarehouseRegistry(await loadWarehouseSettings(), {
      onSampleGenerated: ({ org, queryCount, milliseconds }) =>
        console.log(`Generated the sample warehouse of ${org}: ${queryCount} queries in ${milliseconds} ms`),
    });
    // Closed after the store: by then nothing runs that could still open an organisation's warehouse.
    started.push(() => warehouses.close());
    const app = await createPortalServer(config, {
      store,
      verifyToken: createTokenVerifier(config.tokens),
      warehouses,
    });
    // The server first: its close stops the schedules and background work, and waits for the
    // running jobs, before the store and the warehouses close.
    started.unshift(() => app.close());
    checkpoint();
    await app.listen({ port: config.port, host: config.host });
    console.log(`Dataworks is ready on http://localhost:${config.port} (portal store: ${store.engine})`);
    runningStop = stopper(app, started);
    if (stopSignal) await runningStop(stopSignal);
  } catch (error) {
    for (const close of started) await close().catch(() => undefined);
    if (error instanceof StopRequested) {
      console.log(`Stopped (${error.message}) while starting; nothing was left running.`);
      process.exit(0);
    }
    throw error;
  }
}

/** Closes the server (requests in flight, schedules, running jobs), then the store, warehouses and identity server; exits 0. */
function stopper(app: FastifyInstance, started: ReadonlyArray<() => Promise<void>>): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    for (const close of started) {
      await close().catch((error: unknown) => app.log.error({ err: error }, 'a part of the portal did not close cleanly'));
    }
    process.exit(0);
  };
}

main().catch((error: unknown) => {
  console.error('Dataworks could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
