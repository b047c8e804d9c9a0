// Editing a source over real HTTP with real tokens: new settings are validated against the
// connector's spec (the field at fault named), a blank (masked) secret keeps the stored one, a
// new one replaces it, a configuration that fails the connector's check is refused with its words
// and changes nothing, and no answer carries a secret. The add-connector pages' way of making a
// connection saves its source only with the connection: discover with a config as typed saves
// nothing, and a refused connection leaves no source behind.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(240_000);

// A program whose check passes only for tokens starting "good-", and whose discover names its
// stream after the token it was given (so a test can tell which token the source holds).
const TOKEN_SOURCE = `#!/bin/sh
token=$(sed -e 's/.*"token":"\\([^"]*\\)".*/\\1/' "$3" 2>/dev/null)
case "$1" in
  spec) echo '{"type":"SPEC","spec":{"connectionSpecification":{"type":"object","required":["host","token"],"additionalProperties":false,"properties":{"host":{"type":"string"},"token":{"type":"string","airbyte_secret":true}}}}}' ;;
  check)
    case "$token" in
      good-*) echo '{"type":"CONNECTION_STATUS","connectionStatus":{"status":"SUCCEEDED"}}' ;;
      *) echo '{"type":"CONNECTION_STATUS","connectionStatus":{"status":"FAILED","message":"The API refused the token."}}' ;;
    esac ;;
  discover) echo "{\\"type\\":\\"CATALOG\\",\\"catalog\\":{\\"streams\\":[{\\"name\\":\\"items_$token\\",\\"json_schema\\":{\\"properties\\":{\\"id\\":{\\"type\\":\\"integer\\"}}},\\"supported_sync_modes\\":[\\"full_refresh\\"]}]}}" ;;
esac
`;
const MASK = '**********';

let portal: RunningPortal;
let programs: string;
let definitionId: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  programs = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-connectors-'));
  await fs.writeFile(path.join(programs, 'token-source'), TOKEN_SOURCE, { mode: 0o755 });
  portal = await startPortal({ env: { CONNECTOR_EXECUTABLES_DIR: programs } });
  for (const username of ['admin', 'engineer', 'lite', 'nobody']) tokens[username] = await portal.token(username);
  const registered = await api('POST', '/api/integrations/definitions', { name: 'Token API', program: 'token-source' }, 'admin');
  expect(registered.status).toBe(201);
  definitionId = (registered.body as { id: string }).id;
});
afterAll(async () => {
  await portal?.stop();
  await fs.rm(programs, { recursive: true, force: true });
});

const api = (method: string, path: string, body?: unknown, user = 'engineer') => portal.api(method, path, { token: tokens[user], body });

interface Source {
  id: string;
  name: string;
  config: Record<string, unknown>;
  connectionCount: number;
}
const sourcesNamed = async (name: string, user = 'engineer') =>
  ((await api('GET', '/api/integrations/sources', undefined, user)).body as { sources: Source[] }).sources.filter(
    (source) => source.name === name,
  );
/** The stream the source's discover names, which carries the token the source holds. */
const heldToken = async (id: string) =>
  ((await api('POST', `/api/integrations/sources/${id}/discover`)).body as { catalog: { streams: Array<{ name: string }> } }).catalog
    .streams[0]?.name;

it("edits a source's settings: validated, secret kept when blank, rotated when typed, and a failing check changes nothing", async () => {
  const created = await api('POST', '/api/integrations/sources', {
    name: 'Token API',
    definitionId,
    config: { host: 'a', token: 'good-1' },
  });
  expect(created.status).toBe(201);
  const id = (created.body as Source).id;
  expect((created.body as Source).config).toEqual({ host: 'a', token: MASK });

  // The spec refuses the value, naming the field; nothing changes.
  const invalid = await api('PUT', `/api/integrations/sources/${id}`, { config: { host: 5, token: MASK } });
  expect(invalid).toMatchObject({ status: 400, body: { field: 'config.host', message: 'host must be string.' } });
  const unknown = await api('PUT', `/api/integrations/sources/${id}`, { config: { host: 'a', token: MASK, port: 1 } });
  expect(unknown).toMatchObject({ status: 400, body: { field: 'config.port' } });

  // The mask sent back keeps the stored secret (the check passes with it); the answer masks it.
  const kept = await api('PUT', `/api/integrations/sources/${id}`, { config: { host: 'b', token: MASK } });
  expect(kept).toMatchObject({ status: 200, body: { config: { host: 'b', token: MASK } } });
  expect(JSON.stringify(kept.body)).not.toContain('good-1');
  expect(await heldToken(id)).toBe('items_good-1');

  // A new value replaces it.
  const rotated = await api('PUT', `/api/integrations/sources/${id}`, {
    name: 'Token API (rotated)',
    config: { host: 'b', token: 'good-2' },
  });
  expect(rotated).toMatchObject({ status: 200, body: { name: 'Token API (rotated)', config: { host: 'b', token: MASK } } });
  expect(JSON.stringify(rotated.body)).not.toContain('good-2');
  expect(await heldToken(id)).toBe('items_good-2');

  // A token the API refuses: the check's words, and the stored settings stay as they were.
  const refused = await api('PUT', `/api/integrations/sources/${id}`, { name: 'Token API (bad)', config: { host: 'c', token: 'bad' } });
  expect(refused).toMatchObject({
    status: 400,
    body: { error: 'check_failed', message: 'The connection test failed, so nothing was saved: The API refused the token.' },
  });
  const after = (await api('GET', `/api/integrations/sources/${id}`)).body as Source;
  expect(after).toMatchObject({ name: 'Token API (rotated)', config: { host: 'b', token: MASK } });
  expect(await heldToken(id)).toBe('items_good-2');

  // The edit page's own test of the settings: a blank (masked) secret stands for the stored one.
  const retest = await api('POST', '/api/integrations/sources/check', { definitionId, sourceId: id, config: { host: 'd', token: MASK } });
  expect(retest).toMatchObject({ status: 200, body: { status: 'succeeded' } });

  // Another organisation's source is not found; a user without Integrations may not edit at all.
  expect((await api('PUT', `/api/integrations/sources/${id}`, { name: 'Theirs' }, 'lite')).status).toBe(404);
  expect((await api('PUT', `/api/integrations/sources/${id}`, { name: 'Nobody' }, 'nobody')).status).toBe(403);
  expect((await api('GET', `/api/integrations/sources/${id}`)).body).toMatchObject({ name: 'Token API (rotated)' });
  expect((await api('DELETE', `/api/integrations/sources/${id}`)).status).toBe(204);
});

