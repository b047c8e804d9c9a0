import Fastify, { type FastifyInstance } from 'fastify';
import type { PortalConfig } from '../config.js';
import { registerSpa } from './spa.js';

/** The portal's HTTP server: the browser app now, the `/api` routes beside it. */
export async function createPortalServer(config: PortalConfig): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  app.get('/api/health', async () => ({ status: 'ok' }));
  await registerSpa(app, config);
  return app;
}
