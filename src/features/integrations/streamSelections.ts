// From a discovered catalog to the connection's stream choices, with the connector's own
// defaults: incremental where it names a cursor, deduplicated on its primary key.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type { StreamSelection } from '@common/integrations/integrationsContract';

export function defaultSelection(stream: AirbyteStream): StreamSelection {
  const cursor = stream.default_cursor_field;
  const primaryKey = stream.source_defined_primary_key;
  const incremental =
    stream.supported_sync_modes.includes('incremental') && (stream.source_defined_cursor === true || (cursor?.length ?? 0) > 0);
  return {
    name: stream.name,
    ...(stream.namespace ? { namespace: stream.namespace } : {}),
    selected: true,
    syncMode: incremental ? 'incremental' : 'full_refresh',
    destinationSyncMode: incremental ? (primaryKey?.length ? 'append_dedup' : 'append') : 'overwrite',
    ...(cursor?.length ? { cursorField: cursor } : {}),
    ...(primaryKey?.length ? { primaryKey } : {}),
  };
}

/** Top-level fields of a stream's JSON schema, the choices for cursor and primary key. */
export function streamFields(stream: AirbyteStream | undefined): string[] {
  const properties = stream?.json_schema.properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

export const streamLabel = (stream: { name: string; namespace?: string | undefined }) =>
  stream.namespace ? `${stream.namespace}.${stream.name}` : stream.name;
