// A connection's health in words and colour.
import type { ConnectionHealth } from '@common/integrations/integrationsRules';
import { healthText, healthVariant } from './scheduleText';

export function HealthBadge({ health }: { health: ConnectionHealth }) {
  return <span className={`badge text-bg-${healthVariant[health]}`}>{healthText[health]}</span>;
}
