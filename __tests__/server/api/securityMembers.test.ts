// Identity management over real HTTP with real tokens, portal and identity server as separate
// processes: members of the caller's organisation only, sessions with device and address, a
// revoked session refused on its next API call (and its refresh token dead at the identity
// server), sign out everywhere, disable/enable, invitations, and another organisation's member
// or session answering 404.
import { beginSignIn, completeSignIn, decodeJwt, formAction, refresh, type TokenSet } from '../identity/identityServer';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
let adminToken: string;
beforeAll(async () => {
  portal = await startPortal();
  adminToken = await portal.token('admin');
});
afterAll(async () => {
  if (process.env.SHOW_LOGS) console.log(portal?.logs().slice(-6000));
  await portal?.stop();
});

interface Member {
  id: string;
  username: string;
  enabled: boolean;
  roles: string[];
  requiredActions: string[];
  mfaConfigured: boolean;
  groups: string[];
}
interface Session {
  id: string;
  memberId: string;
  username: string;
  device: string | null;
  address: string | null;
  startedAt: string;
  lastAccessAt: string;
}

const signIn = (username: string): Promise<TokenSet> => portal.idp.signIn(username, username);

async function memberId(username: string): Promise<string> {
  const answer = await portal.api('GET', `/api/security/members?search=${username}`, { token: adminToken });
  expect(answer.status).toBe(200);
  const found = (answer.body as { members: Member[] }).members.find((entry) => entry.username === username);
  if (!found) throw new Error(`${username} not listed`);
  return found.id;
}

/** Any API call: 401 means the token itself is refused; anything else, that it was accepted. */
const probe = async (token: string) => {
  const answer = await portal.api('GET', '/api/me/layout-settings', { token });
  return { ...answer, accepted: answer.status !== 401 };
};

test('members: only the caller organisation, searchable, with MFA status and groups', async () => {
  const answer = await portal.api('GET', '/api/security/members', { token: adminToken });
  expect(answer.status).toBe(200);
  const page = answer.body as { members: Member[]; total: number };
  const names = page.members.map((entry) => entry.username);
  expect(names).toEqual(expect.arrayContaining(['admin', 'clientadmin', 'engineer']));
  expect(names).not.toContain('lite');
  expect(page.total).toBe(page.members.length);
  expect(page.members[0]).toEqual(expect.objectContaining({ mfaConfigured: false, enabled: true, groups: [] }));

  const searched = await portal.api('GET', '/api/security/members?search=ENGIN', { token: adminToken });
  expect((searched.body as { members: Member[] }).members.map((entry) => entry.username)).toEqual(['engineer']);

  const bad = await portal.api('GET', '/api/security/members?max=9999', { token: adminToken });
  expect(bad.status).toBe(400);
  expect(bad.body).toEqual(expect.objectContaining({ field: 'max' }));

  // Pages of the security area are for admin and Client-Admin only.
  expect((await portal.api('GET', '/api/security/members', { token: await portal.token('engineer') })).status).toBe(403);
});

test('a revoked session is refused on its next API call and cannot refresh', async () => {
  const engineer = await signIn('engineer');
  expect((await probe(engineer.access_token)).accepted).toBe(true);
  const sid = decodeJwt(engineer.access_token).sid as string;
  expect(sid).toBeTruthy();
  const id = await memberId('engineer');

  const listed = await portal.api('GET', `/api/security/sessions?memberId=${id}`, { token: adminToken });
  expect(listed.status).toBe(200);
  const session = (listed.body as { sessions: Session[] }).sessions.find((entry) => entry.id === sid);
  expect(session).toEqual(expect.objectContaining({ memberId: id, username: 'engineer' }));
  expect(session?.address).toBeTruthy();
  expect(Date.parse(session?.startedAt ?? '')).not.toBeNaN();

  const revoked = await portal.api('DELETE', `/api/security/sessions/${encodeURIComponent(sid)}`, { token: adminToken });
  expect(revoked.status).toBe(200);
  expect(revoked.body).toEqual({ sessionId: sid, memberId: id });

  const refused = await probe(engineer.access_token);
  expect(refused.status).toBe(401);
  expect(refused.body).toEqual(expect.objectContaining({ error: 'invalid_token' }));
  // The identity side: the session is gone, so its refresh token no longer works.
  expect((await refresh(portal.idp.baseUrl, engineer.refresh_token)).status).toBe(400);
  // Signing in again gives a new session that works.
  expect((await probe((await signIn('engineer')).access_token)).accepted).toBe(true);

  // The change is audited with who did it.
  const audit = await portal.api('GET', '/api/security/audit', { token: adminToken });
  expect((audit.body as { entries: { action: string; actor: string; outcome: string }[] }).entries[0]).toEqual(
    expect.objectContaining({ action: 'session.revoke', actor: 'admin', outcome: 'applied' }),
  );
});

test("another organisation's member and session answer 404", async () => {
  const lite = await signIn('lite');
  const sid = decodeJwt(lite.access_token).sid as string;
  const liteId = decodeJwt(lite.access_token).sub as string;
  expect((await portal.api('DELETE', `/api/security/sessions/${encodeURIComponent(sid)}`, { token: adminToken })).status).toBe(404);
  expect((await portal.api('GET', `/api/security/members/${liteId}`, { token: adminToken })).status).toBe(404);
  expect((await portal.api('POST', `/api/security/members/${liteId}/disable`, { token: adminToken })).status).toBe(404);
  expect((await portal.api('GET', `/api/security/sessions?memberId=${liteId}`, { token: adminToken })).status).toBe(404);
  // Still signed in: nothing happened to the other organisation's session.
  expect((await probe(lite.access_token)).accepted).toBe(true);
});

