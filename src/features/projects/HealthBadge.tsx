import { resourceHealthLabels, type ResourceHealthStatus } from '@common/projects/projectsContract';

const classes: Record<ResourceHealthStatus, string> = {
  healthy: 'text-bg-success',
  warning: 'text-bg-warning',
  failing: 'text-bg-danger',
  unknown: 'text-bg-secondary',
  missing: 'text-bg-dark',
};

export function HealthBadge({ health }: { health: ResourceHealthStatus }) {
  return <span className={`badge ${classes[health]}`}>{resourceHealthLabels[health]}</span>;
}
