// The "last administrator" rule under concurrent requests: membership changes of one
// organisation are serialised by a lock in the portal store, so three demotions sent at once
// never leave the organisation without an enabled administrator. Runs on PGlite, and on
// PostgreSQL (a schema of its own) when STORE_TEST_DATABASE_URL is set, as CI does.
import { schemaDatabase } from '../schemaStore';
import { identityAdmin } from './identityAdmin';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

let portal: RunningPortal;
let database: Awaited<ReturnType<typeof schemaDatabase>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await schemaDatabase('security_race');
  portal = await startPortal({ env: database ? { DATABASE_URL: database.url } : {} });
  const admin = await portal.token('admin');
  const answer = await portal.api('GET', '/api/security/members', { token: admin });
  for (const member of (answer.body as { members: { id: string; username: string }[] }).members) ids[member.username] = member.id;
});
afterAll(async () => {
  await portal?.stop();
  await database?.drop();
});

const ADMIN_ROLES = ['admin', 'Client-Admin'];

/** A new sign-in after a role change (which ended the member's sessions) is good at once. */
const tokenAfterSignOut = (username: string) => portal.token(username);

async function enabledAdministrators(token: string): Promise<string[]> {
  const answer = await portal.api('GET', '/api/security/members?max=500', { token });
  const members = (answer.body as { members: { username: string; enabled: boolean; roles: string[] }[] }).members;
  return members
    .filter((member) => member.enabled && member.roles.some((role) => ADMIN_ROLES.includes(role)))
    .map((member) => member.username);
}

const engine = process.env.STORE_TEST_DATABASE_URL ? 'postgres' : 'pglite';

test(`concurrent demotions never leave the organisation without an administrator (store: ${engine})`, async () => {
  expect((await portal.api('GET', '/api/health')).body).toMatchObject({ store: engine });
  // Three Client-Admins only: clientadmin, docs and engineer.
  const admin = await portal.token('admin');
  for (const username of ['docs', 'engineer']) {
    expect((await portal.api('PUT', `/api/security/members/${ids[username]}/roles/Client-Admin`, { token: admin })).status).toBe(200);
  }
  expect((await portal.api('DELETE', `/api/security/members/${ids.product}/roles/admin`, { token: admin })).status).toBe(200);
  expect((await portal.api('DELETE', `/api/security/members/${ids.admin}/roles/admin`, { token: admin })).status).toBe(200);

  for (let round = 1; round <= 4; round += 1) {
    const token = await tokenAfterSignOut('clientadmin');
    expect((await enabledAdministrators(token)).sort()).toEqual(['clientadmin', 'docs', 'engineer']);
    // Round 4 mixes a disable into the race.
    const answers = await Promise.all([
      portal.api('DELETE', `/api/security/members/${ids.docs}/roles/Client-Admin`, { token }),
      round === 4
        ? portal.api('POST', `/api/security/members/${ids.engineer}/disable`, { token })
        : portal.api('DELETE', `/api/security/members/${ids.engineer}/roles/Client-Admin`, { token }),
      portal.api('DELETE', `/api/security/members/${ids.clientadmin}/roles/Client-Admin`, { token }),
    ]);
    const statuses = answers.map((answer) => answer.status);
    // Each is either done or refused in words (409 last administrator, 403 or 401 once the caller
    // demoted themselves); never a server error.
    for (const status of statuses) expect([200, 401, 403, 409]).toContain(status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(2);

    // Someone is always still an administrator.
    const survivors: string[] = [];
    for (const username of ['clientadmin', 'docs', 'engineer']) {
      // What the identity service holds, read directly.
      const check = await identityAdmin(portal, 'GET', `/organizations/acme/members/${ids[username]}`);
      const member = check.body as { enabled: boolean; roles: string[] } | null;
      if (check.status === 200 && member?.enabled && member.roles.includes('Client-Admin')) survivors.push(username);
    }
    expect(survivors.length).toBeGreaterThanOrEqual(1);

    // Back to three for the next round, granted by a survivor.
    const survivor = await tokenAfterSignOut(survivors[0] as string);
    if (round === 4) await portal.api('POST', `/api/security/members/${ids.engineer}/enable`, { token: survivor });
    for (const username of ['clientadmin', 'docs', 'engineer']) {
      if (!survivors.includes(username))
        expect((await portal.api('PUT', `/api/security/members/${ids[username]}/roles/Client-Admin`, { token: survivor })).status).toBe(
          200,
        );
    }
  }
});
