// `npm start`: the portal (browser app + API + store) and, unless a real Keycloak is
// configured, the dev identity server beside it.
import type { FastifyInstance } from 'fastify';
import { createTokenVerifier } from './platform/http/auth/tokenVerifier.js';
import { createPortalServer } from './app/portalServer.js';
import { ensureBrowserBuild } from './build.js';
import { makeDataDirectoryPrivate } from './dataDirectory.js';
import { loadPortalConfig } from './config.js';
import { loadIdentityConfig } from './identity/config.js';
import { startIdentityServer, type RunningIdentityServer } from './identity/server.js';
import { seedDemoData } from './features/dashboards/demoSeed.js';
import { openStore, type Store } from './platform/store/openStore.js';
import { demoDashboards } from './features/dashboards/demoSeed.js';
import { registerDemoDashboards } from './features/demo-dashboards/routes.js';
import { createSampleDashboardSource } from './features/demo-dashboards/sampleSource.js';
import { loadWarehouseSettings, WarehouseRegistry } from './features/warehouse/index.js';

async function main(): Promise<void> {
  const config = loadPortalConfig();
  // Owner-only from the first file on: the store, keys and warehouse files live here.
  const { tightened } = await makeDataDirectoryPrivate(config.dataDir);
  if (tightened > 0) console.log(`Made ${tightened} files and folders in ${config.dataDir} readable by this account only`);
  await ensureBrowserBuild(config.distDir, (message) => console.log(message));

  // Whatever has started is closed again, newest first, when a later step fails: a failed
  // start must not leave the identity server (or a store lock) behind.
  const started: Array<() => Promise<void>> = [];
  try {
    // The store first: it is the step most likely to fail (a damaged or unreachable
    // database), and nothing listens yet when it does.
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    started.unshift(() => store.close());
    // PGlite gives its files modes of its own (0666): those of a first start are tightened now;
    // later ones sit in 0700 folders no other account can enter, and the next start tightens them.
    if (store.engine === 'pglite') await makeDataDirectoryPrivate(config.dataDir);
    if (config.demoData) await seedDemoData(store.db, config.portalUrl);

    let identity: RunningIdentityServer | undefined;
    if (config.embeddedIdentity) {
      const running = await startIdentityServer(loadIdentityConfig());
      identity = running;
      started.unshift(() => running.close());
    }

    const warehouses = new WarehouseRegistry(await loadWarehouseSettings(), {
      onSampleGenerated: ({ org, queryCount, milliseconds }) => console.log(`Generated the sample warehouse of ${org}: ${queryCount} queries in ${milliseconds} ms`),
    });
    started.unshift(() => warehouses.close());
    // Demo dashboards only for the demo organisations, so a made-up organisation in the URL
    // cannot make the server generate a sample account.
    const demoSource = createSampleDashboardSource(async (organisation) =>
      organisation in demoDashboards ? (await warehouses.forOrganisation(organisation)).sampleReader() : null,
    );

    const app = await createPortalServer(config, {
      store,
      verifyToken: createTokenVerifier(config.tokens),
      warehouses,
      extraRoutes: config.demoData ? (server) => registerDemoDashboards(server, config.distDir, demoSource) : undefined,
    });
    started.unshift(() => app.close());
    await app.listen({ port: config.port, host: config.host });
    console.log(`Dataworks is ready on http://localhost:${config.port} (portal store: ${store.engine})`);
    handleSignals(app, store, warehouses, identity);
  } catch (error) {
    for (const close of started) await close().catch(() => undefined);
    throw error;
  }
}

function handleSignals(app: FastifyInstance, store: Store, warehouses: WarehouseRegistry, identity: RunningIdentityServer | undefined): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Finish requests in flight, then close the store and stop accepting sign-ins.
    await app.close();
    await store.close();
    await warehouses.close();
    await identity?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Dataworks could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
