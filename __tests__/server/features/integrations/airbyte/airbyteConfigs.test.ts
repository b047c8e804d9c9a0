// The portal's sources and warehouse written as Airbyte's connectors expect them: each
// translation is sent to the stand-in, which checks it against the connector's schema in
// Airbyte's published API description (a field Airbyte's connector would refuse fails here).
import { generateKeyPairSync } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAirbyteApiClient, type AirbyteApiClient } from '../../../../../server/src/features/integrations/airbyte/airbyteApiClient';
import {
  airbyteConnectionSettings,
  airbyteDestinationOf,
  airbyteSourceConfiguration,
} from '../../../../../server/src/features/integrations/airbyte/airbyteConfigs';
import { AirbyteStandIn } from './airbyteStandIn';

let standIn: AirbyteStandIn;
let client: AirbyteApiClient;
let workspaceId = '';
beforeAll(async () => {
  standIn = await AirbyteStandIn.start({ clientId: 'id', clientSecret: 'secret' });
  client = createAirbyteApiClient({ url: standIn.url, clientId: 'id', clientSecret: 'secret' });
  workspaceId = (await client.createWorkspace({ name: 'configs' })).workspaceId;
});
afterEach(() => standIn.assertNoDrift());
afterAll(() => standIn.close());

function configuration(definitionId: string, config: Record<string, unknown>): Record<string, unknown> {
  const translated = airbyteSourceConfiguration(definitionId, config);
  if ('reason' in translated) throw new Error(translated.reason);
  return translated.configuration;
}

describe('sources', () => {
  it.each([
    [
      'with a password and a schema list',
      {
        host: 'db.internal',
        port: 5433,
        database: 'shop',
        username: 'reader',
        password: 'pw',
        schemas: ['public', 'sales'],
        ssl_mode: { mode: 'require' },
      },
    ],
    [
      'without a password, verifying the server',
      {
        host: 'db.internal',
        database: 'shop',
        username: 'reader',
        ssl_mode: { mode: 'verify-full', ca_certificate: '-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----' },
      },
    ],
    ['unencrypted on a trusted network', { host: '10.0.0.5', database: 'shop', username: 'reader', ssl_mode: { mode: 'disable' } }],
  ])("PostgreSQL %s is accepted by Airbyte's postgres source", async (_, config) => {
    const sent = configuration('source-postgres', config);
    const created = await client.createSource({ name: 'pg', workspaceId, configuration: sent });
    expect(created.sourceType).toBe('postgres');
    expect(sent).toMatchObject({
      host: config.host,
      database: 'shop',
      username: 'reader',
      replication_method: { method: 'Standard' },
      ssl_mode: { mode: config.ssl_mode.mode },
    });
    // The port defaults as the portal's form does.
    expect(sent.port).toBe('port' in config ? config.port : 5432);
  });

  it.each([
    [
      'CSV with its own delimiter',
      { location: 'https://files.example.com/exports/orders-2026.csv', format: 'csv', delimiter: ';' },
      { dataset_name: 'orders-2026', format: 'csv', reader_options: '{"sep":";"}' },
    ],
    [
      'JSON lines with a stream name',
      { location: 'https://files.example.com/events.jsonl', format: 'jsonl', stream_name: 'web_events' },
      { dataset_name: 'web_events', format: 'jsonl' },
    ],
  ])("a file at a URL, %s, is accepted by Airbyte's file source", async (_, config, expected) => {
    const sent = configuration('source-file', config);
    expect(sent).toMatchObject({ ...expected, url: config.location, provider: { storage: 'HTTPS' } });
    await client.createSource({ name: 'file', workspaceId, configuration: sent });
  });

  it('says why a source stays on the embedded engine', () => {
    expect(airbyteSourceConfiguration('source-file', { location: 'sales/2026-01.csv', format: 'csv' })).toEqual({
      reason: expect.stringContaining("portal's own disk"),
    });
    expect(airbyteSourceConfiguration('source-sample', {})).toEqual({ reason: expect.stringContaining('source-sample') });
    expect(airbyteSourceConfiguration('source-http', {})).toEqual({ reason: expect.stringContaining('source-http') });
  });
});

