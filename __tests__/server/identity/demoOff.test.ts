import { beginSignIn, startIdentityServer, type RunningIdentityServer } from './identityServer';

jest.setTimeout(60000);

let idp: RunningIdentityServer;

beforeAll(async () => {
  idp = await startIdentityServer({ env: { IDENTITY_DEMO: 'false' } });
});

afterAll(async () => {
  await idp?.stop();
});

describe('with demo mode off', () => {
  it('seeds no demo accounts and does not list them', async () => {
    const flow = await beginSignIn(idp.baseUrl);
    expect(flow.loginHtml).toContain('id="kc-form-login"');
    expect(flow.loginHtml).not.toContain('Demo accounts');
    const posted = await flow.browser.postForm(flow.loginUrl, { username: 'admin', password: 'admin' });
    expect(await posted.text()).toContain('Invalid username or password.');
    expect(idp.logs()).not.toContain('demo accounts seeded');
  });
});
