// Headers the portal sends with the app: a strict Content-Security-Policy built from the
// settings and the configured dashboards, and the usual hardening headers.
import { API_HEADERS } from '../../../server/src/platform/http/security';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(120_000);

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal({
    env: {
      ANALYTICS_TOKEN: 'test-token',
      ANALYTICS_API_HOST: 'http://localhost:4999',
      WEB_ANALYTICS_URL: 'https://stats.example.com/script.js',
      ANALYTICS_SESSION_REPLAY_PERCENT: '10',
    },
    // A first start: the demo dashboards are seeded with the URL of the portal that seeds them,
    // and the CSP's frame-src asserted below is this portal's own origin.
    fromTemplate: false,
  });
});
afterAll(async () => {
  await portal?.stop();
});

function directives(csp: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

test('API answers, refusals included, carry the fixed API headers', async () => {
  for (const answer of [
    await portal.api('GET', '/api/health'),
    await portal.api('GET', '/api/dashboards'),
    await portal.api('GET', '/api/no-such-route', { token: await portal.token('admin') }),
  ]) {
    expect(Object.fromEntries(Object.keys(API_HEADERS).map((name) => [name, answer.headers.get(name)]))).toEqual(API_HEADERS);
  }
});

test('the app is served with a strict CSP and hardening headers', async () => {
  const response = await fetch(`${portal.baseUrl}/app/home`);
  expect(response.status).toBe(200);
  const csp = directives(response.headers.get('content-security-policy'));
  const identity = new URL(portal.idp.baseUrl).origin;
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'", 'https://stats.example.com']);
  expect(csp['style-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", identity, 'http://localhost:4999']));
  expect(csp['frame-src']).toEqual(expect.arrayContaining(["'self'", identity, portal.baseUrl]));
  expect(csp['form-action']).toEqual(["'self'", identity]);
  expect(csp['frame-ancestors']).toEqual(["'self'"]);
  for (const values of Object.values(csp)) expect(values).not.toContain("'unsafe-inline'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
});

test('a newly configured dashboard host is allowed in frames', async () => {
  const token = await portal.token('admin');
  const created = await portal.api('POST', '/api/dashboards', {
    token,
    body: { name: 'Metabase', url: 'https://metabase.example.com/public/dashboard/1' },
  });
  expect(created.status).toBe(201);
  const response = await fetch(`${portal.baseUrl}/`);
  expect(directives(response.headers.get('content-security-policy'))['frame-src']).toContain('https://metabase.example.com');
});

test('config.json carries the runtime settings', async () => {
  const config = (await (await fetch(`${portal.baseUrl}/config.json`)).json()) as Record<string, unknown>;
  expect(config).toMatchObject({
    apiBaseUrl: '/',
    identity: { url: portal.idp.baseUrl, realm: 'dataworks', clientId: 'dataworks-portal-frontend' },
    analytics: {
      token: 'test-token',
      apiHost: 'http://localhost:4999',
      webAnalyticsUrl: 'https://stats.example.com/script.js',
      debug: false,
      sessionReplayPercent: 10,
    },
  });
});

test('API errors are JSON and never leak a stack', async () => {
  const answer = await portal.api('POST', '/api/dashboards', { token: await portal.token('admin'), rawBody: '{"name": ' });
  expect(answer.status).toBe(400);
  expect(JSON.stringify(answer.body)).not.toMatch(/at .*\.ts:\d+/);
});
