// How sync modes read on every integrations page: the words the add-connector step offers are the
// words the Status and Schema tabs show (never the protocol's tokens such as append_dedup).
import type { DestinationSyncMode, SyncMode } from '@common/integrations/airbyteProtocol';

export const syncModeText: Record<SyncMode, string> = {
  full_refresh: 'Full refresh',
  incremental: 'Incremental',
};

export const destinationSyncModeText: Record<DestinationSyncMode, string> = {
  append: 'Append',
  overwrite: 'Overwrite',
  append_dedup: 'Append and deduplicate',
};
