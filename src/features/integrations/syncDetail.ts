// A sync job's own facts as its live events and its job record carry them (the job's `detail`):
// checked before use, since the detail of a job is whatever its kind reported.
import type { SyncProgressDetail } from '@common/integrations/integrationsContract';

export function isSyncDetail(detail: unknown): detail is SyncProgressDetail {
  const candidate = detail as Partial<SyncProgressDetail> | null | undefined;
  return typeof candidate?.connectionId === 'string' && Array.isArray(candidate.streams);
}