test('sign out everywhere refuses every earlier token of the member', async () => {
  const first = await signIn('docs');
  const second = await signIn('docs');
  const id = await memberId('docs');
  const answer = await portal.api('POST', `/api/security/members/${id}/sign-out-everywhere`, { token: adminToken });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual(expect.objectContaining({ memberId: id, sessionsEnded: 2 }));
  expect((await probe(first.access_token)).status).toBe(401);
  expect((await probe(second.access_token)).status).toBe(401);
  expect((await refresh(portal.idp.baseUrl, second.refresh_token)).status).toBe(400);
  expect((await probe((await signIn('docs')).access_token)).accepted).toBe(true);
});

test('a disabled member cannot sign in, is signed out, and can be enabled again', async () => {
  const business = await signIn('business');
  const id = await memberId('business');
  const disabled = await portal.api('POST', `/api/security/members/${id}/disable`, { token: adminToken });
  expect(disabled.status).toBe(200);
  expect((disabled.body as Member).enabled).toBe(false);
  expect((await probe(business.access_token)).status).toBe(401);
  const flow = await beginSignIn(portal.idp.baseUrl);
  const action = formAction(flow.loginHtml, 'kc-form-login');
  const refusedPage = await (await flow.browser.postForm(action, { username: 'business', password: 'business' })).text();
  expect(refusedPage).toContain('Account is disabled, contact your administrator.');

  expect(((await portal.api('POST', `/api/security/members/${id}/enable`, { token: adminToken })).body as Member).enabled).toBe(true);
  expect((await probe((await signIn('business')).access_token)).accepted).toBe(true);
});

test('reset password sets the required action; invitations create a member with a one-time link', async () => {
  const id = await memberId('assured');
  // assured is platform support staff, above a Client-Admin: only the platform admin may change it.
  expect(
    (await portal.api('POST', `/api/security/members/${id}/reset-password`, { token: await portal.token('clientadmin') })).status,
  ).toBe(403);
  const reset = await portal.api('POST', `/api/security/members/${id}/reset-password`, { token: adminToken });
  expect(reset.status).toBe(200);
  expect((reset.body as Member).requiredActions).toContain('UPDATE_PASSWORD');

  // At the next sign-in, a new password is asked for after the old one; then it is the password.
  const flow = await beginSignIn(portal.idp.baseUrl);
  const asked = await (
    await flow.browser.postForm(formAction(flow.loginHtml, 'kc-form-login'), { username: 'assured', password: 'assured' })
  ).text();
  const updateAction = formAction(asked, 'kc-passwd-update-form');
  expect(await (await flow.browser.postForm(updateAction, { 'password-new': 'short', 'password-confirm': 'short' })).text()).toContain(
    'Password must be at least 8 characters.',
  );
  const changed = await flow.browser.postForm(updateAction, {
    'password-new': 'Fresh-password-42',
    'password-confirm': 'Fresh-password-42',
  });
  expect((await completeSignIn(portal.idp.baseUrl, flow, changed, updateAction)).access_token).toBeTruthy();
  expect(((await portal.api('GET', `/api/security/members/${id}`, { token: adminToken })).body as Member).requiredActions).toEqual([]);
  expect((await portal.idp.signIn('assured', 'Fresh-password-42')).access_token).toBeTruthy();

  const invite = {
    username: 'newcomer',
    email: 'newcomer@acme.example',
    firstName: 'Nina',
    lastName: 'Newcomer',
    roles: ['Client-Dataworks-docs'],
  };
  const created = await portal.api('POST', '/api/security/members', { token: adminToken, body: invite });
  expect(created.status).toBe(201);
  const result = created.body as { member: Member; actionLink: string; emailSent: boolean };
  expect(result.member).toEqual(expect.objectContaining({ username: 'newcomer', requiredActions: ['UPDATE_PASSWORD'] }));
  expect(result.member.roles).toEqual(expect.arrayContaining(['user', 'Client-Dataworks-docs']));
  expect(result.actionLink).toMatch(/\/login-actions\/action-token\?key=/);
  // The link is never logged.
  expect(portal.idp.logs()).not.toContain(result.actionLink);

  expect((await portal.api('POST', '/api/security/members', { token: adminToken, body: invite })).status).toBe(409);
  const invalid = await portal.api('POST', '/api/security/members', {
    token: adminToken,
    body: { ...invite, username: 'other', email: 'not-an-address' },
  });
  expect(invalid.status).toBe(400);
  expect(invalid.body).toEqual(expect.objectContaining({ field: 'email' }));
  // A Client-Admin may not invite someone straight into a platform role.
  const tooHigh = await portal.api('POST', '/api/security/members', {
    token: await portal.token('clientadmin'),
    body: { ...invite, username: 'other2', email: 'o2@acme.example', roles: ['admin'] },
  });
  expect(tooHigh.status).toBe(403);
  expect((await portal.api('GET', '/api/security/members?search=other', { token: adminToken })).body).toEqual(
    expect.objectContaining({ total: 0 }),
  );
});
