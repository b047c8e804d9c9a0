// A real kill -9 of the portal during a burst of warehouse user creations: after the restart,
// every user the burst created in the warehouse has its audit entry, settled as applied, every
// acknowledged creation is kept, and no entry is left pending.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { listAudit } from '../../../server/src/platform/store/audit';
import { openPortalStore } from '../../../server/src/app/portalStore';
import { freePort, startIdentityServer, type RunningIdentityServer } from '../identity/identityServer';
import { startPortalProcess, stubBrowserBuild, waitForOk, type PortalProcess } from '../portalProcess';

jest.setTimeout(180_000);

const BURST = 120;
const KILL_AFTER_ANSWERS = 25;

let idp: RunningIdentityServer;
let dataDir: string;
let dist: string;
let env: Record<string, string>;
let baseUrl: string;
let portal: PortalProcess | undefined;

beforeAll(async () => {
  idp = await startIdentityServer();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-crash-'));
  dist = await stubBrowserBuild();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  // Warehouse changes are authorised on the caller's current roles: the portal reaches the
  // identity server's admin API with the secret it wrote.
  env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: dist,
    EMBEDDED_IDENTITY: 'false',
    IDENTITY_PUBLIC_URL: idp.baseUrl,
    WAREHOUSE_SAMPLE_QUERIES: '2000',
    DEMO_DATA: 'false',
    IDENTITY_ADMIN_SECRET_FILE: path.join(idp.dataDir, 'identity', 'portal-admin-client.json'),
  };
});

afterAll(async () => {
  await portal?.stop();
  await idp?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(dist, { recursive: true, force: true });
});

async function start(): Promise<PortalProcess> {
  const started = startPortalProcess(env);
  await waitForOk(`${baseUrl}/api/health`, started, 60_000);
  return started;
}

async function warehouseUsers(prefix: string): Promise<Set<string>> {
  const instance = await DuckDBInstance.create(path.join(dataDir, 'warehouse', 'acme.duckdb'));
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll('SELECT NAME FROM ACCOUNT_USAGE.USERS WHERE NAME LIKE ? AND DELETED_ON IS NULL', [
      `${prefix}%`,
    ]);
    return new Set(reader.getRowObjectsJS().map((row) => String(row.NAME)));
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

test('every change the burst made has its audit entry after a kill -9 and a restart', async () => {
  portal = await start();
  const { access_token: token } = await idp.signIn('clientadmin', 'clientadmin');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  // Open (generate) the organisation's sample account before the burst.
  expect((await fetch(`${baseUrl}/api/management/roles`, { headers })).status).toBe(200);

  const acknowledged: string[] = [];
  let answers = 0;
  const killed = new Promise<void>((resolve) => {
    const requests = Array.from({ length: BURST }, (_unused, index) => {
      const userName = `CRASH_USER_${index}`;
      return fetch(`${baseUrl}/api/management/changes`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'createUser', userName }),
      }).then(
        (response) => {
          if (response.status === 200) acknowledged.push(userName);
          answers += 1;
          if (answers === KILL_AFTER_ANSWERS) {
            portal?.child.kill('SIGKILL');
            resolve();
          }
        },
        () => undefined,
      );
    });
    void Promise.all(requests).then(() => resolve());
  });
  await killed;
  expect(await portal.exited).toEqual({ code: null, signal: 'SIGKILL' });
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(acknowledged.length).toBeLessThan(BURST);

  // The restart settles whatever the kill interrupted, before it serves.
  portal = await start();
  await portal.stop();
  portal = undefined;

  const created = await warehouseUsers('CRASH_USER_');
  const store = await openPortalStore({ dataDir });
  try {
    const entries = (await listAudit(store.db, 'acme', 10_000)).filter((entry) => entry.action === 'warehouse.createUser');
    const byTarget = new Map(entries.map((entry) => [entry.target.replace(/^user:/, ''), entry]));
    for (const userName of acknowledged) expect({ userName, created: created.has(userName) }).toEqual({ userName, created: true });
    for (const userName of created)
      expect({ userName, outcome: byTarget.get(userName)?.outcome }).toEqual({ userName, outcome: 'applied' });
    expect(entries.filter((entry) => entry.outcome === 'pending')).toEqual([]);
    for (const entry of entries.filter((e) => e.outcome !== 'applied')) expect(created.has(entry.target.replace(/^user:/, ''))).toBe(false);
  } finally {
    await store.close();
  }
});
