// The PostgreSQL source: the tables and views of the chosen schemas as streams, copied whole (full
// refresh) or incrementally by a cursor column the user picks. check connects and runs SELECT 1;
// discover reads information_schema; read looks up each stream's readable columns in pg_catalog and
// streams the table through a server-side cursor.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import { ConfigError, runConnectorProgram, type Connector, type ReadContext } from '../kit/connectorKit.js';
import { withConnection } from './postgresConnection.js';
import { discoverTables, readableColumns, toAirbyteStream } from './postgresDiscovery.js';
import { POSTGRES_SOURCE_SPEC, type PostgresSourceConfig } from './postgresSpec.js';
import { readTable } from './tableReader.js';

const schemasOf = (config: PostgresSourceConfig) => (config.schemas?.length ? config.schemas : ['public']);

async function read({ config, catalog, streamState, emit }: ReadContext<PostgresSourceConfig>): Promise<void> {
  const schemas = schemasOf(config);
  await withConnection(config, async (client) => {
    for (const configured of catalog.streams) {
      const { name, namespace = 'public' } = configured.stream;
      if (!schemas.includes(namespace))
        throw new ConfigError(
          `Stream ${namespace}.${name}: the schema ${namespace} is not one of this source's schemas (${schemas.join(', ')}).`,
        );
      const tableColumns = await readableColumns(client, namespace, name);
      if (!tableColumns)
        throw new ConfigError(
          `Stream ${namespace}.${name}: no such table or view (or this user may not read it); refresh the source's schema.`,
        );
      await readTable({
        client,
        configured,
        tableColumns,
        saved: configured.sync_mode === 'incremental' ? streamState({ name, namespace: configured.stream.namespace }) : null,
        emit,
      });
    }
  });
}

const postgresSource: Connector<PostgresSourceConfig> = {
  spec: POSTGRES_SOURCE_SPEC,
  check: async (config) => {
    await withConnection(config, async (client) => {
      await client.query('SELECT 1');
    });
  },
  discover: async (config) =>
    withConnection(config, async (client) => {
      const streams: AirbyteStream[] = (await discoverTables(client, schemasOf(config))).map(toAirbyteStream);
      return { streams };
    }),
  read,
};

runConnectorProgram(postgresSource);
