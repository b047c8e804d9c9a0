// Access management and authentication over real HTTP: the grant rule (nothing above your own
// roles), the last administrator kept, the access review, the sign-in policy with its bounds,
// one-time codes really asked for at sign-in once required (enrolment, then a code), the
// sign-in event log with failures and lockouts, and the read-only platform settings.
import { generate } from 'otplib';
import { beginSignIn, Browser, completeSignIn, formAction } from '../identity/identityServer';
import { identityAdmin } from './identityAdmin';
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(180_000);

let portal: RunningPortal;
let adminToken: string;
let clientAdminToken: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal();
  adminToken = await portal.token('admin');
  clientAdminToken = await portal.token('clientadmin');
  const answer = await portal.api('GET', '/api/security/members', { token: adminToken });
  for (const member of (answer.body as { members: { id: string; username: string }[] }).members) ids[member.username] = member.id;
});
afterAll(async () => {
  await portal?.stop();
});

const put = (path: string, token: string, body?: unknown) => portal.api('PUT', path, { token, body });
const del = (path: string, token: string) => portal.api('DELETE', path, { token });

test('a Client-Admin grants only roles at or below its own; every change is audited', async () => {
  const overview = await portal.api('GET', '/api/security/roles', { token: clientAdminToken });
  expect(overview.status).toBe(200);
  const { grantable, holders } = overview.body as { grantable: string[]; holders: { username: string; role: string }[] };
  expect(grantable).toContain('Client-Dataworks-docs');
  expect(grantable).not.toContain('admin');
  expect(holders).toEqual(expect.arrayContaining([{ memberId: ids.admin, username: 'admin', role: 'admin' }]));

  const refused = await put(`/api/security/members/${ids.engineer}/roles/admin`, clientAdminToken);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual(expect.objectContaining({ field: 'role' }));
  expect((await del(`/api/security/members/${ids.admin}/roles/admin`, clientAdminToken)).status).toBe(403);
  expect((await put(`/api/security/members/${ids.engineer}/roles/no-such-role`, adminToken)).status).toBe(403);

  const granted = await put(`/api/security/members/${ids.engineer}/roles/Client-Dataworks-docs`, clientAdminToken);
  expect(granted.status).toBe(200);
  expect((granted.body as { roles: string[] }).roles).toContain('Client-Dataworks-docs');
  // The new role is in the member's next token.
  const engineerToken = await portal.token('engineer');
  expect(JSON.parse(Buffer.from(engineerToken.split('.')[1] ?? '', 'base64url').toString()).realm_access.roles).toContain(
    'Client-Dataworks-docs',
  );
  expect((await del(`/api/security/members/${ids.engineer}/roles/Client-Dataworks-docs`, clientAdminToken)).status).toBe(200);

  const audit = (await portal.api('GET', '/api/security/audit', { token: adminToken })).body as {
    entries: { action: string; actor: string; target: string; details: { role?: string } }[];
  };
  expect(audit.entries.slice(0, 2).map((entry) => [entry.action, entry.actor, entry.target, entry.details.role])).toEqual([
    ['role.revoke', 'clientadmin', 'engineer', 'Client-Dataworks-docs'],
    ['role.grant', 'clientadmin', 'engineer', 'Client-Dataworks-docs'],
  ]);
  expect(audit.entries.some((entry) => entry.action === 'role.grant' && entry.details.role === 'admin')).toBe(false);
});

test("nobody removes or disables the organisation's last administrator", async () => {
  expect((await del(`/api/security/members/${ids.product}/roles/admin`, adminToken)).status).toBe(200);
  expect((await del(`/api/security/members/${ids.clientadmin}/roles/Client-Admin`, adminToken)).status).toBe(200);
  const self = await portal.api('POST', `/api/security/members/${ids.admin}/disable`, { token: adminToken });
  expect(self.status).toBe(409);
  expect((self.body as { message: string }).message).toMatch(/last administrator/);
  expect((await del(`/api/security/members/${ids.admin}/roles/admin`, adminToken)).status).toBe(409);
  // Still an administrator, still signed in.
  expect((await portal.api('GET', '/api/security/roles', { token: adminToken })).status).toBe(200);
  expect((await put(`/api/security/members/${ids.product}/roles/admin`, adminToken)).status).toBe(200);
  expect((await put(`/api/security/members/${ids.clientadmin}/roles/Client-Admin`, adminToken)).status).toBe(200);
});

