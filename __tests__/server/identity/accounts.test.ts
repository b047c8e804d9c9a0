import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  beginSignIn,
  CLIENT_ID,
  completeSignIn,
  decodeJwt,
  DEFAULT_REDIRECT_URI,
  formAction,
  startIdentityServer,
  type RunningIdentityServer,
} from './identityServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(60000);

let idp: RunningIdentityServer;

beforeAll(async () => {
  idp = await startIdentityServer({ env: { IDENTITY_LOCKOUT_FAILURES: '5', IDENTITY_LOCKOUT_SECONDS: '900' } });
});

afterAll(async () => {
  await idp?.stop();
});

async function tryLogin(username: string, password: string): Promise<{ status: number; html: string; signedIn: boolean }> {
  const flow = await beginSignIn(idp.baseUrl);
  const posted = await flow.browser.postForm(flow.loginUrl, { username, password });
  const { leftTo, response } = await flow.browser.follow(posted, flow.loginUrl);
  return { status: response.status, html: leftTo ? '' : await response.text(), signedIn: leftTo !== undefined };
}

describe('bad credentials and lockout', () => {
  it('answers unknown users and wrong passwords with the same message', async () => {
    const unknown = await tryLogin('no-such-user', 'whatever');
    const wrong = await tryLogin('business', 'not-the-password');
    expect(unknown.signedIn).toBe(false);
    expect(wrong.signedIn).toBe(false);
    expect(unknown.html).toContain('Invalid username or password.');
    expect(wrong.html).toContain('Invalid username or password.');
    expect(unknown.html).toContain('aria-invalid="true"');
    // a success resets the failure count
    expect((await tryLogin('business', 'business')).signedIn).toBe(true);
  });

  it('locks an account after five consecutive failures; then even the right password fails', async () => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await tryLogin('engineer', 'wrong')).signedIn).toBe(false);
    }
    // four failures are not enough
    expect((await tryLogin('engineer', 'engineer')).signedIn).toBe(true);

    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await tryLogin('engineer', 'wrong')).signedIn).toBe(false);
    }
    const locked = await tryLogin('engineer', 'engineer');
    expect(locked.signedIn).toBe(false);
    expect(locked.html).toContain('Invalid username or password.');
    // other accounts are unaffected
    expect((await tryLogin('docs', 'docs')).signedIn).toBe(true);
  });
});

describe('registration', () => {
  const registrationsUrl = () => {
    const params = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: DEFAULT_REDIRECT_URI,
      state: 'st',
      response_mode: 'fragment',
      response_type: 'code',
      scope: 'openid',
      nonce: 'nn',
    });
    return `${idp.issuer}/protocol/openid-connect/registrations?${params.toString()}`;
  };

  it('validates each field with its own message', async () => {
    const flow = await beginSignIn(idp.baseUrl, { endpoint: 'registrations' });
    expect(flow.loginHtml).toContain('id="kc-register-form"');
    const action = formAction(flow.loginHtml, 'kc-register-form');
    const response = await flow.browser.postForm(action, {
      username: 'admin',
      email: 'not-an-email',
      firstName: '',
      lastName: 'Doe',
      password: 'short',
      'password-confirm': 'short',
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Username already exists.');
    expect(html).toContain('Invalid email address.');
    expect(html).toContain('Please specify your first name.');
    expect(html).toContain('Password must be at least 8 characters.');
    expect(html).toContain('value="Doe"');
    expect(html).toContain('aria-describedby="email-error"');

    const mismatch = await flow.browser.postForm(action, {
      username: 'someone',
      email: 'someone@example.com',
      firstName: 'Some',
      lastName: 'One',
      password: 'long enough 1',
      'password-confirm': 'long enough 2',
    });
    expect(await mismatch.text()).toContain('Password confirmation doesn&#39;t match.');
    expect(registrationsUrl()).toContain('/protocol/openid-connect/registrations?');
  });

  it('creates an account with realm role user and no organisation, then completes the sign-in', async () => {
    const flow = await beginSignIn(idp.baseUrl, { endpoint: 'registrations' });
    const action = formAction(flow.loginHtml, 'kc-register-form');
    const posted = await flow.browser.postForm(action, {
      username: 'newcomer',
      email: 'newcomer@example.com',
      firstName: 'New',
      lastName: 'Comer',
      password: 'a good password',
      'password-confirm': 'a good password',
    });
    const tokens = await completeSignIn(idp.baseUrl, flow, posted, action);
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      preferred_username: 'newcomer',
      email: 'newcomer@example.com',
      name: 'New Comer',
      realm_access: { roles: ['user'] },
    });
    // no organisation: like Keycloak, the claim is left out
    expect(access).not.toHaveProperty('organization');
    expect(decodeJwt(tokens.id_token).nonce).toBe(flow.nonce);

    // and can sign in again with the chosen password
    const again = await idp.signIn('newcomer', 'a good password');
    expect(decodeJwt(again.access_token).preferred_username).toBe('newcomer');
  });

  it('sends a link that verifies the e-mail address (to the outbox: the dev server has no mail server), once', async () => {
    const flow = await beginSignIn(idp.baseUrl, { endpoint: 'registrations' });
    const action = formAction(flow.loginHtml, 'kc-register-form');
    const posted = await flow.browser.postForm(action, {
      username: 'verifier',
      email: 'verifier@example.org',
      firstName: 'Vera',
      lastName: 'Fier',
      password: 'a good password',
      'password-confirm': 'a good password',
    });
    const tokens = await completeSignIn(idp.baseUrl, flow, posted, action);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email: 'verifier@example.org', email_verified: false });

    const outbox = (await readFile(path.join(idp.dataDir, 'identity', 'outbox.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; subject: string; link: string });
    const mail = outbox.find((entry) => entry.to === 'verifier@example.org');
    expect(mail?.subject).toBe('Verify your e-mail address');
    expect(mail?.link).toMatch(new RegExp(`^${idp.issuer}/login-actions/verify-email\\?key=`));
    const verified = await fetch(mail?.link ?? '');
    expect(verified.status).toBe(200);
    expect(await verified.text()).toContain('verifier@example.org is verified');
    // Single use.
    expect((await fetch(mail?.link ?? '')).status).toBe(400);
    expect((await fetch(`${idp.issuer}/login-actions/verify-email?key=made-up`)).status).toBe(400);
    // A token issued from now on says so.
    expect(decodeJwt((await idp.signIn('verifier', 'a good password')).id_token).email_verified).toBe(true);
  });
});

