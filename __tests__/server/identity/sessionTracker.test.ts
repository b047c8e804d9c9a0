// The identity server's session bookkeeping, on its own stores in a temporary directory: the
// organisation's idle and maximum lifetimes end sessions (with their grants and tokens), a
// revocation is scoped to the organisation, and "sign out everywhere" ends every session.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountStore } from '../../../server/identity/accounts';
import { DEMO_ACCOUNTS } from '../../../server/identity/demoAccounts';
import { ModelStore } from '../../../server/identity/fileStore';
import { OrganisationStore } from '../../../server/identity/organisations';
import { createSessionTracker } from '../../../server/identity/sessionTracker';
import { SignInEventLog } from '../../../server/identity/signInEvents';

jest.setTimeout(60_000);

let dir: string;
let store: ModelStore;
let accounts: AccountStore;
let organisations: OrganisationStore;
let events: SignInEventLog;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-sessions-'));
  store = await ModelStore.open(path.join(dir, 'oidc.json'));
  accounts = await AccountStore.open(path.join(dir, 'accounts.json'), { failures: 5, seconds: 60 });
  await accounts.seedDemo(DEMO_ACCOUNTS.filter((demo) => ['engineer', 'lite'].includes(demo.username)));
  organisations = await OrganisationStore.open(path.join(dir, 'organisations.json'), {
    requireMfa: false,
    sessionIdleSeconds: 1800,
    sessionMaxSeconds: 36000,
  });
  events = await SignInEventLog.open(path.join(dir, 'events.jsonl'));
});
afterAll(async () => {
  await Promise.all([store.flush(), accounts.flush(), organisations.flush(), events.flush()]);
  await fs.rm(dir, { recursive: true, force: true });
});

const idOf = (username: string) => accounts.findByUsername(username)?.id ?? '';

async function openSession(jti: string, username: string, loginTs: number): Promise<void> {
  const grantId = `grant-${jti}`;
  await store.set('Session', jti, {
    uid: `uid-${jti}`,
    accountId: idOf(username),
    loginTs,
    authorizations: { 'dataworks-portal-frontend': { sid: `sid-${jti}`, grantId } },
  });
  await store.set('Grant', grantId, { accountId: idOf(username) });
  await store.set('RefreshToken', `rt-${jti}`, { grantId });
}

test('idle and maximum lifetimes of the organisation end sessions with their grants and tokens', async () => {
  const tracker = createSessionTracker({ store, accounts, organisations, events, sessionTtl: 36000 });
  const start = Math.floor(Date.now() / 1000);
  await openSession('a', 'engineer', start);
  await tracker.touch('uid-a', idOf('engineer'), 'Firefox', '10.0.0.1', start);
  expect(tracker.list('acme')).toEqual([expect.objectContaining({ id: 'sid-a', device: 'Firefox', address: '10.0.0.1' })]);

  expect(await tracker.sweep(Date.now() + 1000)).toBe(0);
  await organisations.setPolicy('acme', { requireMfa: false, sessionIdleSeconds: 600, sessionMaxSeconds: 3600 });
  expect(await tracker.sweep(Date.now() + 601_000)).toBe(1);
  expect(store.get('Session', 'a')).toBeUndefined();
  expect(store.get('Grant', 'grant-a')).toBeUndefined();
  expect(store.get('RefreshToken', 'rt-a')).toBeUndefined();

  // Active all along, but past the maximum lifetime.
  await openSession('b', 'engineer', start - 4000);
  await tracker.touch('uid-b', idOf('engineer'), 'Firefox', '10.0.0.1', start - 4000);
  expect(await tracker.sweep()).toBe(1);
  const logged = events.query({ organisation: 'acme', first: 0, max: 10 }).events;
  expect(logged[0]).toEqual(expect.objectContaining({ type: 'LOGOUT', error: 'session_expired', username: 'engineer' }));
});

test('revocation is scoped to the organisation; sign out everywhere ends every session', async () => {
  const tracker = createSessionTracker({ store, accounts, organisations, events, sessionTtl: 36000 });
  const now = Math.floor(Date.now() / 1000);
  await openSession('c', 'lite', now);
  await openSession('d', 'engineer', now);
  await openSession('e', 'engineer', now);
  expect(await tracker.revoke('acme', 'sid-c')).toBeUndefined();
  expect(store.get('Session', 'c')).toBeDefined();
  expect(await tracker.revoke('globex', 'sid-c')).toEqual({ sessionId: 'sid-c', accountId: idOf('lite') });
  const engineer = accounts.findByUsername('engineer');
  if (!engineer) throw new Error('no engineer');
  expect(await tracker.endAll(engineer, 'sign_out_everywhere')).toBe(2);
  expect(tracker.list('acme')).toEqual([]);
});
