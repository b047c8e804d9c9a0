import { startPortal } from '../__tests__/server/api/portalServer.ts';
const t0 = Date.now();
const portal = await startPortal({});
const t1 = Date.now();
const token = await portal.token('admin');
const t2 = Date.now();
await portal.stop();
console.log('start', t1 - t0, 'token', t2 - t1, 'stop', Date.now() - t2);
