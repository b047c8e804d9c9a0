// The files source: one CSV or JSON lines file (from the server's file area or an http(s) URL) as
// one stream, copied whole on every sync. Its fields are inferred from the first rows at discover.
import type { AirbyteStream, StreamDescriptor } from '@common/integrations/airbyteProtocol';
import { ConfigError, runConnectorProgram, type Connector, type ReadContext } from '../kit/connectorKit.js';
import { fileBaseName, openFile } from './fileLocation.js';
import { fileRows, inferProperties, SAMPLE_ROWS } from './fileRows.js';
import { FILE_SOURCE_SPEC, type FileSourceConfig } from './fileSpec.js';

/** A checkpoint (overwrite streams: rows move to the staging table, for progress) every this many rows. */
const STATE_EVERY_ROWS = 20_000;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

function streamName(config: FileSourceConfig): string {
  const name = config.stream_name?.trim() || fileBaseName(config.location);
  if (!IDENTIFIER.test(name))
    throw new ConfigError(
      `The file name "${name}" cannot be a table name (letters, digits and underscores, not starting with a digit); give a stream name.`,
    );
  return name;
}

async function sample(config: FileSourceConfig): Promise<Array<Record<string, unknown>>> {
  const rows: Array<Record<string, unknown>> = [];
  for await (const row of fileRows(await openFile(config), config)) {
    rows.push(row);
    if (rows.length >= SAMPLE_ROWS) break;
  }
  return rows;
}

async function read({ config, catalog, emit }: ReadContext<FileSourceConfig>): Promise<void> {
  const name = streamName(config);
  const configured = catalog.streams.find((candidate) => candidate.stream.name === name);
  if (!configured) return;
  const stream: StreamDescriptor = { name };
  const checkpoints = configured.destination_sync_mode === 'overwrite';
  await emit.status(stream, 'STARTED');
  let rows = 0;
  for await (const row of fileRows(await openFile(config), config)) {
    await emit.record(stream, row);
    rows += 1;
    if (checkpoints && rows % STATE_EVERY_ROWS === 0) await emit.state(stream, { rows_read: rows });
  }
  await emit.log('INFO', `Read ${rows} rows from ${name}.`);
  await emit.status(stream, 'COMPLETE');
}

const fileSource: Connector<FileSourceConfig> = {
  spec: FILE_SOURCE_SPEC,
  check: async (config) => {
    streamName(config);
    await sample({ ...config });
  },
  discover: async (config) => {
    const rows = await sample(config);
    const stream: AirbyteStream = {
      name: streamName(config),
      json_schema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: inferProperties(rows, config.format === 'csv'),
      },
      supported_sync_modes: ['full_refresh'],
    };
    return { streams: [stream] };
  },
  read,
};

runConnectorProgram(fileSource);
