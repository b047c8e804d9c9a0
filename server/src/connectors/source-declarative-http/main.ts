// The HTTP API source: reads JSON APIs as declared in its configuration (see httpSourceSpec.ts).
// check reads the first page of the first stream; discover reads a page of each stream and infers
// its fields; read follows pagination, and for incremental streams asks for (and keeps) only the
// records changed after the last sync's newest date-time.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import { ConfigError, runConnectorProgram, type Connector, type ReadContext } from '../kit/connectorKit.js';
import { HTTP_SOURCE_SPEC, type HttpSourceConfig, type HttpStream } from './httpSourceSpec.js';
import { inferSchema, readPages } from './streamReader.js';

/** Records read to infer a stream's fields. */
const SAMPLE_RECORDS = 100;

const options = (config: HttpSourceConfig) => ({
  baseUrl: config.base_url,
  auth: config.auth,
  timeoutMs: (config.request_timeout_seconds ?? 30) * 1000,
  maxPages: config.max_pages ?? 1000,
});

async function firstPage(config: HttpSourceConfig, stream: HttpStream): Promise<Array<Record<string, unknown>>> {
  for await (const page of readPages(stream, { ...options(config), maxPages: 1 })) return page;
  return [];
}

function toAirbyteStream(stream: HttpStream, sample: ReadonlyArray<Record<string, unknown>>): AirbyteStream {
  const schema = inferSchema(sample.slice(0, SAMPLE_RECORDS));
  const properties = schema.properties as Record<string, unknown>;
  // Declared fields are part of the schema even if the first page lacks them.
  if (stream.primary_key && !(stream.primary_key in properties)) properties[stream.primary_key] = {};
  if (stream.incremental && !(stream.incremental.datetime_field in properties))
    properties[stream.incremental.datetime_field] = { type: ['null', 'string'], format: 'date-time' };
  return {
    name: stream.name,
    json_schema: schema,
    supported_sync_modes: stream.incremental ? ['full_refresh', 'incremental'] : ['full_refresh'],
    ...(stream.incremental ? { source_defined_cursor: true, default_cursor_field: [stream.incremental.datetime_field] } : {}),
    ...(stream.primary_key ? { source_defined_primary_key: [[stream.primary_key]] } : {}),
  };
}

async function read({ config, catalog, streamState, emit }: ReadContext<HttpSourceConfig>): Promise<void> {
  for (const configured of catalog.streams) {
    const stream = config.streams.find((candidate) => candidate.name === configured.stream.name);
    if (!stream) throw new ConfigError(`No stream "${configured.stream.name}" is declared in this source.`);
    const descriptor = { name: stream.name };
    const incremental = configured.sync_mode === 'incremental' && stream.incremental ? stream.incremental : null;
    const saved = incremental ? (streamState(descriptor)?.cursor as string | undefined) : undefined;
    const lowerBound = saved ?? incremental?.start_datetime;
    const lowerTime = lowerBound ? Date.parse(lowerBound) : Number.NEGATIVE_INFINITY;
    let newest = lowerBound;
    await emit.status(descriptor, 'STARTED');
    const pages = readPages(stream, {
      ...options(config),
      extraParams: incremental?.request_param && lowerBound ? { [incremental.request_param]: lowerBound } : undefined,
    });
    for await (const page of pages) {
      const now = Date.now();
      for (const record of page) {
        if (incremental) {
          const value = record[incremental.datetime_field];
          const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
          // Records not after the last sync's newest were synced then (the API may ignore the bound).
          if (!Number.isNaN(time) && time <= lowerTime) continue;
          if (typeof value === 'string' && !Number.isNaN(time) && (!newest || time > Date.parse(newest))) newest = value;
        }
        await emit.record(descriptor, record, now);
      }
      // Each page becomes visible as it is read; the cursor moves on only when the stream is done
      // (an API need not list records in date order), so a failure re-reads, never skips.
      if (incremental && lowerBound) await emit.state(descriptor, { cursor: lowerBound });
    }
    if (incremental && newest) await emit.state(descriptor, { cursor: newest });
    await emit.status(descriptor, 'COMPLETE');
  }
}

const httpSource: Connector<HttpSourceConfig> = {
  spec: HTTP_SOURCE_SPEC,
  check: async (config) => {
    const [first] = config.streams;
    if (!first) throw new ConfigError('Declare at least one stream.');
    await firstPage(config, first);
  },
  discover: async (config) => ({
    streams: await Promise.all(config.streams.map(async (stream) => toAirbyteStream(stream, await firstPage(config, stream)))),
  }),
  read,
};

runConnectorProgram(httpSource);
