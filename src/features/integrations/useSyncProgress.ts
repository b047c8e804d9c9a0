// A connection's running sync as the server pushes it (SYNC_PROGRESS_EVENT on the live channel).
// Live messages are hints: when a job ends, what the pages show of the connection, its jobs and
// the list is refetched from the API.
import { useEffect, useState } from 'react';
import type { SyncProgressEvent } from '@common/integrations/integrationsContract';
import { FINISHED_SYNC_STATUSES, SYNC_PROGRESS_EVENT } from '@common/integrations/integrationsRules';
import { integrationsApi } from '../../api/integrationsApi';
import { subscribeLive } from '../../api/live/liveEvents';
import { useAppDispatch } from '../../state/hooks';

function isProgressEvent(data: unknown): data is SyncProgressEvent {
  const event = data as Partial<SyncProgressEvent> | null;
  return typeof event?.jobId === 'string' && typeof event.connectionId === 'string' && Array.isArray(event.streams);
}

/** The newest progress of `connectionId` (any connection when null), or null before any arrives. */
export function useSyncProgress(connectionId: string | null): SyncProgressEvent | null {
  const dispatch = useAppDispatch();
  const [latest, setLatest] = useState<SyncProgressEvent | null>(null);
  useEffect(
    () =>
      subscribeLive(SYNC_PROGRESS_EVENT, (data) => {
        if (!isProgressEvent(data) || (connectionId !== null && data.connectionId !== connectionId)) return;
        setLatest(data);
        if (FINISHED_SYNC_STATUSES.includes(data.status)) {
          dispatch(
            integrationsApi.util.invalidateTags([
              { type: 'IntegrationConnections', id: 'LIST' },
              { type: 'IntegrationConnection', id: data.connectionId },
              { type: 'IntegrationJobs', id: data.connectionId },
            ]),
          );
        }
      }),
    [dispatch, connectionId],
  );
  return latest;
}
