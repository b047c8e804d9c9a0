import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, refresh, startIdentityServer, type RunningIdentityServer } from './identityServer';

jest.setTimeout(60000);

let dataDir: string;
let idp: RunningIdentityServer | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-identity-restart-'));
});

afterAll(async () => {
  await idp?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps keys, accounts and refresh tokens across a restart with the same data dir', async () => {
    idp = await startIdentityServer({ dataDir, env: { IDENTITY_ACCESS_TOKEN_TTL: '60' } });
    const { port } = idp;
    const tokens = await idp.signIn('admin', 'admin');
    const jwksBefore = await (await fetch(`${idp.issuer}/protocol/openid-connect/certs`)).json();
    await idp.stop();

    const files = await fs.readdir(path.join(dataDir, 'identity'));
    expect(files).toEqual(expect.arrayContaining(['accounts.json', 'jwks.json', 'secrets.json', 'oidc-store.json']));

    idp = await startIdentityServer({ dataDir, port, env: { IDENTITY_ACCESS_TOKEN_TTL: '60' } });
    expect(await (await fetch(`${idp.issuer}/protocol/openid-connect/certs`)).json()).toEqual(jwksBefore);
    expect(idp.logs()).not.toContain('demo accounts seeded');

    const response = await refresh(idp.baseUrl, tokens.refresh_token);
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(renewed.access_token)).toMatchObject({ preferred_username: 'admin', sid: decodeJwt(tokens.access_token).sid });
    expect(decodeJwt(renewed.refresh_token).typ).toBe('Refresh');
  });
});
