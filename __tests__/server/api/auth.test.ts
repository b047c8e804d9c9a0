// The API's door: bearer tokens verified against the realm's JWKS (signature, issuer,
// audience, expiry, algorithm), then roles from the shared access table.
import { startIdentityServer, type RunningIdentityServer } from '../identity/identityServer';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(120_000);

let portal: RunningPortal;
let otherRealm: RunningIdentityServer;
beforeAll(async () => {
  [portal, otherRealm] = await Promise.all([startPortal(), startIdentityServer()]);
});
afterAll(async () => {
  await Promise.all([portal?.stop(), otherRealm?.stop()]);
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const dashboards = '/api/config/client-dashboards';

function expect401(answer: { status: number; headers: Headers; body: unknown }) {
  expect(answer.status).toBe(401);
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="dataworks", error="invalid_token"/);
  expect(answer.body).toMatchObject({ error: 'invalid_token', message: expect.any(String) });
}

test('a valid token from the dev identity server is accepted', async () => {
  const answer = await portal.api('GET', dashboards, { token: await portal.token('admin') });
  expect(answer.status).toBe(200);
});

test('a request without a token gets 401', async () => {
  expect401(await portal.api('GET', dashboards));
});

test.each([['Basic YWRtaW46YWRtaW4='], ['Bearer'], ['Bearer '], ['Bearer not-a-jwt'], ['bearer a.b.c extra'], ['Token a.b.c']])(
  'a malformed Authorization header (%s) gets 401',
  async (header) => {
    expect401(await portal.api('GET', dashboards, { headers: { authorization: header } }));
  },
);

test('an expired token gets 401 naming expiry', async () => {
  const now = Math.floor(Date.now() / 1000);
  const token = await portal.forgeToken({
    sub: 'x',
    preferred_username: 'admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['acme'],
    iat: now - 600,
    exp: now - 60,
  });
  const answer = await portal.api('GET', dashboards, { token });
  expect401(answer);
  expect(answer.body).toMatchObject({ message: 'The access token has expired.' });
});

test('a token from another issuer gets 401, whether signed by that issuer or with our key', async () => {
  const foreign = (await otherRealm.signIn('admin', 'admin')).access_token;
  expect401(await portal.api('GET', dashboards, { token: foreign }));
  const wrongIss = await portal.forgeToken({ iss: otherRealm.issuer, realm_access: { roles: ['admin'] }, organization: ['acme'] });
  expect401(await portal.api('GET', dashboards, { token: wrongIss }));
});

test('a token for another audience gets 401', async () => {
  const token = await portal.forgeToken({ aud: 'account', realm_access: { roles: ['admin'] }, organization: ['acme'] });
  expect401(await portal.api('GET', dashboards, { token }));
});

test('a token whose payload was changed after signing gets 401', async () => {
  const [header, payload, signature] = (await portal.token('business')).split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { realm_access: { roles: string[] } };
  claims.realm_access.roles.push('admin');
  expect401(await portal.api('GET', dashboards, { token: `${header}.${b64url(claims)}.${signature}` }));
});

test('an unsigned token (alg: none) gets 401', async () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: portal.idp.issuer,
    aud: 'dataworks-portal-api',
    sub: 'x',
    exp: now + 300,
    realm_access: { roles: ['admin'] },
    organization: ['acme'],
  };
  expect401(await portal.api('GET', dashboards, { token: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.` }));
});

test('a token signed with HS256 using the public key as secret gets 401', async () => {
  const { createHmac } = await import('node:crypto');
  const certs = (await (await fetch(`${portal.idp.issuer}/protocol/openid-connect/certs`)).json()) as { keys: Record<string, unknown>[] };
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64url({ alg: 'HS256', typ: 'JWT', kid: certs.keys[0]?.kid })}.${b64url({ iss: portal.idp.issuer, aud: 'dataworks-portal-api', sub: 'x', exp: now + 300, realm_access: { roles: ['admin'] }, organization: ['acme'] })}`;
  const signature = createHmac('sha256', JSON.stringify(certs.keys[0])).update(input).digest('base64url');
  expect401(await portal.api('GET', dashboards, { token: `${input}.${signature}` }));
});

test('a token signed by an unknown key gets 401', async () => {
  const { generateKeyPairSync, createSign } = await import('node:crypto');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid: 'attacker' })}.${b64url({ iss: portal.idp.issuer, aud: 'dataworks-portal-api', sub: 'x', exp: now + 300, realm_access: { roles: ['admin'] }, organization: ['acme'] })}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
  expect401(await portal.api('GET', dashboards, { token: `${input}.${signature}` }));
});

describe('roles come from the access table', () => {
  test.each([
    ['admin', 200],
    ['clientadmin', 200],
    ['lite', 200],
    ['engineer', 403], // Integration_Engineer: the Viewer is hidden from them.
    ['nobody', 403],
  ])('%s asking for the Viewer dashboards gets %i', async (username, status) => {
    const answer = await portal.api('GET', dashboards, { token: await portal.token(username) });
    expect(answer.status).toBe(status);
    if (status === 403) expect(answer.body).toMatchObject({ error: 'forbidden' });
  });

  test.each([
    ['admin', 200],
    ['clientadmin', 200],
    ['business', 403],
    ['docs', 403],
    ['lite', 403],
    ['liteadmin', 403],
  ])('%s managing dashboards gets %i', async (username, status) => {
    expect((await portal.api('GET', '/api/dashboards', { token: await portal.token(username) })).status).toBe(status);
  });

  test('a token without an organisation may not read organisation records', async () => {
    const token = await portal.forgeToken({ preferred_username: 'drifter', realm_access: { roles: ['user', 'admin'] } });
    const answer = await portal.api('GET', '/api/dashboards', { token });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ message: 'Your account does not belong to an organisation yet.' });
  });
});

test('the health check needs no token', async () => {
  const answer = await portal.api('GET', '/api/health');
  expect(answer).toMatchObject({ status: 200, body: { status: 'ok' } });
});

test('an unknown /api path answers 404 as JSON only after the token check', async () => {
  expect((await portal.api('GET', '/api/nope')).status).toBe(401);
  const answer = await portal.api('GET', '/api/nope', { token: await portal.token('admin') });
  expect(answer.status).toBe(404);
});