describe('reset password', () => {
  const resetUrl = (redirectUri = DEFAULT_REDIRECT_URI, clientId = CLIENT_ID) =>
    `${idp.issuer}/login-actions/reset-credentials?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri }).toString()}`;

  async function requestReset(username: string): Promise<string> {
    const response = await fetch(resetUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username }).toString(),
    });
    expect(response.status).toBe(200);
    return response.text();
  }

  function linksFor(username: string): string[] {
    return idp
      .logs()
      .split('\n')
      .filter((line) => line.includes('Choose a new password'))
      .map((line) => JSON.parse(line) as { username: string; link: string })
      .filter((entry) => entry.username === username)
      .map((entry) => entry.link);
  }

  it('validates client_id and redirect_uri like the auth endpoint', async () => {
    for (const url of [resetUrl('https://evil.example/'), resetUrl(DEFAULT_REDIRECT_URI, 'unknown-client')]) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    }
    const form = await fetch(resetUrl());
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<label for="username">Username or email</label>');
  });

  it('answers the same whether or not the user exists, logs a one-time link that changes the password', async () => {
    const unknown = await requestReset('ghost');
    const known = await requestReset('lite@globex.example');
    const message = 'a link to choose a new password has been written to the server log';
    expect(unknown).toContain(message);
    expect(known).toContain(message);

    const [link] = await waitFor('the reset link in the outbox', () => (linksFor('lite').length > 0 ? linksFor('lite') : undefined));
    expect(link).toMatch(/\/realms\/dataworks\/login-actions\/action-token\?key=/);
    expect(linksFor('ghost')).toHaveLength(0);

    const page = await fetch(link ?? '');
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    const action = new URL(formAction(pageHtml, 'kc-passwd-update-form'), idp.baseUrl).href;

    const mismatch = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'password-new': 'brand new secret', 'password-confirm': 'other' }).toString(),
    });
    expect(await mismatch.text()).toContain('Password confirmation doesn&#39;t match.');

    const done = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'password-new': 'brand new secret', 'password-confirm': 'brand new secret' }).toString(),
    });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain('Password changed');
    expect(doneHtml).toContain(`href="${DEFAULT_REDIRECT_URI}"`);
    expect(doneHtml).toContain('Back to sign in');

    // one-time
    expect((await fetch(link ?? '')).status).toBe(400);

    // the old password no longer works, the new one does
    const flow = await beginSignIn(idp.baseUrl);
    const old = await flow.browser.postForm(flow.loginUrl, { username: 'lite', password: 'lite' });
    expect(await old.text()).toContain('Invalid username or password.');
    const tokens = await idp.signIn('lite', 'brand new secret');
    expect(decodeJwt(tokens.access_token).preferred_username).toBe('lite');
  });

  it('refuses an unknown reset key', async () => {
    const response = await fetch(`${idp.issuer}/login-actions/action-token?key=nope`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('invalid or has expired');
  });
});
