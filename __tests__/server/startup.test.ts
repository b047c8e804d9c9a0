// Start-up of the whole portal process (server/src/main.ts), as `npm start` runs it.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore } from '../../server/src/platform/store/openStore';
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
    const store = await openStore({ dataDir });
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
