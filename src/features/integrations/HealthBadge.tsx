// A connection's health in words and colour.
import type { ConnectionHealth } from '@common/integrations/integrationsRules';
import { ToneBadge } from '../../components/ToneBadge';
import { healthText, healthVariant } from './scheduleText';

export function HealthBadge({ health }: { health: ConnectionHealth }) {
  return <ToneBadge tones={healthVariant} labels={healthText} value={health} />;
}