describe('the warehouse as a destination', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-airbyte-key-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  const account = (keyFile: string, loadDatabase: string | null = 'RAW') => ({
    account: 'myorg-acme',
    username: 'SVC',
    privateKeyPath: keyFile,
    role: 'LOADER',
    warehouse: 'LOAD_WH',
    loadDatabase: loadDatabase ?? undefined,
    privateKeyPassphrase: 'open sesame',
  });

  it("is Airbyte's Snowflake destination with the portal's key pair, accepted by the description", async () => {
    const key = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const keyFile = path.join(dir, 'key.p8');
    await fs.writeFile(keyFile, key);
    const destination = await airbyteDestinationOf(account(keyFile), (file) => fs.readFile(file, 'utf8'));
    if ('reason' in destination) throw new Error(destination.reason);
    expect(destination.configuration).toMatchObject({
      host: 'myorg-acme.snowflakecomputing.com',
      database: 'RAW',
      credentials: { private_key: key, private_key_password: 'open sesame' },
    });
    const created = await client.createDestination({ name: 'warehouse', workspaceId, configuration: destination.configuration });
    expect(created.destinationType).toBe('snowflake');
  });

  it('says why there is none', async () => {
    const read = (file: string) => fs.readFile(file, 'utf8');
    expect(await airbyteDestinationOf(undefined, read)).toEqual({ reason: expect.stringContaining('embedded') });
    expect(await airbyteDestinationOf(account(path.join(dir, 'key.p8'), null), read)).toEqual({
      reason: expect.stringContaining('loadDatabase'),
    });
    expect(await airbyteDestinationOf(account(path.join(dir, 'missing.p8')), read)).toEqual({ reason: expect.stringContaining('ENOENT') });
  });
});

describe('connection settings', () => {
  const stream = (
    name: string,
    syncMode: 'full_refresh' | 'incremental',
    destinationSyncMode: 'overwrite' | 'append' | 'append_dedup',
    namespace?: string,
  ) => ({ name, namespace, selected: true, syncMode, destinationSyncMode });

  it('maps every sync mode, lands streams with a namespace in their own schema, and leaves the schedule to the portal', () => {
    const settings = airbyteConnectionSettings(
      [
        stream('a', 'full_refresh', 'overwrite', 'public'),
        stream('b', 'full_refresh', 'append', 'public'),
        { ...stream('c', 'incremental', 'append', 'public'), cursorField: ['updated_at'] },
        { ...stream('d', 'incremental', 'append_dedup', 'public'), cursorField: ['updated_at'], primaryKey: [['id']] },
        { ...stream('skipped', 'full_refresh', 'overwrite', 'public'), selected: false },
      ],
      'RAW',
    );
    expect(settings).toEqual({
      configurations: {
        streams: [
          { name: 'a', syncMode: 'full_refresh_overwrite' },
          { name: 'b', syncMode: 'full_refresh_append' },
          { name: 'c', syncMode: 'incremental_append', cursorField: ['updated_at'] },
          { name: 'd', syncMode: 'incremental_deduped_history', cursorField: ['updated_at'], primaryKey: [['id']] },
        ],
      },
      namespaceDefinition: 'source',
      schedule: { scheduleType: 'manual' },
    });
    expect(airbyteConnectionSettings([stream('orders', 'full_refresh', 'overwrite')], 'RAW_FILES')).toMatchObject({
      namespaceDefinition: 'custom_format',
      namespaceFormat: 'RAW_FILES',
    });
  });

  it("refuses streams Airbyte's API cannot tell apart, and a mode Airbyte has not got", () => {
    expect(
      airbyteConnectionSettings(
        [stream('orders', 'full_refresh', 'overwrite', 'a'), stream('orders', 'full_refresh', 'overwrite', 'b')],
        'RAW',
      ),
    ).toEqual({ reason: expect.stringContaining('"orders"') });
    expect(airbyteConnectionSettings([stream('orders', 'full_refresh', 'append_dedup')], 'RAW')).toEqual({
      reason: expect.stringContaining('full_refresh / append_dedup'),
    });
  });
});
