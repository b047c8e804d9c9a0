// The portal with IDENTITY_ADMIN_API=keycloak: the security area's API answered through the
// Keycloak implementation, against a local stand-in serving recorded Keycloak 26 responses
// (../features/security/keycloak/recorded). Sign-in still uses the dev identity server's tokens.
import { recorded, startKeycloakStandIn, type KeycloakStandIn } from '../features/security/keycloak/keycloakStandIn';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

const ACME_ORG = '6f0c2a8e-3f39-4b1e-9d0a-5b7d2c1e8a41';
const ADA = '2c7f4a61-6c1d-4b8e-a0f3-9e5d8b7c6a01';
let keycloak: KeycloakStandIn;
let portal: RunningPortal;

beforeAll(async () => {
  keycloak = await startKeycloakStandIn('dataworks');
  const members = recorded('acme-members') as Array<{ id: string }>;
  keycloak.on('GET /organizations', { status: 200, body: recorded('organizations') });
  keycloak.on('GET /organizations/:org/members', (_, [org]) => ({ status: 200, body: org === ACME_ORG ? members : [] }));
  keycloak.on('GET /organizations/:org/members/:member', (_, [org, member]) => {
    const found = org === ACME_ORG ? members.find((candidate) => candidate.id === member) : undefined;
    return found ? { status: 200, body: found } : { status: 404, body: { error: 'Not a member' } };
  });
  keycloak.on('GET /users/:id/credentials', { status: 200, body: recorded('credentials-ada') });
  keycloak.on('GET /users/:id/groups', { status: 200, body: recorded('groups-ada') });
  keycloak.on('GET /users/:id/role-mappings/realm', { status: 200, body: recorded('roles-ada') });
  keycloak.on('GET /users/:id/sessions', (_, [id]) => ({ status: 200, body: id === ADA ? recorded('sessions-ada') : [] }));
  keycloak.on('GET /', { status: 200, body: recorded('realm') });
  portal = await startPortal({
    env: { IDENTITY_ADMIN_API: 'keycloak', IDENTITY_ADMIN_URL: keycloak.url, IDENTITY_ADMIN_CLIENT_SECRET: 'stand-in-secret' },
  });
});

afterAll(async () => {
  await portal?.stop();
  await keycloak?.close();
});

it("answers the security area from Keycloak, as the service account, for the caller's organisation", async () => {
  const token = await portal.token('admin');
  const members = await portal.api('GET', '/api/security/members', { token });
  expect(members.status).toBe(200);
  expect((members.body as { members: Array<{ username: string }> }).members.map((member) => member.username)).toEqual(['ada', 'grace']);
  const sessions = await portal.api('GET', '/api/security/sessions', { token });
  expect(sessions.status).toBe(200);
  expect(JSON.stringify(sessions.body)).toContain('203.0.113.7');
  const settings = await portal.api('GET', '/api/security/platform-settings', { token });
  expect(settings.body).toMatchObject({ provider: 'keycloak', passwordPolicy: { minLength: 12 } });
  // The portal asked Keycloak with the service account's token, never with the user's.
  const adminCalls = keycloak.requests.filter((request) => !request.path.endsWith('/token'));
  expect(adminCalls.length).toBeGreaterThan(0);
  expect(adminCalls.every((request) => request.authorization?.startsWith('Bearer ') && !request.authorization.includes(token))).toBe(true);
  expect(portal.logs()).not.toContain('stand-in-secret');
});
