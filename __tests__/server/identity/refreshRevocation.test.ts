// IDENTITY_REVOKE_REFRESH_TOKEN=true: Keycloak's "Revoke Refresh Token" (single-use refresh
// tokens, reuse taken as theft).
import { decodeJwt, refresh, startIdentityServer, type RunningIdentityServer } from './identityServer';

jest.setTimeout(60000);

let idp: RunningIdentityServer;

beforeAll(async () => {
  idp = await startIdentityServer({ env: { IDENTITY_REVOKE_REFRESH_TOKEN: 'true' } });
});

afterAll(async () => {
  await idp?.stop();
});

describe('with refresh-token revocation on', () => {
  it('a refresh token is good once; using it again is refused and ends the session', async () => {
    const first = await idp.signIn('assured', 'assured');
    const r1 = await refresh(idp.baseUrl, first.refresh_token);
    expect(r1.status).toBe(200);
    const second = (await r1.json()) as { refresh_token: string; access_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.refresh_token).typ).toBe('Refresh');

    const reuse = await refresh(idp.baseUrl, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });

    // Reuse is taken as theft: the whole grant goes, including the newest token.
    const newest = await refresh(idp.baseUrl, second.refresh_token);
    expect(newest.status).toBe(400);
    expect(await newest.json()).toMatchObject({ error: 'invalid_grant' });
    expect(idp.logs()).toContain('"revokeRefreshToken":true');
  });
});
