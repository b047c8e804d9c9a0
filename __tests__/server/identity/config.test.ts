import path from 'node:path';
import { loadIdentityConfig } from '../../../server/identity/config';
import { redirectUriMatches } from '../../../server/identity/redirects';
import { DEMO_ACCOUNTS } from '../../../server/identity/demoAccounts';

describe('loadIdentityConfig', () => {
  it('has the documented defaults', () => {
    expect(loadIdentityConfig({})).toEqual({
      port: 8180,
      host: 'localhost',
      publicUrl: 'http://localhost:8180',
      issuer: 'http://localhost:8180/realms/dataworks',
      dataDir: path.resolve('./data', 'identity'),
      accessTokenTtl: 300,
      refreshTokenTtl: 1800,
      sessionTtl: 36000,
      redirectUris: ['http://localhost:3000/*'],
      webOrigins: ['http://localhost:3000'],
      demo: true,
      revokeRefreshToken: false,
      lockoutFailures: 5,
      lockoutSeconds: 900,
      serviceClients: [],
    });
  });

  it('reads every setting', () => {
    const config = loadIdentityConfig({
      IDENTITY_PORT: '9000',
      IDENTITY_PUBLIC_URL: 'https://id.example.com/',
      DATA_DIR: '/tmp/x',
      IDENTITY_ACCESS_TOKEN_TTL: '60',
      IDENTITY_REFRESH_TOKEN_TTL: '120',
      IDENTITY_SESSION_TTL: '600',
      IDENTITY_REDIRECT_URIS: 'http://localhost:3000/*, https://portal.example.com/app/callback',
      IDENTITY_WEB_ORIGINS: 'http://localhost:3000,https://portal.example.com',
      IDENTITY_HOST: '127.0.0.1',
      IDENTITY_DEMO: 'false',
      IDENTITY_REVOKE_REFRESH_TOKEN: 'true',
      IDENTITY_LOCKOUT_FAILURES: '3',
      IDENTITY_LOCKOUT_SECONDS: '60',
      IDENTITY_SERVICE_CLIENTS: 'dbt-ci:acme, etl:globex:a-secret-of-twenty-chars',
    });
    expect(config).toMatchObject({
      port: 9000,
      issuer: 'https://id.example.com/realms/dataworks',
      dataDir: '/tmp/x/identity',
      accessTokenTtl: 60,
      refreshTokenTtl: 120,
      sessionTtl: 600,
      redirectUris: ['http://localhost:3000/*', 'https://portal.example.com/app/callback'],
      webOrigins: ['http://localhost:3000', 'https://portal.example.com'],
      host: '127.0.0.1',
      demo: false,
      revokeRefreshToken: true,
      lockoutFailures: 3,
      lockoutSeconds: 60,
      serviceClients: [
        { clientId: 'dbt-ci', organisation: 'acme' },
        { clientId: 'etl', organisation: 'globex', secret: 'a-secret-of-twenty-chars' },
      ],
    });
  });

  it.each([
    ['IDENTITY_PORT', 'eighty'],
    ['IDENTITY_PORT', '70000'],
    ['IDENTITY_PUBLIC_URL', 'ftp://example.com'],
    ['IDENTITY_ACCESS_TOKEN_TTL', '0'],
    ['IDENTITY_REFRESH_TOKEN_TTL', '-5'],
    ['IDENTITY_SESSION_TTL', '1.5'],
    ['IDENTITY_REDIRECT_URIS', 'not a url'],
    ['IDENTITY_REDIRECT_URIS', 'http://localhost:3000*'],
    ['IDENTITY_WEB_ORIGINS', 'http://localhost:3000/path'],
    ['IDENTITY_DEMO', 'maybe'],
    ['IDENTITY_REVOKE_REFRESH_TOKEN', 'sometimes'],
    ['IDENTITY_LOCKOUT_FAILURES', 'x'],
    ['IDENTITY_SERVICE_CLIENTS', 'no-organisation'],
    ['IDENTITY_SERVICE_CLIENTS', 'dbt-ci:acme:short'],
    ['IDENTITY_LOCKOUT_SECONDS', ''],
  ])('rejects %s=%p naming the variable', (name, value) => {
    if (value === '') {
      // empty means "use the default"
      expect(() => loadIdentityConfig({ [name]: value })).not.toThrow();
      return;
    }
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(name);
  });
});

describe('listen host and demo accounts', () => {
  it("listen on the portal's HOST unless IDENTITY_HOST says otherwise", () => {
    expect(loadIdentityConfig({ HOST: '10.1.2.3' }).host).toBe('10.1.2.3');
    expect(loadIdentityConfig({ HOST: '10.1.2.3', IDENTITY_HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadIdentityConfig({ HOST: ' ' }).host).toBe('localhost');
  });

  it.each([
    [{}, true],
    [{ HOST: '127.0.0.1' }, true],
    [{ HOST: '127.3.2.1' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '[::1]' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '::' }, false],
    [{ HOST: 'portal.example.com' }, false],
    [{ IDENTITY_HOST: '0.0.0.0' }, false],
    [{ HOST: '0.0.0.0', IDENTITY_DEMO: 'true' }, true],
    [{ HOST: 'localhost', IDENTITY_DEMO: 'false' }, false],
  ])('with %p demo accounts are %p', (env, expected) => {
    expect(loadIdentityConfig(env).demo).toBe(expected);
  });
});

describe('redirectUriMatches', () => {
  const registered = ['http://localhost:3000/*', 'https://portal.example.com/callback'];
  it.each([
    ['http://localhost:3000/', true],
    ['http://localhost:3000', true],
    ['http://localhost:3000/app/home?x=1', true],
    ['https://portal.example.com/callback', true],
    ['https://portal.example.com/callback/more', false],
    ['http://localhost:3000.evil.example/', false],
    ['http://localhost:3001/', false],
    ['https://localhost:3000/', false],
    ['http://user@localhost:3000/', false],
    ['http://localhost:3000/#frag', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%p → %p', (value, expected) => {
    expect(redirectUriMatches(value, registered)).toBe(expected);
  });
});

describe('demo accounts', () => {
  it('match the design table', () => {
    expect(DEMO_ACCOUNTS.map((account) => [account.username, account.organization, account.realmRoles.join(',')])).toEqual([
      ['admin', 'acme', 'user,admin'],
      ['clientadmin', 'acme', 'user,Client-Admin'],
      ['engineer', 'acme', 'user,Integration_Engineer'],
      ['docs', 'acme', 'user,Client-Dataworks-docs'],
      ['business', 'acme', 'user,Client-dataworks-business-users'],
      ['product', 'acme', 'user,product,admin'],
      ['assured', 'acme', 'user,assured'],
      ['lite', 'globex', 'user,Client-Lite'],
      ['liteadmin', 'globex', 'user,Client-Admin-Lite'],
      ['nobody', 'globex', ''],
    ]);
    for (const account of DEMO_ACCOUNTS) expect(account.email).toBe(`${account.username}@${account.organization}.example`);
  });
});
