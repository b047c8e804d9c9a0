// Alerts over real HTTP with real tokens: rules and who may manage them, refusals that name the
// field and write nothing, webhook addresses checked against the catalog settings, deliveries to
// a local Slack-compatible receiver with retries and a time-out that never holds up the request
// that caused them, a test alert, the in-app inbox, and the signals of a real dbt upload.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { realPath } from '../features/dbt/fixtures';
import { startPortal, type RunningPortal } from './portalServer';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
let globexAdmin: string;

interface Received {
  path: string;
  body: {
    text: string;
    blocks: { type: string }[];
    dataworks: { kind: string; title: string; assetId: string | null; facts: Record<string, unknown> };
  };
}
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** How the receiver answers the next requests: a status, or 'hang' (never answers). */
let answers: (number | 'hang')[] = [];
/** Hanging requests the portal gave up on (it closed the connection at its time-out). */
let hangsGivenUp = 0;

/** Polls until the probe answers; a miss names what was awaited and shows the end of the portal log. */
const waitFor = waitWith({ timeoutMs: 60_000, stepMs: 300, details: () => portal.logs().slice(-3000) });

interface Delivery {
  id: string;
  ruleId: string | null;
  ruleName: string;
  signalKind: string;
  title: string;
  destinationKind: string;
  target: string;
  isTest: boolean;
  status: string;
  attempts: number;
  lastError: string | null;
  responseStatus: number | null;
}

