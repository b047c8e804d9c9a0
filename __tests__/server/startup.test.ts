// Start-up of the whole portal process (server/src/main.ts), as `npm start` runs it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPortalStore } from '../../server/src/app/portalStore';
import { processesUsing } from './helpers/processesUsing';
import { waitFor } from './helpers/waitFor';
import { freePort } from './identity/identityServer';
import { isListening, startPortalProcess, stubBrowserBuild, waitForOk, type PortalProcess } from './portalProcess';

jest.setTimeout(90_000);

let scratch: string;
let dist: string;
let portal: PortalProcess | undefined;

beforeEach(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-startup-'));
  dist = await stubBrowserBuild();
});

afterEach(async () => {
  await portal?.stop();
  portal = undefined;
  await fs.rm(scratch, { recursive: true, force: true });
  await fs.rm(dist, { recursive: true, force: true });
});

async function ports(): Promise<{ PORT: string; IDENTITY_PORT: string; IDENTITY_PUBLIC_URL: string }> {
  const [portal, identity] = [await freePort(), await freePort()];
  return { PORT: String(portal), IDENTITY_PORT: String(identity), IDENTITY_PUBLIC_URL: `http://localhost:${identity}` };
}

describe('with a real Keycloak (EMBEDDED_IDENTITY=false)', () => {
  it('starts on a data directory that does not exist yet', async () => {
    const dataDir = path.join(scratch, 'new', 'data');
    const env = await ports();
    portal = startPortalProcess({ ...env, EMBEDDED_IDENTITY: 'false', DATA_DIR: dataDir, DIST_DIR: dist });
    await waitForOk(`http://localhost:${env.PORT}/api/health`, portal, 60_000);
    expect((await fs.stat(path.join(dataDir, 'store'))).isDirectory()).toBe(true);
  });
});

