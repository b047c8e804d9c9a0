import {
  beginSignIn,
  Browser,
  CLIENT_ID,
  decodeJwt,
  decodeJwtHeader,
  DEFAULT_REDIRECT_URI,
  authUrl,
  pkcePair,
  PORTAL_ORIGIN,
  refresh,
  startIdentityServer,
  tokenRequest,
  callbackParams,
  type RunningIdentityServer,
} from './identityServer';

jest.setTimeout(60000);

let idp: RunningIdentityServer;

beforeAll(async () => {
  idp = await startIdentityServer({ env: { IDENTITY_ACCESS_TOKEN_TTL: '120' } });
});

afterAll(async () => {
  if (process.env.PRINT_IDENTITY_LOGS) process.stdout.write(idp?.logs() ?? '');
  await idp?.stop();
});

const oidc = () => `${idp.issuer}/protocol/openid-connect`;

describe('discovery and Keycloak URL layout', () => {
  it('serves the OpenID configuration at Keycloak paths', async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${oidc()}/auth`,
      token_endpoint: `${oidc()}/token`,
      end_session_endpoint: `${oidc()}/logout`,
      jwks_uri: `${oidc()}/certs`,
      userinfo_endpoint: `${oidc()}/userinfo`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  });

  it('publishes an RS256 signing key', async () => {
    const jwks = (await (await fetch(`${oidc()}/certs`)).json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('serves the 3rd-party cookie check pages that post "supported"/"unsupported" to the parent', async () => {
    const step1 = await fetch(`${oidc()}/3p-cookies/step1.html`);
    expect(step1.status).toBe(200);
    const html1 = await step1.text();
    expect(html1).toContain('step2.html');
    expect(step1.headers.get('content-security-policy')).toContain("script-src 'sha256-");
    const step2 = await fetch(`${oidc()}/3p-cookies/step2.html`);
    const html2 = await step2.text();
    expect(html2).toContain('"supported"');
    expect(html2).toContain('"unsupported"');
    expect(html2).toContain('window.parent.postMessage');
  });

  it('serves the login-status iframe', async () => {
    const response = await fetch(`${oidc()}/login-status-iframe.html`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('addEventListener("message"');
    const init = await fetch(`${oidc()}/login-status-iframe.html/init?client_id=${CLIENT_ID}&origin=${encodeURIComponent(PORTAL_ORIGIN)}`);
    expect(init.status).toBe(204);
    const denied = await fetch(
      `${oidc()}/login-status-iframe.html/init?client_id=${CLIENT_ID}&origin=${encodeURIComponent('http://evil.example')}`,
    );
    expect(denied.status).toBe(403);
  });
});

describe('sign-in page', () => {
  it('uses Keycloak form ids, lists demo accounts and links to register and reset', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    const html = flow.loginHtml;
    expect(html).toContain('<form id="kc-form-login"');
    expect(html).toContain('id="username"');
    expect(html).toContain('id="password"');
    expect(html).toContain('id="kc-login"');
    expect(html).toContain('<label for="username">');
    expect(html).toContain('>Register</a>');
    expect(html).toContain('>Forgot password?</a>');
    expect(html).toContain('/login-actions/reset-credentials?client_id=dataworks-portal-frontend&amp;redirect_uri=');
    for (const username of ['admin', 'clientadmin', 'engineer', 'docs', 'business', 'product', 'assured', 'lite', 'liteadmin', 'nobody']) {
      expect(html).toContain(`<code>${username}</code>`);
    }
    expect(html).not.toMatch(/https?:\/\/(fonts|cdn)/);
    const page = await flow.browser.get(flow.loginUrl);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('escapes what the user typed', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    const response = await flow.browser.postForm(flow.loginUrl, { username: '<script>alert(1)</script>', password: 'x' });
    const html = await response.text();
    expect(html).toContain('Invalid username or password.');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('oversized form posts', () => {
  it('are refused with 413, not 500', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    const response = await flow.browser.postForm(flow.loginUrl, { username: 'admin', password: 'x'.repeat(80000) });
    expect(response.status).toBe(413);
  });
});

describe('code flow with PKCE', () => {
  it('signs in admin and issues JWT access, id and refresh tokens with Keycloak claims', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    const posted = await flow.browser.postForm(flow.loginUrl, { username: 'admin', password: 'admin' });
    const { completeSignIn } = await import('./identityServer');
    const tokens = await completeSignIn(idp.baseUrl, flow, posted, flow.loginUrl);

    expect(tokens.token_type).toBe('Bearer');
    expect(decodeJwtHeader(tokens.access_token)).toMatchObject({ alg: 'RS256' });
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: idp.issuer,
      aud: 'dataworks-portal-api',
      typ: 'Bearer',
      azp: CLIENT_ID,
      realm_access: { roles: ['user', 'admin'] },
      organization: ['acme'],
      preferred_username: 'admin',
      email: 'admin@acme.example',
      name: 'Ada Admin',
    });
    expect(access.resource_access).toEqual(expect.any(Object));
    expect(typeof access.sub).toBe('string');
    expect(typeof access.sid).toBe('string');
    expect(typeof access.iat).toBe('number');
    expect(access.exp).toBe((access.iat as number) + 120);
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));

    const id = decodeJwt(tokens.id_token);
    expect(id).toMatchObject({
      iss: idp.issuer,
      aud: CLIENT_ID,
      nonce: flow.nonce,
      sub: access.sub,
      sid: access.sid,
      preferred_username: 'admin',
      email: 'admin@acme.example',
      name: 'Ada Admin',
    });

    const refreshClaims = decodeJwt(tokens.refresh_token);
    expect(refreshClaims).toMatchObject({ typ: 'Refresh', sub: access.sub, sid: access.sid, azp: CLIENT_ID });
    expect(refreshClaims.exp as number).toBeGreaterThan(refreshClaims.iat as number);
    expect(tokens.session_state).toBe(access.sid);
  });

  it('gives a globex Lite user his roles and organisation', async () => {
    const tokens = await idp.signIn('lite', 'lite');
    const access = decodeJwt(tokens.access_token);
    expect(access.realm_access).toEqual({ roles: ['user', 'Client-Lite'] });
    expect(access.organization).toEqual(['globex']);
    expect(access.preferred_username).toBe('lite');
  });

  it('gives the role-less demo user an empty role list', async () => {
    const access = decodeJwt((await idp.signIn('nobody', 'nobody')).access_token);
    expect(access.realm_access).toEqual({ roles: [] });
    expect(access.organization).toEqual(['globex']);
  });

  it('answers with the query response mode too', async () => {
    const tokens = await idp.signIn('docs', 'docs', { responseMode: 'query' });
    expect(decodeJwt(tokens.access_token).realm_access).toEqual({ roles: ['user', 'Client-Dataworks-docs'] });
  });

  it('accepts any redirect URI under the registered wildcard', async () => {
    const tokens = await idp.signIn('engineer', 'engineer', { redirectUri: 'http://localhost:3000/deep/page?x=1' });
    expect(decodeJwt(tokens.access_token).preferred_username).toBe('engineer');
  });

  it('reuses the SSO session without showing the login page (prompt=none)', async () => {
    const browser = new Browser(idp.baseUrl);
    await idp.signIn('business', 'business', { browser });
    const pkce = pkcePair();
    const start = authUrl(idp.baseUrl, pkce, { state: 's1', nonce: 'n1', prompt: 'none' });
    const { leftTo } = await browser.follow(await browser.get(start), start);
    expect(leftTo).toBeDefined();
    expect(callbackParams(leftTo ?? '').get('code')).toBeTruthy();
  });

  it('answers login_required to prompt=none without a session', async () => {
    const browser = new Browser(idp.baseUrl);
    const start = authUrl(idp.baseUrl, pkcePair(), { state: 's2', nonce: 'n2', prompt: 'none' });
    const { leftTo } = await browser.follow(await browser.get(start), start);
    expect(callbackParams(leftTo ?? '').get('error')).toBe('login_required');
  });
});

describe('userinfo and account', () => {
  it('answer the profile for a valid bearer token and 401 without one', async () => {
    const tokens = await idp.signIn('clientadmin', 'clientadmin');
    const userinfo = await fetch(`${oidc()}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({
      preferred_username: 'clientadmin',
      email: 'clientadmin@acme.example',
      organization: ['acme'],
    });

    const account = await fetch(`${idp.issuer}/account`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    });
    expect(account.status).toBe(200);
    const body = (await account.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      username: 'clientadmin',
      email: 'clientadmin@acme.example',
      firstName: 'Clara',
      lastName: 'Clientadmin',
      emailVerified: true,
      attributes: { organization: ['acme'] },
    });
    expect(body.id).toBe(decodeJwt(tokens.access_token).sub);

    const missing = await fetch(`${idp.issuer}/account`, { headers: { accept: 'application/json' } });
    expect(missing.status).toBe(401);
    const forged = await fetch(`${oidc()}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token.slice(0, -4)}AAAA` } });
    expect(forged.status).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('can be used again, even twice at once, as Keycloak allows by default (two tabs, a retry)', async () => {
    const first = await idp.signIn('assured', 'assured');
    const answers = await Promise.all([refresh(idp.baseUrl, first.refresh_token), refresh(idp.baseUrl, first.refresh_token)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const renewed = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ refresh_token: string; access_token: string }>;

    for (const tokens of renewed) {
      expect(tokens.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(tokens.refresh_token).typ).toBe('Refresh');
      expect(decodeJwt(tokens.access_token).realm_access).toEqual({ roles: ['user', 'assured'] });
      const userinfo = await fetch(`${oidc()}/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(userinfo.status).toBe(200);
      expect((await refresh(idp.baseUrl, tokens.refresh_token)).status).toBe(200);
    }
    // A retry after a lost answer: the first token still works too.
    expect((await refresh(idp.baseUrl, first.refresh_token)).status).toBe(200);
  });

  it('reject a tampered refresh token with invalid_grant', async () => {
    const tokens = await idp.signIn('product', 'product');
    const [header, payload, signature] = tokens.refresh_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    claims.exp = (claims.exp as number) + 3600;
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    const response = await refresh(idp.baseUrl, tampered);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
    // the genuine one still works
    expect((await refresh(idp.baseUrl, tokens.refresh_token)).status).toBe(200);
  });
});

describe('logout', () => {
  it('GET with a valid id_token_hint signs out without confirmation and then the refresh token fails', async () => {
    const browser = new Browser(idp.baseUrl);
    const tokens = await idp.signIn('liteadmin', 'liteadmin', { browser });
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      client_id: CLIENT_ID,
      post_logout_redirect_uri: 'http://localhost:3000/',
    });
    const response = await browser.get(`${oidc()}/logout?${params.toString()}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://localhost:3000/');

    const after = await refresh(idp.baseUrl, tokens.refresh_token);
    expect(after.status).toBe(400);
    expect(await after.json()).toMatchObject({ error: 'invalid_grant' });

    // the SSO session is gone: the next auth request shows the login page again
    const again = await beginSignIn(idp.baseUrl, { browser });
    expect(again.loginHtml).toContain('kc-form-login');
  });

  it('POST form is answered with a redirect to the GET form', async () => {
    const browser = new Browser(idp.baseUrl);
    const tokens = await idp.signIn('docs', 'docs', { browser });
    const posted = await browser.postForm(`${oidc()}/logout`, {
      id_token_hint: tokens.id_token,
      client_id: CLIENT_ID,
      post_logout_redirect_uri: 'http://localhost:3000/',
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toContain('/realms/dataworks/protocol/openid-connect/logout?');
    const { leftTo } = await browser.follow(posted, `${oidc()}/logout`);
    expect(leftTo).toBe('http://localhost:3000/');
    expect((await refresh(idp.baseUrl, tokens.refresh_token)).status).toBe(400);
  });

  it('refuses an unregistered post-logout URI with an error page', async () => {
    const browser = new Browser(idp.baseUrl);
    const tokens = await idp.signIn('admin', 'admin', { browser });
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      client_id: CLIENT_ID,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const response = await browser.request(`${oidc()}/logout?${params.toString()}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toContain('text/html');
    // still signed in
    expect((await refresh(idp.baseUrl, tokens.refresh_token)).status).toBe(200);
  });
});

describe('CORS', () => {
  it('answers the exact configured origin with credentials, and nothing for other origins', async () => {
    const tokens = await idp.signIn('admin', 'admin');
    const allowed = await fetch(`${oidc()}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL_ORIGIN },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT_ID }).toString(),
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');

    const other = await fetch(`${oidc()}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: 'grant_type=refresh_token&refresh_token=x&client_id=dataworks-portal-frontend',
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();

    const preflight = await fetch(`${oidc()}/token`, {
      method: 'OPTIONS',
      headers: { origin: PORTAL_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const badPreflight = await fetch(`${oidc()}/token`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(badPreflight.headers.get('access-control-allow-origin')).toBeNull();

    for (const url of [`${oidc()}/certs`, `${idp.issuer}/account`, `${oidc()}/userinfo`]) {
      const good = await fetch(url, { headers: { origin: PORTAL_ORIGIN, authorization: `Bearer ${tokens.access_token}` } });
      expect(good.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
      expect(good.headers.get('access-control-allow-credentials')).toBe('true');
      const bad = await fetch(url, { headers: { origin: 'http://evil.example', authorization: `Bearer ${tokens.access_token}` } });
      expect(bad.headers.get('access-control-allow-origin')).toBeNull();
      expect(bad.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});

describe('refused authorization requests', () => {
  it('an unregistered redirect URI gets an error page, never a redirect', async () => {
    for (const redirectUri of ['https://evil.example/callback', 'http://localhost:3000.evil.example/', 'http://localhost:4000/']) {
      const url = authUrl(idp.baseUrl, pkcePair(), { state: 's', nonce: 'n', redirectUri });
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const html = await response.text();
      expect(html).toContain('redirect_uri');
      expect(html).not.toMatch(/at .*\.js:\d+/);
    }
  });

  it('an unknown client gets an error page, never a redirect', async () => {
    const url = authUrl(idp.baseUrl, pkcePair(), { state: 's', nonce: 'n', clientId: 'someone-else' });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('Client not found.');
  });

  it('requires PKCE', async () => {
    const params = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: DEFAULT_REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
      state: 's',
    });
    const response = await fetch(`${oidc()}/auth?${params.toString()}`, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    expect(callbackParams(location).get('error')).toBe('invalid_request');
  });

  it('refuses the form_post response mode (only fragment and query)', async () => {
    const url = new URL(authUrl(idp.baseUrl, pkcePair(), { state: 's', nonce: 'n' }));
    url.searchParams.set('response_mode', 'form_post');
    const response = await fetch(url, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (location) {
      expect(callbackParams(location).get('error')).toBeTruthy();
    } else {
      expect(response.status).toBe(400);
    }
    expect(await response.text()).not.toContain('name="code"');
  });

  it('the registrations endpoint validates the request like the auth endpoint', async () => {
    const url = authUrl(idp.baseUrl, pkcePair(), {
      state: 's',
      nonce: 'n',
      endpoint: 'registrations',
      redirectUri: 'https://evil.example/',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('refuses other response types', async () => {
    const params = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: DEFAULT_REDIRECT_URI,
      response_type: 'token',
      scope: 'openid',
      state: 's',
      ...{ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' },
    });
    const response = await fetch(`${oidc()}/auth?${params.toString()}`, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    expect(callbackParams(location).get('error')).toBe('unsupported_response_type');
  });
});

describe('malformed token requests', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['missing grant_type', { client_id: CLIENT_ID, code: 'abc' }],
    [
      'bad code',
      {
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code: 'not-a-code',
        redirect_uri: DEFAULT_REDIRECT_URI,
        code_verifier: 'x'.repeat(50),
      },
    ],
    ['garbage refresh token', { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'garbage' }],
    ['unsupported grant type', { grant_type: 'password', client_id: CLIENT_ID, username: 'admin', password: 'admin' }],
    ['unknown client', { grant_type: 'refresh_token', client_id: 'nobody', refresh_token: 'garbage' }],
  ];
  it.each(cases)('%s → 400 with an OAuth error', async (_name, fields) => {
    const response = await tokenRequest(idp.baseUrl, fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  it('missing code_verifier → 400 invalid_request / invalid_grant', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    const posted = await flow.browser.postForm(flow.loginUrl, { username: 'admin', password: 'admin' });
    const { leftTo } = await flow.browser.follow(posted, flow.loginUrl);
    const code = callbackParams(leftTo ?? '').get('code') ?? '';
    expect(code).not.toBe('');
    const response = await tokenRequest(idp.baseUrl, {
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code,
      redirect_uri: DEFAULT_REDIRECT_URI,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(['invalid_request', 'invalid_grant']).toContain(body.error);
  });

  it('a JSON body and a huge body are 400, not 500', async () => {
    const json = await fetch(`${oidc()}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(json.status).toBe(400);
    const huge = await tokenRequest(idp.baseUrl, { grant_type: 'refresh_token', refresh_token: 'x'.repeat(70000) });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });
});

describe('server log', () => {
  it('has no server errors after all of the above', () => {
    const errors = idp
      .logs()
      .split('\n')
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  });
});
