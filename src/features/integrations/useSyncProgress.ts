// A connection's running sync as the server pushes it: the sync's `job` live events (the one topic
// every kind of background work travels on), with the rows per stream the job reports in its
// detail. Live messages are hints: when a job ends, what the pages show of the connection, its jobs
// and the list is refetched from the API.
import { useState } from 'react';
import type { SyncProgressEvent } from '@common/integrations/integrationsContract';
import { FINISHED_SYNC_STATUSES, SYNC_JOB_KIND, syncJobStatus } from '@common/integrations/integrationsRules';
import { isSyncDetail } from './syncDetail';
import { integrationsApi } from '../../api/integrationsApi';
import { useJobEvents } from '../../api/live/useJobProgress';
import { useAppDispatch } from '../../state/hooks';

/** The newest progress of `connectionId` (any connection when null), or null before any arrives. */
export function useSyncProgress(connectionId: string | null): SyncProgressEvent | null {
  const dispatch = useAppDispatch();
  const [latest, setLatest] = useState<SyncProgressEvent | null>(null);
  useJobEvents({ kind: SYNC_JOB_KIND }, (event) => {
    const detail = event.detail;
    if (!isSyncDetail(detail) || (connectionId !== null && detail.connectionId !== connectionId)) return;
    const progress: SyncProgressEvent = {
      jobId: event.id,
      connectionId: detail.connectionId,
      status: syncJobStatus(event.state, event.attempts),
      attempt: detail.attempt,
      rowsRead: detail.rowsRead,
      rowsCommitted: detail.rowsCommitted,
      streams: detail.streams,
    };
    setLatest(progress);
    if (FINISHED_SYNC_STATUSES.includes(progress.status)) {
      dispatch(
        integrationsApi.util.invalidateTags([
          { type: 'IntegrationConnections', id: 'LIST' },
          { type: 'IntegrationConnection', id: progress.connectionId },
          { type: 'IntegrationJobs', id: progress.connectionId },
          // The job's own record: each stream's rows at its end (the Status tab, the progress panel).
          { type: 'IntegrationJob', id: progress.jobId },
        ]),
      );
    }
  });
  return latest;
}
