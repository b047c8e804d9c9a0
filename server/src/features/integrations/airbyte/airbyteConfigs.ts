// How the portal's objects are written for Airbyte's public API v1: a built-in source's
// configuration as the matching Airbyte connector's (the portal's specs are close to Airbyte's but
// not the same), the organisation's Snowflake warehouse as a Snowflake destination, and a
// connection's stream choices as Airbyte's sync modes. A source Airbyte cannot run the same way
// (the sample data, the HTTP builder, registered programs, files on the portal's own disk) gets a
// reason instead, and its connections stay on the embedded engine.
import type { StreamSelection } from '@common/integrations/integrationsContract';
import type { AirbyteConnectionSettings, AirbyteSyncMode } from './airbyteTypes.js';

/** An Airbyte source configuration, or why the source cannot run on Airbyte. */
export type Translated = { configuration: Record<string, unknown> } | { reason: string };

/** The connector definitions Airbyte has a counterpart of. */
export const AIRBYTE_SOURCE_TYPES: Readonly<Record<string, string>> = { 'source-postgres': 'postgres', 'source-file': 'file' };

function postgresConfiguration(config: Record<string, unknown>): Translated {
  const ssl = (config.ssl_mode as { mode?: string; ca_certificate?: string } | undefined) ?? { mode: 'require' };
  return {
    configuration: {
      sourceType: 'postgres',
      host: config.host,
      port: config.port ?? 5432,
      database: config.database,
      username: config.username,
      ...(config.password !== undefined ? { password: config.password } : {}),
      ...(Array.isArray(config.schemas) && config.schemas.length ? { schemas: config.schemas } : {}),
      ssl_mode: ssl.mode === 'verify-full' ? { mode: 'verify-full', ca_certificate: ssl.ca_certificate } : { mode: ssl.mode ?? 'require' },
      // The portal's incremental syncs read by a cursor column; Airbyte's "Standard" method does the same.
      replication_method: { method: 'Standard' },
      tunnel_method: { tunnel_method: 'NO_TUNNEL' },
    },
  };
}

function fileConfiguration(config: Record<string, unknown>): Translated {
  const location = String(config.location ?? '');
  if (!/^https?:\/\//i.test(location)) {
    return { reason: "the file is on the portal's own disk, which Airbyte cannot read; only files at an http(s) URL run on Airbyte" };
  }
  const fromUrl =
    new URL(location).pathname
      .split('/')
      .pop()
      ?.replace(/\.[^.]*$/, '') ?? '';
  const name = typeof config.stream_name === 'string' && config.stream_name ? config.stream_name : fromUrl;
  const delimiter = typeof config.delimiter === 'string' ? config.delimiter : ',';
  return {
    configuration: {
      sourceType: 'file',
      dataset_name: name,
      format: config.format === 'jsonl' ? 'jsonl' : 'csv',
      url: location,
      provider: { storage: 'HTTPS' },
      ...(config.format !== 'jsonl' && delimiter !== ',' ? { reader_options: JSON.stringify({ sep: delimiter }) } : {}),
    },
  };
}

/** The Airbyte configuration of a portal source, or why Airbyte cannot run it. */
export function airbyteSourceConfiguration(definitionId: string, config: Record<string, unknown>): Translated {
  if (definitionId === 'source-postgres') return postgresConfiguration(config);
  if (definitionId === 'source-file') return fileConfiguration(config);
  return { reason: `Airbyte has no connector that reads like the portal's "${definitionId}"` };
}

export interface SnowflakeDestinationSettings {
  account: string;
  username: string;
  role: string;
  warehouse: string;
  database: string;
  privateKey: string;
  privateKeyPassphrase?: string;
}

/** The organisation's Snowflake warehouse as Airbyte's Snowflake destination (key-pair sign-in, as the portal's own). */
export function snowflakeDestinationConfiguration(settings: SnowflakeDestinationSettings): Record<string, unknown> {
  return {
    destinationType: 'snowflake',
    host: `${settings.account}.snowflakecomputing.com`,
    role: settings.role,
    warehouse: settings.warehouse,
    database: settings.database,
    // Streams land in their own schemas (the connection's namespace rule); this is only Airbyte's fallback.
    schema: 'PUBLIC',
    username: settings.username,
    credentials: {
      auth_type: 'Key Pair Authentication',
      private_key: settings.privateKey,
      ...(settings.privateKeyPassphrase ? { private_key_password: settings.privateKeyPassphrase } : {}),
    },
  };
}

const SYNC_MODES: Record<string, AirbyteSyncMode> = {
  'full_refresh/overwrite': 'full_refresh_overwrite',
  'full_refresh/append': 'full_refresh_append',
  'incremental/append': 'incremental_append',
  'incremental/append_dedup': 'incremental_deduped_history',
};

/** A connection's selected streams and landing schema as Airbyte's connection settings. */
export function airbyteConnectionSettings(
  streams: readonly StreamSelection[],
  destinationSchema: string,
): AirbyteConnectionSettings | { reason: string } {
  const selected = streams.filter((stream) => stream.selected);
  const names = new Set<string>();
  for (const stream of selected) {
    if (names.has(stream.name))
      return { reason: `two selected streams are both named "${stream.name}", and Airbyte's API tells streams apart by name only` };
    names.add(stream.name);
  }
  for (const stream of selected) {
    if (!SYNC_MODES[`${stream.syncMode}/${stream.destinationSyncMode}`])
      return { reason: `Airbyte has no sync mode "${stream.syncMode} / ${stream.destinationSyncMode}" (stream ${stream.name})` };
  }
  const withNamespace = selected.some((stream) => stream.namespace);
  return {
    configurations: {
      streams: selected.map((stream) => ({
        name: stream.name,
        syncMode: SYNC_MODES[`${stream.syncMode}/${stream.destinationSyncMode}`],
        ...(stream.cursorField?.length ? { cursorField: stream.cursorField } : {}),
        ...(stream.primaryKey?.length ? { primaryKey: stream.primaryKey } : {}),
      })),
    },
    // As on the embedded engine: a stream with a namespace lands in that schema, one without in the connection's schema.
    ...(withNamespace
      ? { namespaceDefinition: 'source' as const }
      : { namespaceDefinition: 'custom_format' as const, namespaceFormat: destinationSchema }),
    // The portal schedules and starts every sync itself, so the timeline, progress and failure notices are the same on both engines.
    schedule: { scheduleType: 'manual' },
  };
}

/** What the portal knows of an organisation's Snowflake account (the warehouse area's settings, passed in). */
export interface SnowflakeAccountSettings extends Omit<SnowflakeDestinationSettings, 'database' | 'privateKey'> {
  privateKeyPath: string;
  loadDatabase?: string;
}

/** The organisation's warehouse as Airbyte's destination, or why Airbyte cannot write into it. */
export async function airbyteDestinationOf(
  snowflake: SnowflakeAccountSettings | undefined,
  readKey: (file: string) => Promise<string>,
): Promise<{ configuration: Record<string, unknown> } | { reason: string }> {
  if (!snowflake) return { reason: "the organisation's warehouse is the portal's embedded one, which Airbyte cannot write into" };
  if (!snowflake.loadDatabase) return { reason: "the organisation's Snowflake account has no loadDatabase for syncs to land in" };
  let privateKey: string;
  try {
    privateKey = await readKey(snowflake.privateKeyPath);
  } catch (error) {
    return {
      reason: `the Snowflake private key at ${snowflake.privateKeyPath} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  return { configuration: snowflakeDestinationConfiguration({ ...snowflake, database: snowflake.loadDatabase, privateKey }) };
}