const api = (method: string, path: string, username: string, body?: unknown) => portal.api(method, path, { token: tokens[username], body });
const deliveries = async (query = '') =>
  ((await api('GET', `/api/catalog/alerts/deliveries${query}`, 'docs')).body as { deliveries: Delivery[] }).deliveries;

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: 'Incidents to the data channel',
  trigger: 'incident_state_change',
  destinations: [{ kind: 'webhook', url: `${receiverUrl}/hooks/T000/B000/secret-part` }],
  ...overrides,
});

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = answers.shift() ?? 200;
      received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Received['body'] });
      if (answer === 'hang') {
        response.on('close', () => (hangsGivenUp += 1));
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  portal = await startPortal({
    env: { DBT_FRESHNESS_CHECK_MINUTES: '0', ALERT_RETRY_BASE_SECONDS: '1', ALERT_WEBHOOK_TIMEOUT_SECONDS: '2' },
  });
  for (const username of ['admin', 'docs', 'business', 'lite', 'engineer']) tokens[username] = await portal.token(username);
  globexAdmin = await portal.forgeToken({
    sub: 'globex-admin',
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
  await waitFor(
    'the sample of acme',
    async () =>
      ((await api('GET', '/api/dbt/ingestions', 'admin')).body as { current: { origin: string } | null }).current?.origin === 'sample',
    { timeoutMs: 180_000 },
  );
});
afterAll(async () => {
  await portal?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('rules', () => {
  test('a webhook to a private address is refused until the settings list its host', async () => {
    const refused = await api('POST', '/api/catalog/alerts/rules', 'docs', rule());
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'destinations.0.url',
      message: expect.stringContaining('127.0.0.1 is not a public address'),
    });
    expect(((await api('GET', '/api/catalog/alerts/rules', 'docs')).body as { rules: unknown[] }).rules).toHaveLength(0);

    // Only catalog admins (admin, Client-Dataworks-docs) change the settings.
    expect((await api('PUT', '/api/catalog/settings/webhooks', 'engineer', { allowedHosts: ['127.0.0.1'] })).status).toBe(403);
    const badHost = await api('PUT', '/api/catalog/settings/webhooks', 'docs', { allowedHosts: ['http://127.0.0.1/x'] });
    expect(badHost.status).toBe(400);
    expect(badHost.body).toMatchObject({ field: 'allowedHosts.0' });
    const saved = await api('PUT', '/api/catalog/settings/webhooks', 'docs', { allowedHosts: ['127.0.0.1', '*.example.com'] });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ settings: { allowedHosts: ['127.0.0.1', '*.example.com'] }, updatedBy: 'docs' });

    // Now a host not on the list is the one refused.
    const elsewhere = await api(
      'POST',
      '/api/catalog/alerts/rules',
      'docs',
      rule({ destinations: [{ kind: 'webhook', url: 'https://hooks.slack.com/services/x' }] }),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({
      field: 'destinations.0.url',
      message: expect.stringContaining('hooks.slack.com is not one of them'),
    });
  });

  test('bad input names the field; viewers, the lite edition and other organisations are kept out', async () => {
    const cases: [unknown, string][] = [
      [rule({ destinations: [{ kind: 'webhook', url: 'ftp://files.example.com/hook' }] }), 'destinations.0.url'],
      [rule({ destinations: [{ kind: 'webhook', url: 'javascript:alert(1)' }] }), 'destinations.0.url'],
      [rule({ trigger: 'everything' }), 'trigger'],
      [rule({ name: '  ' }), 'name'],
      [rule({ destinations: [] }), 'destinations'],
      [rule({ filters: { maxSeverity: 9 } }), 'filters.maxSeverity'],
      [rule({ destinations: [{ kind: 'sms', to: '+1' }] }), 'destinations.0'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', '/api/catalog/alerts/rules', 'docs', body);
      expect([answer.status, (answer.body as { field?: string }).field]).toEqual([400, expect.stringContaining(field)]);
    }
    // E-mail needs an SMTP server, which this portal has none of.
    const email = await api(
      'POST',
      '/api/catalog/alerts/rules',
      'docs',
      rule({ destinations: [{ kind: 'email', addresses: ['data@example.com'] }] }),
    );
    expect(email.status).toBe(400);
    expect(email.body).toMatchObject({ field: 'destinations.0.kind', message: expect.stringContaining('SMTP') });
    expect(((await api('GET', '/api/catalog/alerts/rules', 'docs')).body as { rules: unknown[] }).rules).toHaveLength(0);

    expect((await api('POST', '/api/catalog/alerts/rules', 'business', rule())).status).toBe(403);
    expect((await api('GET', '/api/catalog/alerts/rules', 'business')).status).toBe(200);
    expect((await api('GET', '/api/catalog/alerts/rules', 'lite')).status).toBe(403);

    const created = await api('POST', '/api/catalog/alerts/rules', 'docs', rule({ name: 'Globex cannot see this' }));
    expect(created.status).toBe(201);
    const id = (created.body as { rule: { id: string } }).rule.id;
    expect((await api('POST', '/api/catalog/alerts/rules', 'docs', rule({ name: 'globex CANNOT see this' }))).status).toBe(409);
    for (const [method, path] of [
      ['PUT', `/api/catalog/alerts/rules/${id}`],
      ['DELETE', `/api/catalog/alerts/rules/${id}`],
      ['POST', `/api/catalog/alerts/rules/${id}/test`],
    ] as const) {
      expect((await portal.api(method, path, { token: globexAdmin, body: method === 'PUT' ? rule() : undefined })).status).toBe(404);
    }
    expect(
      ((await portal.api('GET', '/api/catalog/alerts/rules', { token: globexAdmin })).body as { rules: unknown[] }).rules,
    ).toHaveLength(0);
    expect((await api('DELETE', `/api/catalog/alerts/rules/${id}`, 'docs')).status).toBe(204);
    expect((await api('DELETE', `/api/catalog/alerts/rules/${id}`, 'docs')).status).toBe(404);
  });
});

describe('deliveries', () => {
  let incidentId: string;

  beforeAll(async () => {
    const incidents = (await api('GET', '/api/catalog/incidents', 'docs')).body as { incidents: { id: string; name: string }[] };
    incidentId = incidents.incidents[0]?.id ?? '';
    expect(incidentId).not.toBe('');
    // The inbox reaches the users the portal has seen.
    expect((await api('GET', '/api/notifications', 'admin')).status).toBe(200);
  });

  test('an incident move reaches the webhook in a Slack-compatible body and the inbox, filtered by the asset', async () => {
    // A filter the incident's asset does not pass: nothing is sent for this rule.
    const other = await api('POST', '/api/catalog/alerts/rules', 'docs', rule({ name: 'Only finance', filters: { domains: ['finance'] } }));
    expect(other.status).toBe(201);
    const created = await api(
      'POST',
      '/api/catalog/alerts/rules',
      'docs',
      rule({
        destinations: [
          { kind: 'webhook', url: `${receiverUrl}/hooks/T000/B000/secret-part` },
          { kind: 'in_app', roles: ['admin'] },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const ruleId = (created.body as { rule: { id: string } }).rule.id;

    const moved = await api('POST', `/api/catalog/incidents/${incidentId}/transitions`, 'docs', { to: 'acknowledged' });
    expect(moved.status).toBe(200);
    const sent = await waitFor('both deliveries sent', async () => {
      const log = await deliveries(`?ruleId=${ruleId}`);
      return log.length === 2 && log.every((delivery) => delivery.status === 'sent') && log;
    });
    expect(sent.map((delivery) => delivery.destinationKind).sort()).toEqual(['in_app', 'webhook']);
    // The log shows where a webhook went without its secret path.
    expect(sent.find((delivery) => delivery.destinationKind === 'webhook')).toMatchObject({
      target: expect.not.stringContaining('secret-part'),
      responseStatus: 200,
      attempts: 1,
    });
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/hooks/T000/B000/secret-part');
    expect(received[0]?.body.text).toContain('acknowledged');
    expect(received[0]?.body.blocks[0]?.type).toBe('header');
    expect(received[0]?.body.dataworks).toMatchObject({ kind: 'incident_state_change', facts: { state: 'acknowledged', by: 'docs' } });
    expect(await deliveries(`?ruleId=${(other.body as { rule: { id: string } }).rule.id}`)).toHaveLength(0);

    const inbox = (await api('GET', '/api/notifications?type=alert', 'admin')).body as { notifications: { title: string; type: string }[] };
    expect(inbox.notifications.some((notice) => notice.type === 'alert' && notice.title.includes('acknowledged'))).toBe(true);
  });

  test('an in-app alert that reaches nobody fails in the log and says why', async () => {
    const created = await api(
      'POST',
      '/api/catalog/alerts/rules',
      'docs',
      rule({ name: 'Nobody holds this role', destinations: [{ kind: 'in_app', roles: ['role-nobody-has'] }] }),
    );
    expect(created.status).toBe(201);
    const ruleId = (created.body as { rule: { id: string } }).rule.id;
    expect((await api('POST', `/api/catalog/alerts/rules/${ruleId}/test`, 'docs')).status).toBe(202);
    const [failed] = await waitFor('the delivery finished', async () => {
      const log = await deliveries(`?ruleId=${ruleId}`);
      return log.length === 1 && log[0]?.status !== 'pending' && log;
    });
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError:
        'Nobody received it: no members with the role role-nobody-has have signed in to the portal yet, or all of them turned alert notifications off.',
    });
    expect((await api('DELETE', `/api/catalog/alerts/rules/${ruleId}`, 'docs')).status).toBe(204);
  });

  test('a failing receiver is retried with back-off; a hanging one times out without holding up the move', async () => {
    const { rules } = (await api('GET', '/api/catalog/alerts/rules', 'docs')).body as { rules: { id: string; name: string }[] };
    const ruleId = rules.find((entry) => entry.name === 'Incidents to the data channel')?.id ?? '';
    received.length = 0;
    answers = ['hang', 500, 200];
    expect((await api('PATCH', `/api/catalog/incidents/${incidentId}`, 'docs', { severity: 2 })).status).toBe(200);
    const { members } = (await api('GET', '/api/catalog/incidents/members', 'docs')).body as { members: { subject: string }[] };
    const givenUpBefore = hangsGivenUp;
    const assigned = await api('POST', `/api/catalog/incidents/${incidentId}/transitions`, 'docs', {
      to: 'assigned',
      assignee: members[0]?.subject,
    });
    expect(assigned.status).toBe(200);
    // The answer came back before the portal gave up on the hanging receiver (its time-out is
    // 2 s): the move did not wait for the delivery. Told by the order of events, not by a clock.
    expect(hangsGivenUp).toBe(givenUpBefore);
    const delivered = await waitFor('the retried delivery', async () =>
      (await deliveries(`?ruleId=${ruleId}`)).find(
        (delivery) => delivery.destinationKind === 'webhook' && delivery.title.includes('assigned') && delivery.status === 'sent',
      ),
    );
    expect(delivered).toMatchObject({ attempts: 3, responseStatus: 200, lastError: null });
    // …and the portal did give up on the hanging one, at its time-out.
    expect(hangsGivenUp).toBe(givenUpBefore + 1);
    expect(received.at(-1)?.body.dataworks).toMatchObject({ severity: 2 });
    expect(received.filter((entry) => entry.body.text.includes('assigned'))).toHaveLength(3);
  });

  test('"send test alert" delivers a marked test to every destination', async () => {
    const { rules } = (await api('GET', '/api/catalog/alerts/rules', 'docs')).body as { rules: { id: string; name: string }[] };
    const ruleId = rules.find((entry) => entry.name === 'Only finance')?.id ?? '';
    received.length = 0;
    expect((await api('POST', `/api/catalog/alerts/rules/${ruleId}/test`, 'business')).status).toBe(403);
    const test = await api('POST', `/api/catalog/alerts/rules/${ruleId}/test`, 'docs');
    expect(test.status).toBe(202);
    expect((test.body as { deliveries: Delivery[] }).deliveries).toEqual([
      expect.objectContaining({ isTest: true, status: 'pending', ruleName: 'Only finance' }),
    ]);
    await waitFor('the test alert', async () => received.length === 1);
    expect(received[0]?.body.text).toMatch(/^\[Test\] Test alert from the rule "Only finance"/);
  });

  test('a dbt upload with failing tests raises test failures that a test-failure rule sends on', async () => {
    const created = await api('POST', '/api/catalog/alerts/rules', 'docs', {
      name: 'Failing tests',
      trigger: 'test_failure',
      destinations: [{ kind: 'webhook', url: `${receiverUrl}/hooks/tests` }],
    });
    expect(created.status).toBe(201);
    received.length = 0;
    const form = new FormData();
    for (const part of ['manifest', 'run_results']) {
      form.append(
        part,
        new Blob([await fs.readFile(realPath('peekknuf__ELT_ECOM', `${part}.json`))], { type: 'application/json' }),
        `${part}.json`,
      );
    }
    const upload = await fetch(`${portal.baseUrl}/api/dbt/artifacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.admin}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    await waitFor('the failing test alert', async () => received.some((entry) => entry.path === '/hooks/tests'));
    const alert = received.find((entry) => entry.path === '/hooks/tests');
    expect(alert?.body.dataworks).toMatchObject({
      kind: 'test_failure',
      assetId: expect.stringMatching(/^model\./),
      facts: { status: 'fail' },
    });
    expect(alert?.body.text).toMatch(/^Test .* failed/);
  });
});

describe('catalog settings', () => {
  test('each section answers the portal default until saved; bad values name the field and change nothing', async () => {
    const freshness = await api('GET', '/api/catalog/settings/freshness', 'docs');
    // The suite starts the portal with DBT_FRESHNESS_CHECK_MINUTES=0.
    expect(freshness.body).toEqual({ settings: { checkMinutes: 0 }, portalDefault: { checkMinutes: 0 }, updatedBy: null, updatedAt: null });
    for (const [path, body, field] of [
      ['freshness', { checkMinutes: -5 }, 'checkMinutes'],
      ['freshness', { checkMinutes: 1.5 }, 'checkMinutes'],
      ['freshness', { checkMinutes: 60, extra: true }, ''],
      ['profiler', { sampleRows: 10 }, 'sampleRows'],
      ['external-catalog', { url: 'javascript:alert(1)' }, 'url'],
      ['external-catalog', { url: 'ftp://catalog.example.com' }, 'url'],
      ['webhooks', { allowedHosts: ['a b'] }, 'allowedHosts.0'],
    ] as const) {
      const answer = await api('PUT', `/api/catalog/settings/${path}`, 'docs', body);
      expect([path, answer.status]).toEqual([path, 400]);
      if (field) expect((answer.body as { field?: string }).field).toBe(field);
    }
    expect(((await api('GET', '/api/catalog/settings/profiler', 'docs')).body as { updatedBy: string | null }).updatedBy).toBeNull();
    expect((await api('GET', '/api/catalog/settings/freshness', 'engineer')).status).toBe(403);
    expect((await api('PUT', '/api/catalog/settings/profiler', 'business', { sampleRows: 5000 })).status).toBe(403);
    expect((await api('GET', '/api/catalog/settings/artifact-sources', 'lite')).status).toBe(403);
  });

  test('a freshness schedule applies to the organisation at once, and only to it', async () => {
    const saved = await api('PUT', '/api/catalog/settings/freshness', 'admin', { checkMinutes: 30 });
    expect(saved.body).toMatchObject({ settings: { checkMinutes: 30 }, portalDefault: { checkMinutes: 0 }, updatedBy: 'admin' });
    expect(((await api('GET', '/api/freshness', 'admin')).body as { scheduleMinutes: number | null }).scheduleMinutes).toBe(30);
    expect(
      ((await portal.api('GET', '/api/freshness', { token: globexAdmin })).body as { scheduleMinutes: number | null }).scheduleMinutes,
    ).toBeNull();
    await api('PUT', '/api/catalog/settings/freshness', 'admin', { checkMinutes: 0 });
    expect(((await api('GET', '/api/freshness', 'admin')).body as { scheduleMinutes: number | null }).scheduleMinutes).toBeNull();
  });

  test("the external catalog link is the organisation's own, read by everyone who may follow it", async () => {
    expect((await api('GET', '/api/catalog/external-link', 'business')).body).toEqual({ url: null });
    expect((await api('PUT', '/api/catalog/settings/external-catalog', 'docs', { url: 'https://catalog.acme.example/om' })).status).toBe(
      200,
    );
    expect((await api('GET', '/api/catalog/external-link', 'business')).body).toEqual({ url: 'https://catalog.acme.example/om' });
    expect((await portal.api('GET', '/api/catalog/external-link', { token: globexAdmin })).body).toEqual({ url: null });
    expect((await api('PUT', '/api/catalog/settings/external-catalog', 'docs', { url: null })).status).toBe(200);
    expect((await api('GET', '/api/catalog/external-link', 'business')).body).toEqual({ url: null });
  });

  test('the artifact sources list the latest ingestions and where uploads go', async () => {
    const sources = (await api('GET', '/api/catalog/settings/artifact-sources', 'docs')).body as {
      uploadPath: string;
      watchedFolder: string | null;
      uploaderRole: string;
      recent: { origin: string }[];
    };
    expect(sources).toMatchObject({ uploadPath: '/api/dbt/artifacts', watchedFolder: null, uploaderRole: 'dbt-uploader' });
    expect(sources.recent.map((ingestion) => ingestion.origin)).toContain('sample');
  });
});
