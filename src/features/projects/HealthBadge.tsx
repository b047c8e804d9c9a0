import { resourceHealthLabels, type ResourceHealthStatus } from '@common/projects/projectsContract';
import { ToneBadge } from '../../components/ToneBadge';

const classes: Record<ResourceHealthStatus, string> = {
  healthy: 'text-bg-success',
  warning: 'text-bg-warning',
  failing: 'text-bg-danger',
  unknown: 'text-bg-secondary',
  missing: 'text-bg-dark',
};

export function HealthBadge({ health }: { health: ResourceHealthStatus }) {
  return <ToneBadge tones={classes} labels={resourceHealthLabels} value={health} />;
}
