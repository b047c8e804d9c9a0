// The Keycloak implementation of the identity service against recorded Keycloak 26 admin REST
// responses (./recorded, see its README): what it asks Keycloak, how it maps the answers, and
// that it never shows another organisation's members, sessions or events.
import {
  IdentityConflictError,
  IdentityInvalidError,
  IdentityNotFoundError,
  IdentityUnavailableError,
} from '../../../../../server/src/features/security/identityService';
import { KeycloakIdentityService, POLICY_ATTRIBUTES } from '../../../../../server/src/features/security/keycloak/keycloakIdentityService';
import { recorded, startKeycloakStandIn, type KeycloakStandIn } from './keycloakStandIn';

const REALM = 'dataworks';
const ACME_ORG = '6f0c2a8e-3f39-4b1e-9d0a-5b7d2c1e8a41';
const ADA = '2c7f4a61-6c1d-4b8e-a0f3-9e5d8b7c6a01';
const GRACE = '9b1e3d52-0f6a-47c2-8d9e-1a2b3c4d5e02';
const ADA_SESSION = '5e6f7a8b-1111-4222-8333-944455556666';
const SECRET = 'service-account-secret-never-shown';

let keycloak: KeycloakStandIn;
let service: KeycloakIdentityService;

const members = recorded('acme-members') as Array<{ id: string }>;

beforeEach(async () => {
  keycloak = await startKeycloakStandIn(REALM);
  keycloak.on('GET /organizations', { status: 200, body: recorded('organizations') });
  keycloak.on('GET /organizations/:org', (_, [org]) => {
    const found = (recorded('organizations') as Array<{ id: string }>).find((candidate) => candidate.id === org);
    return found ? { status: 200, body: found } : { status: 404, body: { error: 'Organization not found' } };
  });
  keycloak.on('GET /organizations/:org/members', (_, [org]) => ({ status: 200, body: org === ACME_ORG ? members : [] }));
  keycloak.on('GET /organizations/:org/members/:member', (_, [org, member]) => {
    const found = org === ACME_ORG ? members.find((candidate) => candidate.id === member) : undefined;
    return found ? { status: 200, body: found } : { status: 404, body: { error: 'Not a member of the organization' } };
  });
  keycloak.on('GET /users/:id/credentials', (_, [id]) => ({
    status: 200,
    body: recorded(id === GRACE ? 'credentials-grace' : 'credentials-ada'),
  }));
  keycloak.on('GET /users/:id/groups', (_, [id]) => ({ status: 200, body: id === ADA ? recorded('groups-ada') : [] }));
  keycloak.on('GET /users/:id/role-mappings/realm', (_, [id]) => ({ status: 200, body: id === ADA ? recorded('roles-ada') : [] }));
  keycloak.on('GET /users/:id/sessions', (_, [id]) => ({ status: 200, body: id === ADA ? recorded('sessions-ada') : [] }));
  keycloak.on('GET /events', { status: 200, body: recorded('events') });
  keycloak.on('GET /', { status: 200, body: recorded('realm') });
  service = new KeycloakIdentityService({
    url: keycloak.url,
    realm: REALM,
    clientId: 'dataworks-portal-admin',
    clientSecret: SECRET,
    timeoutMs: 2000,
  });
});

afterEach(async () => {
  await keycloak.close();
});

const adminCalls = (method: string, path: RegExp) =>
  keycloak.requests.filter((request) => request.method === method && path.test(request.path));

