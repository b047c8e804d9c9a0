// Data Quality and the Incident Manager over real HTTP with real tokens: the sample project's
// failing test as an open incident on first start, server-side paging and filtering, another
// organisation's incident and tables, the moves and who may make them, and a profile job.
import { startPortal, type RunningPortal } from './portalServer';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
let globexAdmin: string;

/** Polls until the probe answers; a miss names what was awaited and shows the end of the portal log. */
const waitFor = waitWith({ timeoutMs: 180_000, stepMs: 500, details: () => portal.logs().slice(-3000) });

interface Incident {
  id: string;
  name: string;
  state: string;
  assignee: { subject: string; username: string } | null;
  failureCount: number;
}

const get = (path: string, username = 'docs') => portal.api('GET', path, { token: tokens[username] });
const incidentsOf = async (username = 'docs', query = '') =>
  (await get(`/api/catalog/incidents${query}`, username)).body as { total: number; incidents: Incident[] };

beforeAll(async () => {
  portal = await startPortal({ env: { DBT_FRESHNESS_CHECK_MINUTES: '0' } });
  for (const username of ['admin', 'docs', 'business', 'lite', 'clientadmin', 'engineer']) tokens[username] = await portal.token(username);
  globexAdmin = await portal.forgeToken({
    sub: 'globex-admin',
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
  await waitFor(
    'the sample of acme',
    async () => ((await get('/api/dbt/ingestions', 'admin')).body as { current: { origin: string } | null }).current?.origin === 'sample',
  );
  await waitFor(
    'the sample of globex',
    async () =>
      ((await portal.api('GET', '/api/dbt/ingestions', { token: globexAdmin })).body as { current: { origin: string } | null }).current
        ?.origin === 'sample',
  );
});
afterAll(async () => {
  await portal?.stop();
});

describe('Data Quality', () => {
  test('lists the sample project tests, failing first, paged and filtered on the server', async () => {
    const all = await get('/api/catalog/quality/tests?pageSize=5');
    expect(all.status).toBe(200);
    const body = all.body as {
      total: number;
      tests: { uniqueId: string; status: string; failures: number; type: string; assetName: string }[];
    };
    expect(body.tests).toHaveLength(5);
    expect(body.tests[0]).toMatchObject({
      uniqueId: expect.stringMatching(/^test\.dataworks_demo\.not_null_fct_orders_customer_id\./),
      status: 'fail',
      type: 'generic',
      assetName: 'fct_orders',
    });
    expect(body.tests[0]?.failures).toBeGreaterThan(0);
    const page2 = (await get('/api/catalog/quality/tests?pageSize=5&page=2')).body as { total: number; tests: { uniqueId: string }[] };
    expect(page2.total).toBe(body.total);
    expect(page2.tests.map((test) => test.uniqueId)).not.toContain(body.tests[0]?.uniqueId);
    const failing = (await get('/api/catalog/quality/tests?status=fail&status=error')).body as { total: number };
    expect(failing.total).toBe(1);
    const summary = (await get('/api/catalog/quality/summary?by=domain')).body as {
      totals: { tests: number; failing: number; warning: number };
    };
    expect(summary.totals).toMatchObject({ tests: body.total, failing: 1, warning: 1 });
    const history = (await get(`/api/catalog/quality/tests/${encodeURIComponent(body.tests[0]?.uniqueId ?? '')}/history`)).body as {
      runs: { status: string }[];
    };
    expect(history.runs[0]?.status).toBe('fail');
  });

  test('refuses bad filters naming the field, and answers 404 for a test of no organisation of the caller', async () => {
    const bad = await get('/api/catalog/quality/tests?status=broken');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: expect.stringContaining('status') });
    expect((await get('/api/catalog/quality/summary?by=colour')).status).toBe(400);
    expect((await get('/api/catalog/quality/tests/test.nowhere.x/history')).status).toBe(404);
    expect((await get('/api/catalog/quality/tests', 'lite')).status).toBe(403);
  });

  test('profiles an asset of the caller on the warehouse as a job; unknown, foreign and tableless assets are refused before any job', async () => {
    const started = await portal.api('POST', '/api/catalog/quality/profiles', {
      token: tokens.docs,
      body: { assetId: 'model.dataworks_demo.fct_orders' },
    });
    expect(started.status).toBe(202);
    const jobId = (started.body as { jobId: string }).jobId;
    const job = await waitFor('the profile job', async () => {
      const answer = (await get(`/api/jobs/${jobId}`)).body as { job: { state: string; error: string | null } };
      return ['succeeded', 'failed', 'cancelled'].includes(answer.job.state) ? answer.job : null;
    });
    expect(job).toMatchObject({ state: 'succeeded' });
    const profiles = (await get('/api/catalog/quality/profiles?assetId=model.dataworks_demo.fct_orders')).body as {
      latest: { rowCount: number; columns: { name: string; nullCount: number }[] };
    };
    expect(profiles.latest.rowCount).toBeGreaterThan(0);
    expect(profiles.latest.columns.find((column) => column.name.toLowerCase() === 'customer_id')?.nullCount).toBeGreaterThan(0);

    const unknown = await portal.api('POST', '/api/catalog/quality/profiles', {
      token: tokens.docs,
      body: { assetId: 'model.dataworks_demo.nope' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'No asset with that id in your organisation.' });
    const exposure = await portal.api('POST', '/api/catalog/quality/profiles', {
      token: tokens.docs,
      body: { assetId: 'exposure.dataworks_demo.warehouse_credits_dashboard' },
    });
    expect(exposure.status).toBe(422);
    expect(exposure.body).toMatchObject({
      message: expect.stringContaining('The exposure warehouse_credits_dashboard has no table to profile'),
    });
    const globexFact = await portal.api('GET', '/api/catalog/quality/profiles?assetId=model.dataworks_demo.fct_orders', {
      token: globexAdmin,
    });
    expect((globexFact.body as { latest: unknown }).latest).toBeNull();
    expect((await portal.api('POST', '/api/catalog/quality/profiles', { token: tokens.docs, body: { assetId: '' } })).status).toBe(400);
    // Lite has the asset page but not Data Quality, whose profiles these are.
    expect(
      (
        await portal.api('POST', '/api/catalog/quality/profiles', {
          token: tokens.lite,
          body: { assetId: 'model.dataworks_demo.fct_orders' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('Incident Manager', () => {
  test("the sample's failing test is an open incident; docs acknowledges, assigns and resolves it", async () => {
    const list = await incidentsOf();
    const incident = list.incidents.find((one) => one.name === 'not_null_fct_orders_customer_id');
    expect(incident).toMatchObject({ state: 'new', failureCount: 1 });
    const id = incident?.id as string;
    const move = (body: unknown, username = 'docs') =>
      portal.api('POST', `/api/catalog/incidents/${id}/transitions`, { token: tokens[username], body });

    expect((await move({ to: 'acknowledged' }, 'business')).status).toBe(403);
    expect((await move({ to: 'acknowledged' })).body).toMatchObject({ incident: { state: 'acknowledged' } });
    const repeat = await move({ to: 'acknowledged' });
    expect(repeat.status).toBe(409);
    expect(repeat.body).toMatchObject({ message: 'An incident that is acknowledged cannot be moved to acknowledged.' });

    // Assignees come from the identity service: members who never opened the portal are offered
    // too, those who may not change incidents (business) are not.
    const members = (await get('/api/catalog/incidents/members')).body as { members: { subject: string; username: string }[] };
    expect(members.members.map((member) => member.username)).toEqual(expect.arrayContaining(['admin', 'clientadmin', 'docs', 'engineer']));
    expect(members.members.map((member) => member.username)).not.toContain('business');
    const engineer = members.members.find((member) => member.username === 'engineer');
    const adminMember = members.members.find((member) => member.username === 'admin');
    expect(adminMember).toBeDefined();
    const stranger = await move({ to: 'assigned', assignee: 'not-a-member' });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ field: 'assignee' });
    expect((await move({ to: 'assigned', assignee: engineer?.subject })).body).toMatchObject({
      incident: { state: 'assigned', assignee: { username: 'engineer' } },
    });
    expect((await move({ to: 'assigned', assignee: adminMember?.subject })).body).toMatchObject({
      incident: { state: 'assigned', assignee: { username: 'admin' } },
    });
    const inbox = (await get('/api/notifications', 'admin')).body as { notifications: { type: string; title: string }[] };
    // Opened at the first start, before anyone was known to notify; the assignment reaches admin.
    expect(inbox.notifications.map((notice) => notice.type)).toContain('incident_assigned');

    // A resolution names its reason (none is chosen for the person) and says why in a comment.
    const noReason = await move({ to: 'resolved', comment: 'Looked at it.' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ field: 'reason', message: 'reason: Choose why the incident is resolved.' });
    expect((await move({ to: 'resolved', reason: 'banana', comment: 'x' })).status).toBe(400);
    for (const comment of [undefined, '   ']) {
      const noComment = await move({ to: 'resolved', reason: 'fixed', ...(comment === undefined ? {} : { comment }) });
      expect(noComment.status).toBe(400);
      expect(noComment.body).toMatchObject({ field: 'comment', message: expect.stringMatching(/^comment: Write a comment/) });
    }
    expect(((await get(`/api/catalog/incidents/${id}`)).body as { incident: Incident }).incident.state).toBe('assigned');
    const resolved = await move({ to: 'resolved', reason: 'missing_data', comment: 'Guest checkouts have no customer.' });
    expect(resolved.body).toMatchObject({
      incident: {
        state: 'resolved',
        resolutionReason: 'missing_data',
        resolutionComment: 'Guest checkouts have no customer.',
        assetId: 'model.dataworks_demo.fct_orders',
        assetName: 'fct_orders',
      },
    });
    expect((await move({ to: 'assigned', assignee: adminMember?.subject })).status).toBe(409);

    // Reopening: for those who may change incidents, only when resolved; back to its assignee.
    const reopen = (username: string, body: unknown = {}) =>
      portal.api('POST', `/api/catalog/incidents/${id}/reopen`, { token: tokens[username], body });
    expect((await reopen('business')).status).toBe(403);
    const reopened = await reopen('engineer', { comment: 'Still failing for guest orders.' });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      incident: { state: 'assigned', assignee: { username: 'admin' }, resolutionReason: null, resolutionComment: null, resolvedAt: null },
    });
    const again = await reopen('docs');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'An incident that is assigned is open already; only a resolved one is reopened.' });
    expect((await reopen('docs', { comment: 'x'.repeat(2001) })).status).toBe(400);
    const reopenedTimeline = (await get(`/api/catalog/incidents/${id}`)).body as {
      timeline: { type: string; actor: string | null; at: string; details: Record<string, unknown> }[];
    };
    expect(reopenedTimeline.timeline[0]).toMatchObject({
      type: 'reopened',
      actor: 'engineer',
      details: { from: 'resolved', to: 'assigned', comment: 'Still failing for guest orders.' },
    });
    expect(Date.parse(reopenedTimeline.timeline[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect((await move({ to: 'resolved', reason: 'fixed', comment: 'Guest orders now get a customer.' })).status).toBe(200);

    const detail = (await get(`/api/catalog/incidents/${id}`)).body as { timeline: { type: string }[] };
    expect(detail.timeline.map((event) => event.type)).toEqual([
      'resolved',
      'reopened',
      'resolved',
      'assigned',
      'assigned',
      'acknowledged',
      'opened',
    ]);
    expect((await incidentsOf('docs', '?state=resolved')).total).toBeGreaterThanOrEqual(1);
    const metrics = (await get('/api/catalog/incidents/metrics')).body as { domains: { medianResolveSeconds: number | null }[] };
    expect(metrics.domains.some((domain) => domain.medianResolveSeconds !== null)).toBe(true);
  });

  test("another organisation's incident is a 404, to read and to change", async () => {
    const globex = (await portal.api('GET', '/api/catalog/incidents', { token: globexAdmin })).body as { incidents: Incident[] };
    const theirs = globex.incidents[0];
    expect(theirs).toBeDefined();
    expect((await get(`/api/catalog/incidents/${theirs?.id}`)).status).toBe(404);
    const moved = await portal.api('POST', `/api/catalog/incidents/${theirs?.id}/transitions`, {
      token: tokens.docs,
      body: { to: 'acknowledged' },
    });
    expect(moved.status).toBe(404);
    expect((await portal.api('POST', `/api/catalog/incidents/${theirs?.id}/reopen`, { token: tokens.docs, body: {} })).status).toBe(404);
    expect((await portal.api('PATCH', `/api/catalog/incidents/${theirs?.id}`, { token: tokens.docs, body: { severity: 1 } })).status).toBe(
      404,
    );
    expect(
      ((await portal.api('GET', `/api/catalog/incidents/${theirs?.id}`, { token: globexAdmin })).body as { incident: Incident }).incident
        .state,
    ).toBe('new');
    expect((await portal.api('PATCH', `/api/catalog/incidents/${theirs?.id}`, { token: globexAdmin, body: { severity: 9 } })).status).toBe(
      400,
    );
  });
});
