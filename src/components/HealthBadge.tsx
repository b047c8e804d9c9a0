// A data health signal (Healthy, Caution, Degraded, Unknown) of an exposure, a model or a source
// as a badge whose reasons show on hover and on keyboard focus, and are part of its accessible
// name so a screen reader hears them without opening anything.
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { HealthSignal } from '@common/dbt/consumeContract';
import { healthVariant } from './healthVariant';

export function healthText(health: HealthSignal): string {
  return health.reasons.length > 0 ? `${health.status}: ${health.reasons.join('; ')}` : health.status;
}

export function HealthBadge({ health, id }: { health: HealthSignal; id: string }) {
  const tooltip = (
    <Tooltip id={`${id}-reasons`}>
      {health.reasons.length > 0 ? (
        <ul className="list-unstyled mb-0 text-start">
          {health.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        health.status
      )}
    </Tooltip>
  );
  return (
    <OverlayTrigger placement="top" trigger={['hover', 'focus']} overlay={tooltip}>
      <button type="button" className={`badge border-0 ${healthVariant[health.status]}`} aria-label={`Health ${healthText(health)}`}>
        {health.status}
      </button>
    </OverlayTrigger>
  );
}
