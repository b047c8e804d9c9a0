// Integrations over real HTTP with real tokens: the connector catalog and specs, sources checked
// and saved against their spec (secrets never returned), connections from discovered streams, a
// real sync on the embedded engine with its job, attempts and log, the overview, organisation
// scoping, and bad input that writes nothing.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';

jest.setTimeout(240_000);

// A custom connector program as operators would place one in the connector directory.
const ECHO_SOURCE = `#!/bin/sh
case "$1" in
  spec) echo '{"type":"SPEC","spec":{"connectionSpecification":{"type":"object","required":["greeting"],"properties":{"greeting":{"type":"string"}}}}}' ;;
  check) echo '{"type":"CONNECTION_STATUS","connectionStatus":{"status":"SUCCEEDED"}}' ;;
  discover) echo '{"type":"CATALOG","catalog":{"streams":[{"name":"greetings","json_schema":{"properties":{"text":{"type":"string"}}},"supported_sync_modes":["full_refresh"]}]}}' ;;
  read) echo '{"type":"RECORD","record":{"stream":"greetings","data":{"text":"hello"},"emitted_at":1}}' ;;
esac
`;

let portal: RunningPortal;
let programs: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  programs = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-connectors-'));
  await fs.writeFile(path.join(programs, 'echo-source'), ECHO_SOURCE, { mode: 0o755 });
  await fs.writeFile(path.join(programs, 'notes.txt'), 'not a program', { mode: 0o644 });
  portal = await startPortal({ env: { CONNECTOR_EXECUTABLES_DIR: programs } });
  for (const username of ['admin', 'engineer', 'lite', 'nobody']) tokens[username] = await portal.token(username);
});
afterAll(async () => {
  await portal?.stop();
  await fs.rm(programs, { recursive: true, force: true });
});

interface Job {
  id: string;
  status: string;
  rowsSynced: number;
  attempts: number;
  failure: string | null;
  streams?: Array<{ stream: string; rowsCommitted: number }>;
}

const api = (method: string, path: string, body?: unknown, user = 'engineer') => portal.api(method, path, { token: tokens[user], body });

async function finished(jobId: string): Promise<Job> {
  return waitFor(
    `sync job ${jobId} to finish`,
    async () => {
      const job = (await api('GET', `/api/integrations/jobs/${jobId}`)).body as Job;
      return ['succeeded', 'failed', 'cancelled'].includes(job.status) && job;
    },
    { timeoutMs: 120_000, stepMs: 500 },
  );
}

it("lists the connector catalog and reads a connector's spec by running it", async () => {
  const definitions = await api('GET', '/api/integrations/definitions');
  expect(definitions.status).toBe(200);
  expect((definitions.body as { definitions: Array<{ id: string }> }).definitions.map((definition) => definition.id)).toContain(
    'source-sample',
  );
  const spec = await api('GET', '/api/integrations/definitions/source-sample/spec');
  expect(spec.body).toMatchObject({
    definitionId: 'source-sample',
    spec: { connectionSpecification: { properties: { orders_per_hour: { type: 'integer' } } } },
  });
  expect((await api('GET', '/api/integrations/definitions/source-nothing/spec')).status).toBe(404);
});

it('checks a config, names the field at fault, and saves nothing for a bad one', async () => {
  const bad = await api('POST', '/api/integrations/sources/check', { definitionId: 'source-sample', config: { orders_per_hour: 'many' } });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ field: 'config.orders_per_hour', message: 'orders_per_hour must be integer.' });
  const good = await api('POST', '/api/integrations/sources/check', { definitionId: 'source-sample', config: { orders_per_hour: 5 } });
  expect(good.body).toMatchObject({ status: 'succeeded', message: null });
  const refused = await api('POST', '/api/integrations/sources', {
    name: 'Broken',
    definitionId: 'source-sample',
    config: { start_date: 'last tuesday' },
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ field: 'config.start_date' });
  const sources = (await api('GET', '/api/integrations/sources')).body as { sources: Array<{ name: string }> };
  expect(sources.sources.map((source) => source.name)).not.toContain('Broken');
});

