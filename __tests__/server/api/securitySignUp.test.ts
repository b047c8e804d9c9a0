// Self sign-up over real HTTP, portal and identity server as separate processes: an
// organisation's administrators choose the e-mail domains that may join (public mail providers
// and another organisation's domain refused) and the role joiners get; a person who registered
// joins only once their address is verified, and gets that role in that organisation; anyone
// else asks for an invitation, which tells the organisation's administrators once a day, with
// the same answer whether the organisation exists or not.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beginSignIn, completeSignIn, decodeJwt, formAction } from '../identity/identityServer';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  if (process.env.SHOW_LOGS) console.log(portal?.logs().slice(-6000));
  await portal?.stop();
});

/** Registers an account on the identity server's own page, as a visitor would; returns its first token. */
async function register(username: string, email: string): Promise<string> {
  const flow = await beginSignIn(portal.idp.baseUrl, { endpoint: 'registrations' });
  const action = formAction(flow.loginHtml, 'kc-register-form');
  const posted = await flow.browser.postForm(action, {
    username,
    email,
    firstName: 'New',
    lastName: 'Person',
    password: 'a good password',
    'password-confirm': 'a good password',
  });
  return (await completeSignIn(portal.idp.baseUrl, flow, posted, action)).access_token;
}

async function followVerificationLink(email: string): Promise<void> {
  const outbox = (await readFile(path.join(portal.idp.dataDir, 'identity', 'outbox.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; link: string });
  const mail = outbox.find((entry) => entry.to === email);
  expect(mail).toBeDefined();
  expect((await fetch(mail?.link ?? '')).status).toBe(200);
}

const signInAgain = async (username: string) => (await portal.idp.signIn(username, 'a good password')).access_token;

async function inbox(username: string): Promise<{ title: string; body: string; link: string }[]> {
  const answer = await portal.api('GET', '/api/notifications?type=organisation_membership', { token: await portal.token(username) });
  expect(answer.status).toBe(200);
  return (answer.body as { notifications: { title: string; body: string; link: string }[] }).notifications;
}

test('administrators choose the domains and the role; bad and taken domains are refused by name', async () => {
  const clientadmin = await portal.token('clientadmin');
  expect((await portal.api('GET', '/api/security/sign-up', { token: clientadmin })).body).toEqual({
    domains: [],
    role: 'Client-dataworks-business-users',
  });
  const publicDomain = await portal.api('PUT', '/api/security/sign-up', {
    token: clientadmin,
    body: { domains: ['gmail.com'], role: 'Integration_Engineer' },
  });
  expect(publicDomain.status).toBe(400);
  expect(publicDomain.body).toMatchObject({ message: expect.stringContaining('public mail provider') });
  const notADomain = await portal.api('PUT', '/api/security/sign-up', {
    token: clientadmin,
    body: { domains: ['acme'], role: 'Integration_Engineer' },
  });
  expect(notADomain.status).toBe(400);
  expect(notADomain.body).toMatchObject({ message: expect.stringContaining('domain name') });
  const powerful = await portal.api('PUT', '/api/security/sign-up', { token: clientadmin, body: { domains: [], role: 'Client-Admin' } });
  expect(powerful.status).toBe(400);
  expect(powerful.body).toMatchObject({ field: 'role' });

  const saved = await portal.api('PUT', '/api/security/sign-up', {
    token: clientadmin,
    body: { domains: ['Partners.Acme.example', 'partners.acme.example'], role: 'Integration_Engineer' },
  });
  expect(saved.status).toBe(200);
  expect(saved.body).toEqual({ domains: ['partners.acme.example'], role: 'Integration_Engineer' });

  // Another organisation cannot take it; someone who may not open Authentication cannot change it.
  const taken = await portal.api('PUT', '/api/security/sign-up', {
    token: await portal.token('liteadmin'),
    body: { domains: ['partners.acme.example'], role: 'Client-Lite' },
  });
  expect([403, 409]).toContain(taken.status);
  const business = await portal.api('PUT', '/api/security/sign-up', {
    token: await portal.token('business'),
    body: { domains: [], role: 'Integration_Engineer' },
  });
  expect(business.status).toBe(403);
  expect((await portal.api('GET', '/api/security/sign-up', { token: clientadmin })).body).toEqual({
    domains: ['partners.acme.example'],
    role: 'Integration_Engineer',
  });
});

test('a person joins by their verified address’s domain, with the chosen role, and the administrators are told', async () => {
  await inbox('clientadmin'); // the portal has seen the administrator: notices for their role reach them
  const unverified = await register('pat', 'pat@partners.acme.example');
  expect((await portal.api('GET', '/api/me/join-options', { token: unverified })).body).toEqual({
    email: 'pat@partners.acme.example',
    emailVerified: false,
    organisation: null,
  });
  const tooSoon = await portal.api('POST', '/api/me/join', { token: unverified });
  expect(tooSoon.status).toBe(403);
  expect(tooSoon.body).toMatchObject({ message: expect.stringContaining('Verify your e-mail address first') });

  await followVerificationLink('pat@partners.acme.example');
  const verified = await signInAgain('pat');
  expect((await portal.api('GET', '/api/me/join-options', { token: verified })).body).toMatchObject({
    emailVerified: true,
    organisation: 'acme',
  });
  const joined = await portal.api('POST', '/api/me/join', { token: verified });
  expect(joined.status).toBe(200);
  expect(joined.body).toEqual({ organisation: 'acme', role: 'Integration_Engineer' });

  const member = decodeJwt(await signInAgain('pat'));
  expect(member.organization).toEqual(['acme']);
  expect((member.realm_access as { roles: string[] }).roles).toContain('Integration_Engineer');
  expect((await portal.api('GET', '/api/me/join-options', { token: await signInAgain('pat') })).status).toBe(409);
  expect((await inbox('clientadmin')).map((notice) => notice.title)).toContain('pat joined with their partners.acme.example address');
});

test('anyone else asks an organisation for an invitation: its administrators hear once a day, and nobody learns which organisations exist', async () => {
  const stranger = await register('sam', 'sam@elsewhere.example');
  expect((await portal.api('GET', '/api/me/join-options', { token: stranger })).body).toMatchObject({ organisation: null });
  expect((await portal.api('POST', '/api/me/join', { token: stranger })).status).toBe(403);

  const asked = await portal.api('POST', '/api/me/access-requests', {
    token: stranger,
    body: { organisation: 'acme', message: 'I run [the finance dashboards](http://evil.example).' },
  });
  expect(asked.status).toBe(202);
  expect(asked.body).toEqual({ sent: true });
  const again = await portal.api('POST', '/api/me/access-requests', { token: stranger, body: { organisation: 'acme', message: 'Again.' } });
  expect(again.status).toBe(202);
  const notices = (await inbox('clientadmin')).filter((notice) => notice.title.startsWith('sam'));
  expect(notices).toEqual([
    expect.objectContaining({
      title: 'sam (sam@elsewhere.example) asks to join your organisation',
      link: '/app/security/identity-management',
    }),
  ]);

  // Their words arrive as words: no link or formatting of theirs in an administrator's inbox.
  expect(notices[0]?.body).toContain(String.raw`> I run \[the finance dashboards\]\(http://evil\.example\)\.`);
  expect(
    (await portal.api('POST', '/api/me/access-requests', { token: stranger, body: { organisation: 'no-such-org', message: '' } })).status,
  ).toBe(202);
  // Five organisations a day per person, whether they exist or not.
  for (const organisation of ['org-three', 'org-four', 'org-five'])
    expect((await portal.api('POST', '/api/me/access-requests', { token: stranger, body: { organisation, message: '' } })).status).toBe(
      202,
    );
  const sixth = await portal.api('POST', '/api/me/access-requests', { token: stranger, body: { organisation: 'org-six', message: '' } });
  expect(sixth.status).toBe(429);
  expect(sixth.body).toMatchObject({ message: expect.stringContaining('You have asked 5 organisations today') });
  const bad = await portal.api('POST', '/api/me/access-requests', { token: stranger, body: { organisation: 'not an id!', message: '' } });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ field: 'organisation' });
  // A member asks nothing: they already belong somewhere.
  expect(
    (
      await portal.api('POST', '/api/me/access-requests', {
        token: await portal.token('business'),
        body: { organisation: 'globex', message: '' },
      })
    ).status,
  ).toBe(409);
});
