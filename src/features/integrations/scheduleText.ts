// How a schedule, a health and a job status read on the integrations pages.
import type { Schedule } from '@common/integrations/integrationsContract';
import type { ConnectionHealth, SyncJobStatus } from '@common/integrations/integrationsRules';

export function scheduleText(schedule: Schedule): string {
  if (schedule.kind === 'manual') return 'Manual';
  if (schedule.kind === 'interval') return schedule.hours === 1 ? 'Every hour' : `Every ${schedule.hours} hours`;
  return `Cron ${schedule.expression} (UTC)`;
}

export const healthText: Record<ConnectionHealth, string> = {
  healthy: 'Healthy',
  failing: 'Failing',
  paused: 'Paused',
  syncing: 'Syncing',
  pending: 'Not synced yet',
};

export const healthVariant: Record<ConnectionHealth, string> = {
  healthy: 'text-bg-success',
  failing: 'text-bg-danger',
  paused: 'text-bg-secondary',
  syncing: 'text-bg-primary',
  pending: 'text-bg-light',
};

export const jobStatusText: Record<SyncJobStatus, string> = {
  pending: 'Waiting to start',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  incomplete: 'Retrying',
};

export const jobStatusVariant: Record<SyncJobStatus, string> = {
  pending: 'secondary',
  running: 'primary',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'secondary',
  incomplete: 'warning',
};
