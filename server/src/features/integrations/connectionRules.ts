// What a connection's rows become in answers (its health) and the rules its stream
// choices must meet before they are stored or run: pure functions of the stored rows.
import { streamKey, type AirbyteStream, type ConfiguredAirbyteCatalog } from '@common/integrations/airbyteProtocol';
import type { StreamSelection, SyncJobSummary } from '@common/integrations/integrationsContract';
import type { ConnectionHealth } from '@common/integrations/integrationsRules';
import { HttpError } from '../../platform/http/errors.js';
import { streamTable } from './destination/streamColumns.js';
import type { ConnectionRow } from './connectionsStore.js';

export function health(row: ConnectionRow, last: SyncJobSummary | undefined): ConnectionHealth {
  if (last && (last.status === 'running' || last.status === 'pending' || last.status === 'incomplete')) return 'syncing';
  if (row.status === 'paused') return 'paused';
  if (!last) return 'pending';
  return last.status === 'failed' ? 'failing' : 'healthy';
}

/** The configured catalog a sync runs with: the selected streams, with their discovered schemas. */
export function configuredCatalog(streams: StreamSelection[], discovered: AirbyteStream[]): ConfiguredAirbyteCatalog {
  return {
    streams: streams
      .filter((stream) => stream.selected)
      .map((selection) => {
        const stream = discovered.find(
          (candidate) => candidate.name === selection.name && (candidate.namespace ?? undefined) === selection.namespace,
        );
        if (!stream)
          throw new HttpError(
            400,
            'invalid_request',
            `The source has no stream ${streamKey(selection)}; discover its schema again.`,
            'streams',
          );
        return {
          stream,
          sync_mode: selection.syncMode,
          destination_sync_mode: selection.destinationSyncMode,
          ...(selection.cursorField?.length ? { cursor_field: selection.cursorField } : {}),
          ...(selection.primaryKey?.length ? { primary_key: selection.primaryKey } : {}),
        };
      }),
  };
}

/** Refuses selections the source or the warehouse cannot take, before anything is stored. */
export function checkStreams(streams: StreamSelection[], discovered: AirbyteStream[], destinationSchema: string): void {
  const catalog = configuredCatalog(streams, discovered);
  if (!catalog.streams.length) throw new HttpError(400, 'invalid_request', 'Choose at least one stream to sync.', 'streams');
  for (const configured of catalog.streams) {
    const { stream } = configured;
    if (!stream.supported_sync_modes.includes(configured.sync_mode))
      throw new HttpError(
        400,
        'invalid_request',
        `Stream ${stream.name} cannot be read with ${configured.sync_mode} (it supports ${stream.supported_sync_modes.join(', ')}).`,
        'streams',
      );
    // Names the warehouse cannot take are refused here, before they reach it.
    streamTable(stream, destinationSchema);
    if (configured.sync_mode === 'incremental' && !stream.source_defined_cursor && !configured.cursor_field?.length)
      throw new HttpError(400, 'invalid_request', `Stream ${stream.name}: choose a cursor field for incremental sync.`, 'streams');
    if (
      configured.destination_sync_mode === 'append_dedup' &&
      !(configured.primary_key?.length || stream.source_defined_primary_key?.length)
    )
      throw new HttpError(400, 'invalid_request', `Stream ${stream.name}: choose a primary key to deduplicate.`, 'streams');
  }
}

/** Refuses a stream the connection does not sync. */
export function selectedStream(row: ConnectionRow, stream: string): void {
  if (!(row.streams as StreamSelection[]).some((selection) => selection.selected && streamKey(selection) === stream)) {
    throw new HttpError(400, 'invalid_request', `The connection syncs no stream "${stream}".`, 'stream');
  }
}
