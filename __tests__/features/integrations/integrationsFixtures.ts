// What the integrations API answers in the page tests: the sample connector, its spec and
// catalog, a connection and its jobs.
import type { ConnectionView, ConnectorDefinition, SourceView, SyncJobSummary } from '@common/integrations/integrationsContract';

export const sampleDefinition: ConnectorDefinition = {
  id: 'source-sample',
  name: 'Sample data',
  description: 'A shop and its web traffic, generated.',
  category: 'sample',
  supportLevel: 'certified',
  icon: 'sample',
  kind: 'built-in',
  documentationUrl: null,
};

export const sampleSpec = {
  connectionSpecification: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Sample data',
    type: 'object',
    additionalProperties: false,
    properties: {
      orders_per_hour: { type: 'integer', title: 'Orders per hour', default: 20, minimum: 0, maximum: 500, order: 1 },
      seed: { type: 'string', title: 'Seed', default: 'demo', order: 0 },
      api_token: { type: 'string', title: 'Token', airbyte_secret: true, order: 2 },
    },
  },
};

export const sampleCatalog = {
  streams: [
    {
      name: 'orders',
      namespace: 'raw_shop',
      json_schema: { properties: { id: { type: 'integer' }, updated_at: { type: 'string' } } },
      supported_sync_modes: ['full_refresh', 'incremental'],
      source_defined_cursor: true,
      default_cursor_field: ['updated_at'],
      source_defined_primary_key: [['id']],
    },
    {
      name: 'customers',
      json_schema: { properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      supported_sync_modes: ['full_refresh'],
    },
  ],
};

export const sampleSource: SourceView = {
  id: 'src-1',
  name: 'Sample data',
  definition: { id: 'source-sample', name: 'Sample data', icon: 'sample', category: 'sample' },
  config: { seed: 'demo', orders_per_hour: 20 },
  createdAt: '2026-11-24T04:00:00.000Z',
  updatedAt: '2026-11-24T04:00:00.000Z',
  connectionCount: 0,
};

export function job(overrides: Partial<SyncJobSummary> = {}): SyncJobSummary {
  return {
    id: 'job-1',
    connectionId: 'conn-1',
    kind: 'sync',
    status: 'succeeded',
    rowsSynced: 1234,
    bytesSynced: 56789,
    createdAt: '2026-11-24T04:10:00.000Z',
    startedAt: '2026-11-24T04:10:01.000Z',
    endedAt: '2026-11-24T04:10:31.000Z',
    durationMs: 30000,
    attempts: 1,
    failure: null,
    startedBy: 'engineer',
    ...overrides,
  };
}

export function connection(overrides: Partial<ConnectionView> = {}): ConnectionView {
  return {
    id: 'conn-1',
    name: 'Shop',
    source: { id: 'src-1', name: 'Sample data', definitionId: 'source-sample', icon: 'sample' },
    destinationSchema: 'RAW_SAMPLE',
    engine: 'embedded',
    status: 'active',
    health: 'healthy',
    schedule: { kind: 'interval', hours: 6 },
    streams: [
      {
        name: 'orders',
        namespace: 'raw_shop',
        selected: true,
        syncMode: 'incremental',
        destinationSyncMode: 'append_dedup',
        cursorField: ['updated_at'],
        primaryKey: [['id']],
      },
    ],
    lastJob: job(),
    nextSyncAt: '2026-11-24T10:10:00.000Z',
    createdAt: '2026-11-24T04:00:00.000Z',
    ...overrides,
  };
}