it('saves the source of the add-connector pages only with its connection, so an abandoned set-up can start again', async () => {
  const config = { seed: 'wizard', orders_per_hour: 5 };
  // Steps 2 and 3: check and discover with the config as typed; nothing is saved.
  expect((await api('POST', '/api/integrations/sources/check', { definitionId: 'source-sample', config })).body).toMatchObject({
    status: 'succeeded',
  });
  const discovered = await api('POST', '/api/integrations/sources/discover', { definitionId: 'source-sample', config });
  expect(discovered.status).toBe(200);
  expect((discovered.body as { catalog: { streams: unknown[] } }).catalog.streams.length).toBeGreaterThan(0);
  const badConfig = await api('POST', '/api/integrations/sources/discover', { definitionId: 'source-sample', config: { seed: 5 } });
  expect(badConfig).toMatchObject({ status: 400, body: { field: 'config.seed' } });
  expect(await sourcesNamed('Wizard shop')).toEqual([]);

  // Abandoned at step 3, then started again: the same steps work, and only creating the connection saves the source.
  expect((await api('POST', '/api/integrations/sources/discover', { definitionId: 'source-sample', config })).status).toBe(200);
  const streams = [
    { name: 'customers', namespace: 'raw_shop', selected: true, syncMode: 'full_refresh', destinationSyncMode: 'overwrite' },
  ];
  const request = {
    name: 'Wizard shop',
    source: { name: 'Wizard shop', definitionId: 'source-sample', config },
    destinationSchema: 'RAW_WIZARD',
    streams,
    schedule: { kind: 'manual' },
  };
  // A connection refused (a schema the portal keeps for itself) leaves no source behind.
  const refused = await api('POST', '/api/integrations/connections', { ...request, destinationSchema: 'AIRBYTE_INTERNAL' });
  expect(refused).toMatchObject({ status: 400, body: { field: 'destinationSchema' } });
  expect(await sourcesNamed('Wizard shop')).toEqual([]);
  // Both a saved source and a new one is refused, naming the field.
  const both = await api('POST', '/api/integrations/connections', { ...request, sourceId: '00000000-0000-4000-8000-000000000000' });
  expect(both).toMatchObject({ status: 400, body: { field: 'sourceId' } });

  const created = await api('POST', '/api/integrations/connections', request);
  expect(created.status).toBe(201);
  const connection = created.body as { id: string; source: { id: string; name: string } };
  expect(connection.source.name).toBe('Wizard shop');
  expect(await sourcesNamed('Wizard shop')).toMatchObject([{ id: connection.source.id, connectionCount: 1 }]);

  // A second connection bringing a source of the same name is refused at the source's name, and leaves nothing.
  const again = await api('POST', '/api/integrations/connections', { ...request, name: 'Wizard shop 2' });
  expect(again).toMatchObject({ status: 409, body: { field: 'source.name', message: 'A source named "Wizard shop" already exists.' } });
  expect(await sourcesNamed('Wizard shop')).toHaveLength(1);
  // A user without Integrations may not make one.
  expect((await api('POST', '/api/integrations/connections', { ...request, name: 'Nobody' }, 'nobody')).status).toBe(403);
  expect((await api('DELETE', `/api/integrations/connections/${connection.id}`)).status).toBe(204);
});
