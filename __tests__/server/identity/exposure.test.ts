// What the identity server exposes by default: it listens where the portal does (HOST,
// default localhost), and demo accounts (password = username) exist only on loopback unless
// IDENTITY_DEMO=true asks for them.
import { promises as fs } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { beginSignIn, startIdentityServer, type RunningIdentityServer } from './identityServer';

jest.setTimeout(90000);

let idp: RunningIdentityServer | undefined;
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-identity-exposure-'));
});

afterEach(async () => {
  await idp?.stop();
  idp = undefined;
  await fs.rm(dataDir, { recursive: true, force: true });
});

function externalIpv4(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return undefined;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function signInAnswer(
  server: RunningIdentityServer,
  username: string,
): Promise<{ html: string; demoListed: boolean; signedIn: boolean }> {
  const flow = await beginSignIn(server.baseUrl);
  const posted = await flow.browser.postForm(flow.loginUrl, { username, password: username });
  const html = posted.status === 200 ? await posted.text() : '';
  return { html, demoListed: flow.loginHtml.includes('Demo accounts'), signedIn: posted.status >= 300 && posted.status < 400 };
}

describe('by default', () => {
  it('listens on loopback only, with the demo accounts', async () => {
    idp = await startIdentityServer({ dataDir, env: { HOST: '', IDENTITY_HOST: '' } });
    expect(await accepts('127.0.0.1', idp.port)).toBe(true);
    const external = externalIpv4();
    if (external) expect(await accepts(external, idp.port)).toBe(false);
    else console.log('No non-loopback IPv4 address on this machine: only the loopback side was checked.');
    const answer = await signInAnswer(idp, 'admin');
    expect(answer.demoListed).toBe(true);
    expect(answer.signedIn).toBe(true);
  });
});

describe('on a non-loopback host', () => {
  it('has no demo accounts unless IDENTITY_DEMO=true, and removes ones left from a loopback start', async () => {
    idp = await startIdentityServer({ dataDir, env: { HOST: '', IDENTITY_HOST: '' } });
    const { port } = idp;
    expect(idp.logs()).toContain('demo accounts seeded');
    await idp.stop();

    idp = await startIdentityServer({ dataDir, port, env: { IDENTITY_HOST: '0.0.0.0', IDENTITY_DEMO: '' } });
    expect(idp.logs()).toContain('"demo":false');
    expect(idp.logs()).toContain('removed the demo accounts that still had their demo password');
    const refused = await signInAnswer(idp, 'admin');
    expect(refused.demoListed).toBe(false);
    expect(refused.signedIn).toBe(false);
    expect(refused.html).toContain('Invalid username or password.');
    await idp.stop();

    idp = await startIdentityServer({ dataDir, port, env: { IDENTITY_HOST: '0.0.0.0', IDENTITY_DEMO: 'true' } });
    const allowed = await signInAnswer(idp, 'admin');
    expect(allowed.demoListed).toBe(true);
    expect(allowed.signedIn).toBe(true);
  });
});
