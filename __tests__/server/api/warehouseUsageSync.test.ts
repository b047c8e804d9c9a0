// The usage copy over real HTTP: a fresh portal fills each organisation's copy on its job runner,
// the pages' figures come from it with "data as of", "sync now" is for warehouse writers, and
// one organisation's copy is never another's.
import { startPortal, type RunningPortal } from './portalServer';
import type { UsageSyncStatus } from '@common/warehouse/usageSyncContract';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(240_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal({ env: { WAREHOUSE_SAMPLE_QUERIES: '3000', USAGE_SYNC_BACKFILL_DAYS: '120' } });
  for (const username of ['admin', 'business', 'lite']) tokens[username] = await portal.token(username);
  tokens.globex = await portal.forgeToken({
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
});
afterAll(async () => {
  await portal?.stop();
});

const get = (token: string | undefined, path: string) => portal.api('GET', path, { token });

async function readyStatus(token: string | undefined): Promise<UsageSyncStatus> {
  // The figures wait for the first fill; once they answer, the copy is ready.
  expect((await get(token, '/api/warehouse/cost')).status).toBe(200);
  return (await get(token, '/api/warehouse/usage-sync')).body as UsageSyncStatus;
}

test('a fresh portal backfills the copy on its own and says how current the figures are', async () => {
  const status = await readyStatus(tokens.admin);
  expect(status.ready).toBe(true);
  expect(status.backfillDays).toBe(120);
  expect(status.intervalMs).toBe(3_600_000);
  expect(status.lastRun).toMatchObject({ kind: 'backfill', status: 'succeeded', error: null });
  expect(status.lastRun?.rowsCopied).toBeGreaterThan(3000);
  expect(Date.parse(status.dataAsOf ?? '')).toBeLessThan(Date.parse(status.syncedAt ?? ''));
  expect(status.views.map((v) => v.view)).toEqual(expect.arrayContaining(['QUERY_HISTORY', 'WAREHOUSE_METERING_HISTORY', 'USERS']));
  expect(status.cost).toMatchObject({ days: 30, runs: 1 });
});

test('sync now: writers queue one sync (a second request answers the same job), readers may only look', async () => {
  await readyStatus(tokens.admin);
  expect((await get(tokens.business, '/api/warehouse/usage-sync')).status).toBe(200);
  expect((await portal.api('POST', '/api/warehouse/usage-sync', { token: tokens.business })).status).toBe(403);
  expect((await get(tokens.lite, '/api/warehouse/usage-sync')).status).toBe(403);
  expect((await get(undefined, '/api/warehouse/usage-sync')).status).toBe(401);

  const first = await portal.api('POST', '/api/warehouse/usage-sync', { token: tokens.admin });
  const second = await portal.api('POST', '/api/warehouse/usage-sync', { token: tokens.admin });
  expect(first.status).toBe(202);
  const job = (first.body as { job: { id: string; kind: string } }).job;
  expect(job.kind).toBe('warehouse.usage-sync');
  expect((second.body as { job: { id: string } }).job.id).toBe(job.id);

  const state = await waitFor(
    'the usage sync to finish',
    async () => {
      const current = ((await get(tokens.admin, `/api/jobs/${job.id}`)).body as { job: { state: string } }).job.state;
      return ['succeeded', 'failed', 'cancelled'].includes(current) && current;
    },
    { timeoutMs: 30_000, stepMs: 250 },
  );
  expect(state).toBe('succeeded');
  const status = (await get(tokens.admin, '/api/warehouse/usage-sync')).body as UsageSyncStatus;
  expect(status.lastRun).toMatchObject({ kind: 'incremental', status: 'succeeded' });
  expect(status.recentRuns.length).toBeGreaterThanOrEqual(2);
  expect(status.job).toBeNull();
});

test('each organisation has its own copy, filled from its own account', async () => {
  const acme = await readyStatus(tokens.admin);
  const globex = await readyStatus(tokens.globex);
  expect(globex.lastRun?.id).not.toBe(acme.lastRun?.id);
  expect(globex.recentRuns.map((r) => r.id)).not.toContain(acme.lastRun?.id);
  const acmeUsers = ((await get(tokens.admin, '/api/warehouse/users-overview')).body as { users: Array<{ userName: string }> }).users.map(
    (u) => u.userName,
  );
  const globexUsers = (
    (await get(tokens.globex, '/api/warehouse/users-overview')).body as { users: Array<{ userName: string }> }
  ).users.map((u) => u.userName);
  expect(globexUsers).not.toEqual(acmeUsers);
});