describe('members', () => {
  it("lists the organisation's members with their MFA status, groups of the organisation and realm roles", async () => {
    const page = await service.listMembers('acme');
    expect(page.total).toBe(2);
    const [ada, grace] = page.members;
    expect(ada).toMatchObject({
      id: ADA,
      username: 'ada',
      email: 'ada@acme.example',
      enabled: true,
      mfaConfigured: false,
      groups: ['analysts'],
      roles: ['user', 'Client-Admin', 'default-roles-dataworks'],
    });
    expect(ada?.createdAt).toBe('2025-11-01T00:00:00.000Z');
    // Keycloak's own required actions outside ours (terms_and_conditions) are left out.
    expect(grace).toMatchObject({ username: 'grace', enabled: false, mfaConfigured: true, requiredActions: ['UPDATE_PASSWORD'] });
    // The organisation is found by its exact alias ("acme", not "acme-labs").
    const lookup = adminCalls('GET', /^\/organizations$/)[0];
    expect(lookup?.query.get('search')).toBe('acme');
    expect(lookup?.query.get('exact')).toBe('true');
    expect(adminCalls('GET', new RegExp(`^/organizations/${ACME_ORG}/members$`))).toHaveLength(1);
  });

  it('pages and passes the search to Keycloak', async () => {
    const page = await service.listMembers('acme', { search: 'gra', first: 1, max: 1 });
    expect(page.members.map((member) => member.username)).toEqual(['grace']);
    expect(adminCalls('GET', /\/members$/)[0]?.query.get('search')).toBe('gra');
  });

  it('answers "not found" for an organisation Keycloak does not have', async () => {
    await expect(service.listMembers('initech')).rejects.toBeInstanceOf(IdentityNotFoundError);
  });

  it('answers "not found" for a user who is not a member of the organisation, without reading them', async () => {
    await expect(service.getMember('acme', '7d7d7d7d-2222-4333-8444-555566667777')).rejects.toMatchObject({ kind: 'member' });
    expect(adminCalls('GET', /^\/users\//)).toHaveLength(0);
    await expect(service.disableMember('acme', '7d7d7d7d-2222-4333-8444-555566667777')).rejects.toBeInstanceOf(IdentityNotFoundError);
    expect(adminCalls('PUT', /^\/users\//)).toHaveLength(0);
  });

  it('disables a member and ends their sessions', async () => {
    keycloak.on('PUT /users/:id', { status: 204 });
    keycloak.on('POST /users/:id/logout', { status: 204 });
    await service.disableMember('acme', ADA);
    expect(adminCalls('PUT', new RegExp(`^/users/${ADA}$`))[0]?.body).toEqual({ enabled: false });
    expect(adminCalls('POST', new RegExp(`^/users/${ADA}/logout$`))).toHaveLength(1);
  });

  it('requires a new password by adding the UPDATE_PASSWORD required action to those the member has', async () => {
    keycloak.on('PUT /users/:id', { status: 204 });
    await service.requirePasswordReset('acme', GRACE);
    expect(adminCalls('PUT', new RegExp(`^/users/${GRACE}$`))[0]?.body).toEqual({
      requiredActions: ['UPDATE_PASSWORD', 'terms_and_conditions'],
    });
  });

  it('removes only the one-time-code credential on an MFA reset', async () => {
    keycloak.on('DELETE /users/:id/credentials/:credential', { status: 204 });
    await service.resetMfa('acme', GRACE);
    const deleted = adminCalls('DELETE', /\/credentials\//).map((request) => request.path);
    expect(deleted).toEqual([`/users/${GRACE}/credentials/c1a2b3c4-0000-4000-8000-000000000002`]);
  });
});

describe('invitations', () => {
  const invitation = { username: 'alan', email: 'alan@acme.example', firstName: 'Alan', lastName: 'Turing', roles: ['Client-Admin'] };
  const created = 'e0e0e0e0-1111-4222-8333-444455556666';

  beforeEach(() => {
    keycloak.on('GET /roles/:name', (_, [name]) =>
      name === 'Client-Admin'
        ? { status: 200, body: { id: 'r0000000-0000-4000-8000-000000000002', name: 'Client-Admin' } }
        : { status: 404, body: { error: 'Could not find role' } },
    );
    keycloak.on('POST /users', { status: 201, headers: { location: `${keycloak.url}/admin/realms/${REALM}/users/${created}` } });
    keycloak.on('DELETE /users/:id', { status: 204 });
  });

  it('creates the user with the set-password action, makes them a member with their roles and asks Keycloak to e-mail them', async () => {
    keycloak.on('POST /organizations/:org/members', { status: 201 });
    keycloak.on('POST /users/:id/role-mappings/realm', { status: 204 });
    keycloak.on('PUT /users/:id/execute-actions-email', { status: 204 });
    keycloak.on('GET /organizations/:org/members/:member', {
      status: 200,
      body: {
        id: created,
        username: 'alan',
        email: 'alan@acme.example',
        enabled: true,
        requiredActions: ['UPDATE_PASSWORD', 'VERIFY_EMAIL'],
      },
    });
    const result = await service.inviteMember('acme', invitation);
    expect(result).toMatchObject({
      emailSent: true,
      actionLink: null,
      member: { id: created, username: 'alan', requiredActions: ['UPDATE_PASSWORD', 'VERIFY_EMAIL'] },
    });
    expect(adminCalls('POST', /^\/users$/)[0]?.body).toMatchObject({
      username: 'alan',
      enabled: true,
      requiredActions: ['UPDATE_PASSWORD', 'VERIFY_EMAIL'],
    });
    expect(adminCalls('POST', new RegExp(`^/organizations/${ACME_ORG}/members$`))[0]?.body).toBe(created);
    expect(adminCalls('POST', /role-mappings\/realm$/)[0]?.body).toEqual([
      { id: 'r0000000-0000-4000-8000-000000000002', name: 'Client-Admin' },
    ]);
  });

  it('removes the new user again when it cannot be made a member, and says why', async () => {
    keycloak.on('POST /organizations/:org/members', {
      status: 409,
      body: { errorMessage: 'User is already a member of the organization.' },
    });
    await expect(service.inviteMember('acme', invitation)).rejects.toThrow(
      new IdentityConflictError('User is already a member of the organization.'),
    );
    expect(adminCalls('DELETE', new RegExp(`^/users/${created}$`))).toHaveLength(1);
  });

  it("passes on Keycloak's conflict for a taken username, creating nothing", async () => {
    keycloak.on('POST /users', { status: 409, body: { errorMessage: 'User exists with same username' } });
    const refusal = service.inviteMember('acme', invitation);
    await expect(refusal).rejects.toBeInstanceOf(IdentityConflictError);
    await expect(refusal).rejects.toThrow('User exists with same username');
    expect(adminCalls('POST', /^\/organizations\/.*\/members$/)).toHaveLength(0);
  });

  it('refuses a role the realm does not define before creating anyone', async () => {
    await expect(service.inviteMember('acme', { ...invitation, roles: ['superuser'] })).rejects.toThrow(
      new IdentityInvalidError('No role "superuser" exists.', 'roles'),
    );
    expect(adminCalls('POST', /^\/users$/)).toHaveLength(0);
  });
});

describe('joining by e-mail domain', () => {
  const newcomer = 'f1f1f1f1-2222-4333-8444-555566667777';
  const account = { id: newcomer, username: 'pat', email: 'pat@partners.acme.example', enabled: true, emailVerified: true };

  beforeEach(() => {
    keycloak.on('GET /roles/:name', { status: 200, body: { id: 'r0000000-0000-4000-8000-000000000005', name: 'Integration_Engineer' } });
    keycloak.on('GET /organizations/members/:id/organizations', { status: 200, body: [] });
    keycloak.on('POST /organizations/:org/members', { status: 201 });
    keycloak.on('POST /users/:id/role-mappings/realm', { status: 204 });
    keycloak.on('DELETE /organizations/:org/members/:member', { status: 204 });
  });

  it('makes an account of no organisation, with a verified address, a member with the role', async () => {
    keycloak.on('GET /users/:id', { status: 200, body: account });
    keycloak.on('GET /organizations/:org/members/:member', (_, [, member]) =>
      member === newcomer ? { status: 200, body: account } : { status: 404, body: { error: 'Not a member' } },
    );
    await expect(service.admitMember('acme', newcomer, 'Integration_Engineer')).resolves.toMatchObject({ id: newcomer, username: 'pat' });
    expect(adminCalls('POST', new RegExp(`^/organizations/${ACME_ORG}/members$`))[0]?.body).toBe(newcomer);
    expect(adminCalls('POST', /role-mappings\/realm$/)[0]?.body).toEqual([
      { id: 'r0000000-0000-4000-8000-000000000005', name: 'Integration_Engineer' },
    ]);
  });

  it('refuses an unverified address or an account of another organisation, changing nothing', async () => {
    keycloak.on('GET /users/:id', { status: 200, body: { ...account, emailVerified: false } });
    await expect(service.admitMember('acme', newcomer, 'Integration_Engineer')).rejects.toBeInstanceOf(IdentityConflictError);
    keycloak.on('GET /users/:id', { status: 200, body: account });
    keycloak.on('GET /organizations/members/:id/organizations', { status: 200, body: [{ id: 'other', alias: 'globex' }] });
    await expect(service.admitMember('acme', newcomer, 'Integration_Engineer')).rejects.toThrow('already belongs to an organisation');
    expect(adminCalls('POST', /\/members$/)).toHaveLength(0);
  });

  it('takes the member out again when the role cannot be granted', async () => {
    keycloak.on('GET /users/:id', { status: 200, body: account });
    keycloak.on('POST /users/:id/role-mappings/realm', { status: 500, body: { error: 'unknown_error' } });
    await expect(service.admitMember('acme', newcomer, 'Integration_Engineer')).rejects.toBeDefined();
    expect(adminCalls('DELETE', new RegExp(`^/organizations/${ACME_ORG}/members/${newcomer}$`))).toHaveLength(1);
  });
});

describe('sessions', () => {
  it("lists the organisation's sessions with address, times and client", async () => {
    const sessions = await service.listSessions('acme');
    expect(sessions).toEqual([
      {
        id: ADA_SESSION,
        memberId: ADA,
        username: 'ada',
        device: null,
        address: '203.0.113.7',
        startedAt: '2025-11-24T09:00:00.000Z',
        lastAccessAt: '2025-11-24T10:00:00.000Z',
        clients: ['dataworks-portal-frontend'],
      },
    ]);
  });

  it("ends one of the organisation's sessions", async () => {
    keycloak.on('DELETE /sessions/:id', { status: 204 });
    await expect(service.revokeSession('acme', ADA_SESSION)).resolves.toEqual({ sessionId: ADA_SESSION, memberId: ADA });
    expect(adminCalls('DELETE', new RegExp(`^/sessions/${ADA_SESSION}$`))).toHaveLength(1);
  });

  it('answers "not found" for a session that is not the organisation\'s, and ends nothing', async () => {
    await expect(service.revokeSession('acme', 'aaaabbbb-cccc-4ddd-8eee-ffff00001111')).rejects.toMatchObject({ kind: 'session' });
    expect(adminCalls('DELETE', /^\/sessions\//)).toHaveLength(0);
  });

  it("signs a member out everywhere through Keycloak's user logout", async () => {
    keycloak.on('POST /users/:id/logout', { status: 204 });
    const result = await service.signOutEverywhere('acme', ADA);
    expect(result).toMatchObject({ memberId: ADA, sessionsEnded: 1 });
    expect(Date.parse(result.notBefore)).toBeGreaterThan(Date.now() - 60_000);
    expect(adminCalls('POST', new RegExp(`^/users/${ADA}/logout$`))).toHaveLength(1);
  });
});

describe('portal roles', () => {
  it("lists who holds a role among the organisation's members only", async () => {
    keycloak.on('GET /roles/:name/users', (_, [name]) => ({
      status: 200,
      body:
        name === 'Client-Admin'
          ? [
              { id: ADA, username: 'ada' },
              { id: '7d7d7d7d-2222-4333-8444-555566667777', username: 'elsewhere' },
            ]
          : [],
    }));
    await expect(service.listRoleHolders('acme', ['Client-Admin', 'admin'])).resolves.toEqual([
      { memberId: ADA, username: 'ada', role: 'Client-Admin' },
    ]);
  });

  it("answers a member's current access with their effective roles (composites and groups), and null outside the organisation", async () => {
    // Keycloak expands composite and group roles in the composite mapping: what a token issued now carries.
    keycloak.on('GET /users/:id/role-mappings/realm/composite', (_, [id]) => ({
      status: 200,
      body:
        id === ADA ? [...(recorded('roles-ada') as object[]), { id: 'r0000000-0000-4000-8000-000000000010', name: 'offline_access' }] : [],
    }));
    await expect(service.currentAccess('acme', ADA)).resolves.toEqual({
      enabled: true,
      roles: ['user', 'Client-Admin', 'default-roles-dataworks', 'offline_access'],
    });
    await expect(service.currentAccess('acme', GRACE)).resolves.toEqual({ enabled: false, roles: [] });
    await expect(service.currentAccess('acme', '7d7d7d7d-2222-4333-8444-555566667777')).resolves.toBeNull();
    await expect(service.currentAccess('globex', ADA)).resolves.toBeNull();
  });

  it('grants a realm role by its representation', async () => {
    keycloak.on('GET /roles/:name', { status: 200, body: { id: 'r0000000-0000-4000-8000-000000000009', name: 'product' } });
    keycloak.on('POST /users/:id/role-mappings/realm', { status: 204 });
    await service.grantRole('acme', GRACE, 'product');
    expect(adminCalls('POST', new RegExp(`^/users/${GRACE}/role-mappings/realm$`))[0]?.body).toEqual([
      { id: 'r0000000-0000-4000-8000-000000000009', name: 'product' },
    ]);
  });
});

describe('sign-in policy', () => {
  it("reads the policy from the organisation's attributes, falling back to the realm's lifetimes", async () => {
    await expect(service.getSignInPolicy('acme')).resolves.toEqual({
      requireMfa: true,
      sessionIdleSeconds: 1800,
      sessionMaxSeconds: 36000,
    });
    await expect(service.getSignInPolicy('acme-labs')).resolves.toEqual({
      requireMfa: false,
      sessionIdleSeconds: 1800,
      sessionMaxSeconds: 36000,
    });
  });

  it("saves the policy into the organisation's attributes, keeping the rest of the organisation", async () => {
    keycloak.on('PUT /organizations/:org', { status: 204 });
    await service.updateSignInPolicy('acme', { requireMfa: false, sessionIdleSeconds: 900, sessionMaxSeconds: 28800 });
    const saved = adminCalls('PUT', new RegExp(`^/organizations/${ACME_ORG}$`))[0]?.body as {
      alias: string;
      domains: unknown[];
      attributes: Record<string, string[]>;
    };
    expect(saved.alias).toBe('acme');
    expect(saved.domains).toHaveLength(1);
    expect(saved.attributes).toEqual({
      [POLICY_ATTRIBUTES.requireMfa]: ['false'],
      [POLICY_ATTRIBUTES.sessionIdleSeconds]: ['900'],
      [POLICY_ATTRIBUTES.sessionMaxSeconds]: ['28800'],
    });
  });

  it('refuses an idle lifetime longer than the maximum, changing nothing', async () => {
    await expect(
      service.updateSignInPolicy('acme', { requireMfa: true, sessionIdleSeconds: 7200, sessionMaxSeconds: 3600 }),
    ).rejects.toMatchObject({ field: 'sessionIdleSeconds' });
    await expect(
      service.updateSignInPolicy('acme', { requireMfa: true, sessionIdleSeconds: 10, sessionMaxSeconds: 3600 }),
    ).rejects.toBeInstanceOf(IdentityInvalidError);
    expect(adminCalls('PUT', /^\/organizations\//)).toHaveLength(0);
  });
});

describe('sign-in events', () => {
  it("keeps the organisation's members' events, names lockouts and asks Keycloak for sign-in types only", async () => {
    const { events, hasMore } = await service.querySignInEvents('acme');
    expect(hasMore).toBe(false);
    expect(events.map((event) => [event.type, event.username, event.error])).toEqual([
      ['LOGIN', 'ada', null],
      ['LOCKOUT', 'grace', 'user_temporarily_disabled'],
      ['LOGIN_ERROR', 'grace', 'invalid_user_credentials'],
    ]);
    expect(events[0]).toMatchObject({ address: '203.0.113.7', client: 'dataworks-portal-frontend', time: '2025-11-24T10:00:00.000Z' });
    expect(adminCalls('GET', /^\/events$/)[0]?.query.getAll('type')).toEqual(['LOGIN', 'LOGIN_ERROR', 'LOGOUT']);
  });

  it('filters by type and by exact time, and pages', async () => {
    const failures = await service.querySignInEvents('acme', { types: ['LOGIN_ERROR', 'LOCKOUT'], max: 1 });
    expect(failures.events.map((event) => event.type)).toEqual(['LOCKOUT']);
    expect(failures.hasMore).toBe(true);
    const late = await service.querySignInEvents('acme', { from: '2025-11-24T09:58:10.000Z' });
    expect(late.events.map((event) => event.type)).toEqual(['LOGIN', 'LOCKOUT']);
    expect(
      adminCalls('GET', /^\/events$/)
        .at(-1)
        ?.query.get('dateFrom'),
    ).toBe('2025-11-24');
  });

  it('answers "not found" for the events of someone outside the organisation', async () => {
    await expect(service.querySignInEvents('acme', { memberId: '7d7d7d7d-2222-4333-8444-555566667777' })).rejects.toBeInstanceOf(
      IdentityNotFoundError,
    );
  });
});

describe('platform settings and the connection', () => {
  it("reads the realm's password policy and brute-force rules", async () => {
    await expect(service.getPlatformSettings()).resolves.toEqual({
      passwordPolicy: {
        minLength: 12,
        requireDigits: 1,
        requireUpperCase: 1,
        requireLowerCase: 0,
        requireSpecialChars: 0,
        notUsername: true,
        passwordHistory: 3,
        description: recorded('realm') && 'length(12) and digits(1) and upperCase(1) and notUsername(undefined) and passwordHistory(3)',
      },
      bruteForce: { enabled: true, failureFactor: 5, waitSeconds: 60, permanentLockout: false },
      provider: 'keycloak',
    });
  });

  it('signs in as the service account once for many calls, and sends the secret to the token endpoint only', async () => {
    await service.listMembers('acme');
    await service.getPlatformSettings();
    const tokenRequests = keycloak.requests.filter((request) => request.path.endsWith('/openid-connect/token'));
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.body).toMatchObject({ grant_type: 'client_credentials' });
    expect(tokenRequests[0]?.authorization).toBe(`Basic ${Buffer.from(`dataworks-portal-admin:${SECRET}`).toString('base64')}`);
    const adminRequests = keycloak.requests.filter((request) => !request.path.endsWith('/openid-connect/token'));
    expect(adminRequests.every((request) => request.authorization?.startsWith('Bearer '))).toBe(true);
    expect(JSON.stringify(adminRequests)).not.toContain(SECRET);
  });

  it('says the service account was refused, without the secret, when Keycloak refuses it', async () => {
    keycloak.on(`POST /realms/${REALM}/protocol/openid-connect/token`, {
      status: 401,
      body: { error: 'unauthorized_client', error_description: 'Invalid client or Invalid client credentials' },
    });
    const refusal = service.listMembers('acme');
    await expect(refusal).rejects.toBeInstanceOf(IdentityUnavailableError);
    await expect(refusal).rejects.toThrow(/service account/);
    await expect(refusal).rejects.not.toThrow(SECRET);
  });

  it('says Keycloak could not be reached when nothing answers', async () => {
    await keycloak.close();
    const unreachable = new KeycloakIdentityService({
      url: keycloak.url,
      realm: REALM,
      clientId: 'dataworks-portal-admin',
      clientSecret: SECRET,
      timeoutMs: 500,
    });
    await expect(unreachable.getPlatformSettings()).rejects.toThrow(/could not be reached/);
    keycloak = await startKeycloakStandIn(REALM);
  });
});
