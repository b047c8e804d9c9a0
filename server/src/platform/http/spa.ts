// Serves the built browser app: hashed assets with long caching, everything else falls back
// to index.html so deep links work, and /config.json is written from the server's settings
// so one build serves every environment. index.html is read again whenever the build changes
// it, so `npm run build` under a running server takes effect without a restart.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fileFollower } from './fileFollower.js';

/** The settings the browser app is served with (the portal's settings, server/src/config.ts, hold them). */
export interface SpaSettings {
  distDir: string;
  apiBaseUrl: string;
  identity: unknown;
  analytics: unknown;
  catalogUrl: string;
  chatbotUrl: string;
}

export async function registerSpa(app: FastifyInstance, config: SpaSettings): Promise<void> {
  const baseConfig = JSON.parse(await readFile(path.join(config.distDir, 'config.json'), 'utf8')) as Record<string, unknown>;
  const runtimeConfig = JSON.stringify({
    ...baseConfig,
    apiBaseUrl: config.apiBaseUrl,
    identity: config.identity,
    analytics: config.analytics,
    catalogUrl: config.catalogUrl,
    chatbotUrl: config.chatbotUrl,
  });

  app.get('/config.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('application/json').send(runtimeConfig),
  );

  await app.register(fastifyStatic, {
    root: config.distDir,
    index: false,
    // Our own cache headers below: hashed assets forever, everything else revalidated.
    cacheControl: false,
    // Called with the raw response (the plugin sets its own headers after this).
    setHeaders(response, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // Hashed assets are public code; sandboxed dashboard frames (an opaque origin) load
      // the demo dashboard's script and styles from here.
      if (immutable) response.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const indexHtml = fileFollower(path.join(config.distDir, 'index.html'));
  await indexHtml(); // a missing build stops start-up here, with the file named
  app.get('/', async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(await indexHtml()),
  );
  app.setNotFoundHandler(async (request, reply) => {
    // Only what would be a file of the build may be missing: a stale chunk under /assets, a file
    // at the top (favicon.ico), an unknown /api route. Any other GET is a page of the app and gets
    // index.html — pages' paths may end in ".name" too (a source `source.shop.raw.orders`, a
    // one-word model `model.shop.orders`), so a dot says nothing about a path under a page.
    const pathname = request.url.split('?')[0] ?? '';
    const buildFile = pathname.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/i.test(pathname);
    if (request.method !== 'GET' || buildFile || pathname.startsWith('/api/')) {
      return reply
        .code(404)
        .type('application/json')
        .send({ error: 'Not Found', message: `No ${request.method} ${request.url.split('?')[0]}` });
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(await indexHtml());
  });
}