test('the access review shows last sign-in, dormant accounts and powerful roles', async () => {
  const answer = await portal.api('GET', '/api/security/access-review?dormantDays=30', { token: adminToken });
  expect(answer.status).toBe(200);
  const rows = (answer.body as { rows: { username: string; lastSignInAt: string | null; dormant: boolean; powerfulRoles: string[] }[] })
    .rows;
  const admin = rows.find((row) => row.username === 'admin');
  expect(admin).toEqual(expect.objectContaining({ dormant: false, powerfulRoles: ['admin'] }));
  expect(Date.parse(admin?.lastSignInAt ?? '')).not.toBeNaN();
  expect(rows.find((row) => row.username === 'business')).toEqual(expect.objectContaining({ lastSignInAt: null, powerfulRoles: [] }));
  expect(rows.some((row) => row.username === 'lite')).toBe(false);
  expect((await portal.api('GET', '/api/security/access-review?dormantDays=0', { token: adminToken })).status).toBe(400);
});

test('the sign-in policy: bounds checked, one-time codes enforced at sign-in with enrolment', async () => {
  const initial = (await portal.api('GET', '/api/security/policy', { token: adminToken })).body as {
    requireMfa: boolean;
    sessionIdleSeconds: number;
    sessionMaxSeconds: number;
  };
  expect(initial.requireMfa).toBe(false);
  const tooShort = await put('/api/security/policy', adminToken, { ...initial, sessionIdleSeconds: 10 });
  expect(tooShort.status).toBe(400);
  expect(tooShort.body).toEqual(expect.objectContaining({ field: 'sessionIdleSeconds' }));
  expect(
    (await put('/api/security/policy', adminToken, { requireMfa: true, sessionIdleSeconds: 7200, sessionMaxSeconds: 3600 })).status,
  ).toBe(400);
  expect(
    (await put('/api/security/policy', adminToken, { requireMfa: 'yes', sessionIdleSeconds: 1800, sessionMaxSeconds: 36000 })).status,
  ).toBe(400);
  expect((await portal.api('GET', '/api/security/policy', { token: adminToken })).body).toEqual(initial);

  const required = await put('/api/security/policy', adminToken, { requireMfa: true, sessionIdleSeconds: 1800, sessionMaxSeconds: 36000 });
  expect(required.status).toBe(200);

  // Enrolment: after the password, a key (and QR code) to set up, confirmed with a code.
  const flow = await beginSignIn(portal.idp.baseUrl);
  const loginAction = formAction(flow.loginHtml, 'kc-form-login');
  const setup = await flow.browser.postForm(loginAction, { username: 'docs', password: 'docs' });
  const setupHtml = await setup.text();
  expect(setupHtml).toContain('id="kc-totp-qr"');
  const secret = (/id="kc-totp-secret-key">([^<]+)</.exec(setupHtml)?.[1] ?? '').replace(/\s+/g, '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  const setupAction = formAction(setupHtml, 'kc-totp-settings-form');
  const wrong = await flow.browser.postForm(setupAction, { totp: '000000' });
  expect(await wrong.text()).toContain('Invalid one-time code');
  // The wrong code made a new key: read it again.
  const secretAgain = (/id="kc-totp-secret-key">([^<]+)</.exec(await (await flow.browser.get(setupAction)).text())?.[1] ?? '').replace(
    /\s+/g,
    '',
  );
  const enrolled = await flow.browser.postForm(setupAction, { totp: await generate({ secret: secretAgain }) });
  const tokens = await completeSignIn(portal.idp.baseUrl, flow, enrolled, setupAction);
  expect(tokens.access_token).toBeTruthy();
  expect(portal.idp.logs()).not.toContain(secretAgain);
  const member = (await portal.api('GET', `/api/security/members/${ids.docs}`, { token: adminToken })).body as { mfaConfigured: boolean };
  expect(member.mfaConfigured).toBe(true);

  // Next sign-in: the code is asked for; a code is good once, so the next step's code is used.
  const second = await beginSignIn(portal.idp.baseUrl);
  const otpPage = await (
    await second.browser.postForm(formAction(second.loginHtml, 'kc-form-login'), { username: 'docs', password: 'docs' })
  ).text();
  const otpAction = formAction(otpPage, 'kc-otp-login-form');
  expect(await (await second.browser.postForm(otpAction, { otp: '123456' })).text()).toContain('Invalid one-time code.');
  const signedIn = await second.browser.postForm(otpAction, {
    otp: await generate({ secret: secretAgain, epoch: Math.floor(Date.now() / 1000) + 30 }),
  });
  expect((await completeSignIn(portal.idp.baseUrl, second, signedIn, otpAction)).access_token).toBeTruthy();

  // Put back: codes optional, and docs's device removed, so docs signs in with a password alone.
  expect((await put('/api/security/policy', adminToken, initial)).status).toBe(200);
  expect((await portal.api('POST', `/api/security/members/${ids.docs}/reset-mfa`, { token: adminToken })).status).toBe(200);
  expect(await portal.token('docs')).toBeTruthy();
});

test('the event log holds successes, failures and lockouts with address and client', async () => {
  const flow = await beginSignIn(portal.idp.baseUrl);
  const action = formAction(flow.loginHtml, 'kc-form-login');
  for (let attempt = 0; attempt < 5; attempt += 1) await flow.browser.postForm(action, { username: 'business', password: 'wrong' });
  const answer = await portal.api('GET', `/api/security/events?memberId=${ids.business}`, { token: adminToken });
  expect(answer.status).toBe(200);
  const events = (answer.body as { events: { type: string; username: string; address: string; client: string; error: string }[] }).events;
  expect(events[0]).toEqual(expect.objectContaining({ type: 'LOCKOUT', username: 'business', client: 'dataworks-portal-frontend' }));
  expect(events.filter((event) => event.type === 'LOGIN_ERROR')).toHaveLength(5);
  expect(events[1]?.address).toBeTruthy();
  const logins = await portal.api('GET', '/api/security/events?type=LOGIN&max=5', { token: adminToken });
  expect((logins.body as { events: { type: string }[] }).events.every((event) => event.type === 'LOGIN')).toBe(true);
  expect((await portal.api('GET', '/api/security/events?type=NOPE', { token: adminToken })).status).toBe(400);
  // Another organisation's sign-ins are not in this log.
  await portal.token('lite');
  const all = (await portal.api('GET', '/api/security/events?max=1000', { token: adminToken })).body as { events: { username: string }[] };
  expect(all.events.some((event) => event.username === 'lite')).toBe(false);

  // A member's own sign-out is logged too.
  const browser = new Browser(portal.idp.baseUrl);
  const tokens = await portal.idp.signIn('product', 'product', { browser });
  const logout = new URLSearchParams({
    id_token_hint: tokens.id_token,
    client_id: 'dataworks-portal-frontend',
    post_logout_redirect_uri: 'http://localhost:3000/',
  });
  expect((await browser.get(`${portal.idp.baseUrl}/realms/dataworks/protocol/openid-connect/logout?${logout.toString()}`)).status).toBe(
    303,
  );
  const ownLogout = async () =>
    (
      (await portal.api('GET', `/api/security/events?memberId=${ids.product}&type=LOGOUT`, { token: adminToken })).body as {
        events: { error: string | null; client: string }[];
      }
    ).events[0];
  await waitFor('the sign-out event', ownLogout, { timeoutMs: 2000, stepMs: 100 });
  expect(await ownLogout()).toEqual(expect.objectContaining({ error: null, client: 'dataworks-portal-frontend' }));

  const platform = await portal.api('GET', '/api/security/platform-settings', { token: adminToken });
  expect(platform.body).toEqual(
    expect.objectContaining({ provider: 'embedded', bruteForce: expect.objectContaining({ enabled: true, failureFactor: 5 }) }),
  );
});

/** A change made in the identity service itself (an operator in Keycloak's console), not through the portal. */
const identityChange = async (method: string, urlPath: string, body?: unknown) =>
  (await identityAdmin(portal, method, urlPath, body)).status;

test("a demoted administrator's old token cannot grant the role back: the revoke ends their sessions", async () => {
  const oldToken = await portal.token('clientadmin');
  expect((await portal.api('GET', '/api/security/members', { token: oldToken })).status).toBe(200);
  expect((await del(`/api/security/members/${ids.clientadmin}/roles/Client-Admin`, adminToken)).status).toBe(200);

  const regrant = await put(`/api/security/members/${ids.clientadmin}/roles/Client-Admin`, oldToken);
  expect(regrant.status).toBe(401);
  // Nothing changed: the role stays revoked, and the refused attempt is not an applied change.
  const member = await portal.api('GET', `/api/security/members/${ids.clientadmin}`, { token: adminToken });
  expect((member.body as { roles: string[] }).roles).not.toContain('Client-Admin');
  const audit = (await portal.api('GET', '/api/security/audit', { token: adminToken })).body as {
    entries: { action: string; actor: string; target: string }[];
  };
  expect(
    audit.entries.some((entry) => entry.actor === 'clientadmin' && entry.target === 'clientadmin' && entry.action === 'role.grant'),
  ).toBe(false);
  // Every other call with the old token is refused too; a new sign-in has the roles held now.
  expect((await portal.api('GET', '/api/security/members', { token: oldToken })).status).toBe(401);
  // At once, in the same second too: the old sessions are ended by their ids, not by a time cut-off alone.
  const fresh = await portal.token('clientadmin');
  // Signed in again: accepted (no saved layout yet answers 404), but no longer a security administrator.
  expect((await portal.api('GET', '/api/me/layout-settings', { token: fresh })).status).not.toBe(401);
  expect((await portal.api('GET', '/api/security/members', { token: fresh })).status).toBe(403);
  expect((await put(`/api/security/members/${ids.clientadmin}/roles/Client-Admin`, adminToken)).status).toBe(200);
});

test('sensitive changes are authorised on the roles held now, even when the token still says otherwise', async () => {
  // The role is taken away in the identity service directly: no portal revocation is recorded,
  // so the engineer's token itself is still accepted.
  const engineerToken = await portal.token('engineer');
  const endpoints = (await portal.api('GET', '/api/data-api/endpoints', { token: engineerToken })).body as { endpoints: { id: string }[] };
  const scopes = endpoints.endpoints.slice(0, 1).map((endpoint) => endpoint.id);
  expect(await identityChange('DELETE', `/organizations/acme/members/${ids.engineer}/roles/Integration_Engineer`)).toBe(200);
  try {
    expect((await portal.api('GET', '/api/data-api/keys', { token: engineerToken })).status).toBe(200);
    const key = await portal.api('POST', '/api/data-api/keys', { token: engineerToken, body: { name: 'after demotion', scopes } });
    expect(key.status).toBe(403);
    expect((key.body as { message: string }).message).toMatch(/roles have changed/);
    const source = await portal.api('POST', '/api/integrations/sources', {
      token: engineerToken,
      body: { name: 'after demotion', definitionId: 'source-faker', config: {} },
    });
    expect(source.status).toBe(403);
    const keys = (await portal.api('GET', '/api/data-api/keys', { token: engineerToken })).body as { keys: { name: string }[] };
    expect(keys.keys.some((entry) => entry.name === 'after demotion')).toBe(false);
  } finally {
    expect(await identityChange('PUT', `/organizations/acme/members/${ids.engineer}/roles/Integration_Engineer`)).toBe(200);
  }
  // With the role back, the same token may again.
  const key = await portal.api('POST', '/api/data-api/keys', { token: engineerToken, body: { name: 'role held again', scopes } });
  expect(key.status).toBe(201);

  // A member disabled in the identity service is refused on sensitive changes at once.
  const clientAdminToken = await portal.token('clientadmin');
  expect((await portal.api('GET', '/api/security/members', { token: clientAdminToken })).status).toBe(200);
  expect(await identityChange('PUT', `/organizations/acme/members/${ids.clientadmin}/enabled`, { enabled: false })).toBe(200);
  try {
    const grant = await put(`/api/security/members/${ids.docs}/roles/Client-dataworks-business-users`, clientAdminToken);
    expect(grant.status).toBe(401);
    expect((grant.body as { message: string }).message).toMatch(/disabled/);
  } finally {
    expect(await identityChange('PUT', `/organizations/acme/members/${ids.clientadmin}/enabled`, { enabled: true })).toBe(200);
  }
});