it('previews the first records of a stream with a config as typed, stopping the read there', async () => {
  const preview = await api('POST', '/api/integrations/sources/preview', {
    definitionId: 'source-sample',
    config: { seed: 'preview' },
    stream: 'customers',
  });
  expect(preview.status).toBe(200);
  const body = preview.body as { records: Array<Record<string, unknown>>; fields: string[]; truncated: boolean };
  expect(body.records).toHaveLength(20);
  expect(body.truncated).toBe(true);
  expect(body.fields).toEqual(['id', 'first_name', 'last_name', 'email', 'country_code', 'created_at', '_loaded_at']);
  const unknown = await api('POST', '/api/integrations/sources/preview', { definitionId: 'source-sample', config: {}, stream: 'invoices' });
  expect(unknown).toMatchObject({ status: 400, body: { field: 'stream', message: 'The source has no stream "invoices".' } });
});

it('syncs a connection on the embedded engine, with its job, attempts, log and overview', async () => {
  const created = await api('POST', '/api/integrations/sources', {
    name: 'Demo shop',
    definitionId: 'source-sample',
    config: { seed: 'api-test', orders_per_hour: 5 },
  });
  expect(created.status).toBe(201);
  const source = created.body as { id: string; connectionCount: number };
  expect(source.connectionCount).toBe(0);
  const duplicate = await api('POST', '/api/integrations/sources', { name: 'Demo shop', definitionId: 'source-sample', config: {} });
  expect(duplicate).toMatchObject({ status: 409, body: { field: 'name' } });

  const discovered = await api('POST', `/api/integrations/sources/${source.id}/discover`);
  expect((discovered.body as { catalog: { streams: unknown[] } }).catalog.streams).toHaveLength(7);

  const streams = [
    {
      name: 'orders',
      namespace: 'raw_shop',
      selected: true,
      syncMode: 'incremental',
      destinationSyncMode: 'append_dedup',
      primaryKey: [['id']],
    },
    { name: 'web_events', namespace: 'raw_events', selected: true, syncMode: 'incremental', destinationSyncMode: 'append' },
    { name: 'customers', namespace: 'raw_shop', selected: false, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' },
  ];
  const badSchedule = await api('POST', '/api/integrations/connections', {
    name: 'Shop',
    sourceId: source.id,
    destinationSchema: 'RAW_SAMPLE',
    streams,
    schedule: { kind: 'cron', expression: '61 * * * *' },
  });
  expect(badSchedule).toMatchObject({ status: 400, body: { field: 'schedule' } });
  const badMode = await api('POST', '/api/integrations/connections', {
    name: 'Shop',
    sourceId: source.id,
    destinationSchema: 'RAW_SAMPLE',
    streams: [{ ...streams[2], selected: true, syncMode: 'incremental' }],
    schedule: { kind: 'manual' },
  });
  expect(badMode).toMatchObject({
    status: 400,
    body: { field: 'streams', message: 'Stream customers cannot be read with incremental (it supports full_refresh).' },
  });
  const badSchema = await api('POST', '/api/integrations/connections', {
    name: 'Shop',
    sourceId: source.id,
    destinationSchema: 'raw; drop',
    streams,
    schedule: { kind: 'manual' },
  });
  expect(badSchema.status).toBe(400);

  const connection = await api('POST', '/api/integrations/connections', {
    name: 'Shop',
    sourceId: source.id,
    destinationSchema: 'RAW_SAMPLE',
    streams,
    schedule: { kind: 'interval', hours: 6 },
  });
  expect(connection.status).toBe(201);
  const view = connection.body as { id: string; health: string; nextSyncAt: string | null };
  expect(view.health).toBe('pending');
  expect(Date.parse(view.nextSyncAt ?? '')).toBeGreaterThan(Date.now() + 5 * 3_600_000);

  const started = await api('POST', `/api/integrations/connections/${view.id}/sync`);
  expect(started.status).toBe(202);
  const job = await finished((started.body as Job).id);
  expect(job).toMatchObject({ status: 'succeeded', attempts: 1, failure: null });
  expect(job.rowsSynced).toBeGreaterThan(0);
  expect(job.streams?.map((stream) => stream.stream).sort()).toEqual(['raw_events.web_events', 'raw_shop.orders']);

  const jobs = (await api('GET', `/api/integrations/connections/${view.id}/jobs`)).body as { jobs: Job[] };
  expect(jobs.jobs[0]?.id).toBe(job.id);
  const log = await api('GET', `/api/integrations/jobs/${job.id}/logs`);
  expect(log.headers.get('content-disposition')).toContain('attachment');
  expect(String(log.body)).toContain('Attempt 1 succeeded');

  const after = (await api('GET', `/api/integrations/connections/${view.id}`)).body as { health: string; lastJob: { id: string } };
  expect(after).toMatchObject({ health: 'healthy', lastJob: { id: job.id } });
  const overview = (await api('GET', '/api/integrations/overview')).body as {
    counts: Record<string, number>;
    rowsPerDay: Array<{ rows: number }>;
  };
  expect(overview.counts.healthy).toBe(1);
  expect(overview.rowsPerDay).toHaveLength(30);
  expect(overview.rowsPerDay.at(-1)?.rows).toBe(job.rowsSynced);

  // Re-sync one stream: its state is forgotten, the next sync reads it again (deduplicated by id).
  expect((await api('POST', `/api/integrations/connections/${view.id}/reset`, { stream: 'raw_shop.invoices' })).body).toMatchObject({
    field: 'stream',
  });
  const reset = await api('POST', `/api/integrations/connections/${view.id}/reset`, { stream: 'raw_shop.orders' });
  expect(reset.status).toBe(202);
  expect(await finished((reset.body as Job).id)).toMatchObject({ status: 'succeeded' });
  const again = await finished(((await api('POST', `/api/integrations/connections/${view.id}/sync`)).body as Job).id);
  const orders = (rows: Job) => rows.streams?.find((stream) => stream.stream === 'raw_shop.orders')?.rowsCommitted ?? 0;
  // Or in one job: a sync that starts one stream over.
  expect((await api('POST', `/api/integrations/connections/${view.id}/sync`, { restartStream: 'raw_shop.invoices' })).body).toMatchObject({
    field: 'stream',
  });
  const restarted = await finished(
    ((await api('POST', `/api/integrations/connections/${view.id}/sync`, { restartStream: 'raw_shop.orders' })).body as Job).id,
  );
  expect(orders(restarted)).toBeGreaterThanOrEqual(orders(job));
  // All of it again (one more hour when the clock passed an hour meanwhile).
  expect(orders(again)).toBeGreaterThanOrEqual(orders(job));
  expect(orders(job)).toBeGreaterThan(0);

  // The source is in use now.
  expect((await api('DELETE', `/api/integrations/sources/${source.id}`)).status).toBe(409);

  // Another organisation sees none of it; a user without the feature may not call it.
  expect((await api('GET', `/api/integrations/connections/${view.id}`, undefined, 'lite')).status).toBe(404);
  expect((await api('POST', `/api/integrations/connections/${view.id}/sync`, undefined, 'lite')).status).toBe(404);
  expect((await api('GET', `/api/integrations/jobs/${job.id}`, undefined, 'lite')).status).toBe(404);
  expect((await api('GET', `/api/integrations/sources/${source.id}`, undefined, 'lite')).status).toBe(404);
  expect((await api('GET', '/api/integrations/connections', undefined, 'nobody')).status).toBe(403);

  // Pause, then bulk resume; delete.
  expect(((await api('PATCH', `/api/integrations/connections/${view.id}`, { status: 'paused' })).body as { health: string }).health).toBe(
    'paused',
  );
  expect(
    (await api('POST', '/api/integrations/connections/bulk', { action: 'resume', ids: [view.id, '00000000-0000-4000-8000-000000000000'] }))
      .body,
  ).toMatchObject({ done: [view.id], skipped: [{ id: '00000000-0000-4000-8000-000000000000' }] });
  expect((await api('DELETE', `/api/integrations/connections/${view.id}`)).status).toBe(204);
  expect((await api('DELETE', `/api/integrations/sources/${source.id}`)).status).toBe(204);
});

it('lets an administrator register a program from the connector directory as a custom connector, and nothing else', async () => {
  expect((await api('GET', '/api/integrations/programs')).status).toBe(403);
  expect((await api('GET', '/api/integrations/programs', undefined, 'admin')).body).toEqual({ programs: ['echo-source'] });
  expect((await api('POST', '/api/integrations/definitions', { name: 'Echo', program: 'echo-source' })).status).toBe(403);
  for (const program of ['../../../../bin/sh', 'notes.txt', 'missing']) {
    const refused = await api('POST', '/api/integrations/definitions', { name: 'Echo', program }, 'admin');
    expect(refused).toMatchObject({ status: 400, body: { field: 'program' } });
  }
  const registered = await api(
    'POST',
    '/api/integrations/definitions',
    { name: 'Echo', description: 'Says hello', program: 'echo-source' },
    'admin',
  );
  expect(registered).toMatchObject({ status: 201, body: { name: 'Echo', kind: 'executable', supportLevel: 'custom' } });
  const id = (registered.body as { id: string }).id;

  // The organisation's people can use it; another organisation does not see it.
  const definitions = (await api('GET', '/api/integrations/definitions')).body as { definitions: Array<{ id: string }> };
  expect(definitions.definitions.map((definition) => definition.id)).toContain(id);
  const theirs = (await api('GET', '/api/integrations/definitions', undefined, 'lite')).body as { definitions: Array<{ id: string }> };
  expect(theirs.definitions.map((definition) => definition.id)).not.toContain(id);
  expect((await api('GET', `/api/integrations/definitions/${id}/spec`)).body).toMatchObject({
    spec: { connectionSpecification: { required: ['greeting'] } },
  });
  expect((await api('POST', '/api/integrations/sources', { name: 'Echo source', definitionId: id, config: {} })).body).toMatchObject({
    field: 'config.greeting',
  });
  const source = await api('POST', '/api/integrations/sources', { name: 'Echo source', definitionId: id, config: { greeting: 'hi' } });
  expect(source.status).toBe(201);
  expect((await api('POST', '/api/integrations/sources/check', { definitionId: id, config: { greeting: 'hi' } })).body).toMatchObject({
    status: 'succeeded',
  });
  expect(
    (await api('POST', '/api/integrations/sources/preview', { definitionId: id, config: { greeting: 'hi' }, stream: 'greetings' })).body,
  ).toMatchObject({ records: [{ text: 'hello' }], truncated: false });
  expect((await api('DELETE', `/api/integrations/definitions/${id}`, undefined, 'admin')).status).toBe(409);
  expect((await api('DELETE', `/api/integrations/sources/${(source.body as { id: string }).id}`)).status).toBe(204);
  expect((await api('DELETE', `/api/integrations/definitions/${id}`, undefined, 'admin')).status).toBe(204);
});

it("keeps the portal's own schemas out of reach: a connection aimed at the sync state is refused, naming the field", async () => {
  // What the probe did as the lowest role: a files source whose stream is the state table's name.
  await fs.mkdir(path.join(portal.dataDir, 'files', 'globex'), { recursive: true });
  await fs.writeFile(path.join(portal.dataDir, 'files', 'globex', 'secret.csv'), 'CONNECTION_ID,STREAM\nx,y\n');
  const source = await api(
    'POST',
    '/api/integrations/sources',
    {
      name: 'State file',
      definitionId: 'source-file',
      config: { location: 'secret.csv', format: 'csv', stream_name: 'DATAWORKS_SYNC_STATE' },
    },
    'lite',
  );
  expect(source.status).toBe(201);
  const sourceId = (source.body as { id: string }).id;
  const streams = [{ name: 'DATAWORKS_SYNC_STATE', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' }];
  for (const destinationSchema of ['AIRBYTE_INTERNAL', 'airbyte_internal', 'ACCOUNT_USAGE', 'DataWorks']) {
    const refused = await api(
      'POST',
      '/api/integrations/connections',
      { name: `Into ${destinationSchema}`, sourceId, destinationSchema, streams, schedule: { kind: 'manual' } },
      'lite',
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      field: 'destinationSchema',
      message: expect.stringMatching(/a schema the portal keeps for its own tables/),
    });
  }
  const listed = (await api('GET', '/api/integrations/connections', undefined, 'lite')).body as { connections: { name: string }[] };
  expect(listed.connections.some((connection) => connection.name.startsWith('Into '))).toBe(false);
  // Any other schema is the organisation's to use.
  const allowed = await api(
    'POST',
    '/api/integrations/connections',
    { name: 'State file copy', sourceId, destinationSchema: 'RAW_FILES', streams, schedule: { kind: 'manual' } },
    'lite',
  );
  expect(allowed.status).toBe(201);
});

it("never shows a source's secret in a job's failure or log, even quoted from a line that is not a protocol message", async () => {
  // A program whose spec marks `token` secret, and whose read prints the token on a stray line.
  const LEAKY_SOURCE = `#!/bin/sh
case "$1" in
  spec) echo '{"type":"SPEC","spec":{"connectionSpecification":{"type":"object","required":["token"],"properties":{"token":{"type":"string","airbyte_secret":true}}}}}' ;;
  check) echo '{"type":"CONNECTION_STATUS","connectionStatus":{"status":"SUCCEEDED"}}' ;;
  discover) echo '{"type":"CATALOG","catalog":{"streams":[{"name":"items","json_schema":{"properties":{"id":{"type":"integer"}}},"supported_sync_modes":["full_refresh"]}]}}' ;;
  read) echo "not a protocol line token=$(sed -e 's/.*"token":"\\([^"]*\\)".*/\\1/' "$3")" ;;
esac
`;
  await fs.writeFile(path.join(programs, 'leaky-source'), LEAKY_SOURCE, { mode: 0o755 });
  const registered = await api('POST', '/api/integrations/definitions', { name: 'Leaky', program: 'leaky-source' }, 'admin');
  expect(registered.status).toBe(201);
  const source = await api('POST', '/api/integrations/sources', {
    name: 'Leaky source',
    definitionId: (registered.body as { id: string }).id,
    config: { token: 'TOPSECRET_TOKEN_42' },
  });
  expect(source.status).toBe(201);
  const connection = await api('POST', '/api/integrations/connections', {
    name: 'Leaky items',
    sourceId: (source.body as { id: string }).id,
    destinationSchema: 'RAW_LEAKY',
    schedule: { kind: 'manual' },
    streams: [{ name: 'items', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' }],
  });
  expect(connection.status).toBe(201);
  const started = await api('POST', `/api/integrations/connections/${(connection.body as { id: string }).id}/sync`);
  const job = await finished((started.body as Job).id);
  expect(job.status).toBe('failed');
  expect(job.failure).toMatch(/not a protocol line token=\*{10}/);
  const detail = await api('GET', `/api/integrations/jobs/${job.id}`);
  const log = await api('GET', `/api/integrations/jobs/${job.id}/logs`);
  const notifications = await api('GET', '/api/notifications', undefined, 'engineer');
  for (const text of [JSON.stringify(detail.body), String(log.body), JSON.stringify(notifications.body), portal.logs()])
    expect(text).not.toContain('TOPSECRET_TOKEN_42');
});