describe('with a damaged portal store', () => {
  it('exits non-zero naming the store directory and what to do, with no listener left behind', async () => {
    const dataDir = path.join(scratch, 'data');
    await fs.mkdir(dataDir);
    const store = await openPortalStore({ dataDir });
    await store.close();
    // A truncated control file: PGlite then aborts inside its WebAssembly build.
    await fs.truncate(path.join(dataDir, 'store', 'global', 'pg_control'), 10);

    const env = await ports();
    portal = startPortalProcess({ ...env, DATA_DIR: dataDir, DIST_DIR: dist });
    const { code } = await portal.exited;
    const output = portal.output();

    expect(code).not.toBe(0);
    expect(output).toContain(`The portal store in ${path.join(dataDir, 'store')} could not be opened`);
    expect(output).toMatch(/Restore the directory from a backup, or move it aside/);
    // The store is opened before anything listens.
    expect(output).not.toContain('identity server listening');
    expect(await isListening(Number(env.IDENTITY_PORT))).toBe(false);
    expect(await isListening(Number(env.PORT))).toBe(false);
  });

  it('closes the identity server again when a later step fails (portal port taken)', async () => {
    const env = await ports();
    const { createServer } = await import('node:net');
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(env.PORT), 'localhost', resolve));
    try {
      portal = startPortalProcess({ ...env, DATA_DIR: path.join(scratch, 'data'), DIST_DIR: dist });
      const { code } = await portal.exited;
      expect(code).not.toBe(0);
      expect(portal.output()).toContain('identity server listening');
      expect(portal.output()).toContain('identity server stopped');
      expect(portal.output()).toMatch(/Dataworks could not start:.*EADDRINUSE/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('the data directory', () => {
  it('is owner-only: everything created in it, and what an earlier start left readable, loses group and other access', async () => {
    const dataDir = path.join(scratch, 'private');
    await fs.mkdir(path.join(dataDir, 'files', 'acme'), { recursive: true, mode: 0o755 });
    await fs.writeFile(path.join(dataDir, 'files', 'acme', 'orders.csv'), 'id\n1\n', { mode: 0o666 });
    await fs.chmod(path.join(dataDir, 'files', 'acme', 'orders.csv'), 0o666);
    const env = await ports();
    portal = startPortalProcess({ ...env, DATA_DIR: dataDir, DIST_DIR: dist });
    await waitForOk(`http://localhost:${env.PORT}/api/health`, portal, 60_000);

    const shared: string[] = [];
    let files = 0;
    const visit = async (entry: string) => {
      const stat = await fs.lstat(entry);
      if (stat.isSymbolicLink()) return;
      files += 1;
      if ((stat.mode & 0o077) !== 0) shared.push(`${path.relative(dataDir, entry)} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) for (const name of await fs.readdir(entry)) await visit(path.join(entry, name));
    };
    await visit(dataDir);
    // The store, the identity server's files, the secrets key and the file left readable before.
    // Every folder is 0700, so nothing inside is reachable by another account; the only files with
    // wider modes are those PGlite made after start-up (it sets its own modes; tightened at the next start).
    expect(files).toBeGreaterThan(100);
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(shared.filter((entry) => !entry.startsWith('store/') || entry.endsWith(' 777') || entry.endsWith(' 755'))).toEqual([]);
    expect(shared.length).toBeLessThan(files / 10);
    expect((await fs.stat(path.join(dataDir, 'files', 'acme', 'orders.csv'))).mode & 0o777).toBe(0o600);
  });
});

describe('stopping', () => {
  const cleanShutdown = (output: string) => {
    expect(output).not.toMatch(/destroyed|did not close cleanly|"level":"error"/);
  };

  it('during the first start: ends cleanly, with nothing left running or writing', async () => {
    const dataDir = path.join(scratch, 'early');
    const env = await ports();
    portal = startPortalProcess({ ...env, DATA_DIR: dataDir, DIST_DIR: dist, WAREHOUSE_SAMPLE_QUERIES: '20000', LOG_LEVEL: 'info' });
    // Stopped while the store is being created (its folder exists, the portal does not serve yet).
    // The folder appears once Node has loaded the server, which a loaded machine can take many seconds to do.
    await waitFor(
      'the store folder',
      () =>
        fs.stat(path.join(dataDir, 'store')).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 30_000, stepMs: 20 },
    );
    portal.child.kill('SIGTERM');
    expect((await portal.exited).code).toBe(0);
    expect(portal.output()).toContain('Stopped (SIGTERM) while starting; nothing was left running.');
    cleanShutdown(portal.output());
    expect(await processesUsing(dataDir)).toEqual([]);
    expect(await isListening(Number(env.PORT))).toBe(false);
    expect(await isListening(Number(env.IDENTITY_PORT))).toBe(false);
  });

  it('while its background work runs (sample warehouses, the dbt sample, usage copies on the job runner): closes in order and writes nothing afterwards', async () => {
    const dataDir = path.join(scratch, 'busy');
    const env = await ports();
    portal = startPortalProcess({ ...env, DATA_DIR: dataDir, DIST_DIR: dist, WAREHOUSE_SAMPLE_QUERIES: '20000', LOG_LEVEL: 'info' });
    await waitForOk(`http://localhost:${env.PORT}/api/health`, portal, 60_000);
    // The first start's work is under way: a sample account is being generated or copied.
    await waitFor(
      'a sample warehouse being written',
      async () => (await fs.readdir(path.join(dataDir, 'warehouse')).catch(() => [])).length > 0,
      {
        timeoutMs: 30_000,
      },
    );
    portal.child.kill('SIGTERM');
    expect((await portal.exited).code).toBe(0);
    const output = portal.output();
    expect(output).toContain('shutting down');
    cleanShutdown(output);
    expect(await processesUsing(dataDir)).toEqual([]);

    // Nothing half-written: the next start on the same folder serves.
    portal = startPortalProcess({ ...env, DATA_DIR: dataDir, DIST_DIR: dist, WAREHOUSE_SAMPLE_QUERIES: '20000' });
    await waitForOk(`http://localhost:${env.PORT}/api/health`, portal, 60_000);
  });
});
