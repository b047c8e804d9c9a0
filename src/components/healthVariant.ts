// The badge colour of each data health status, shared by the health badge, the lineage graph's
// nodes and the search results (a small module, so the graph does not load the badge's tooltip).
import type { HealthStatus } from '@common/dbt/consumeContract';

export const healthVariant: Record<HealthStatus, string> = {
  Healthy: 'text-bg-success',
  Caution: 'text-bg-warning',
  Degraded: 'text-bg-danger',
  Unknown: 'text-bg-secondary',
};
