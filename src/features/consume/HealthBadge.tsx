// An exposure's data health signal (Healthy, Caution, Degraded, Unknown) as a badge whose
// reasons show on hover and on keyboard focus, and are part of its accessible name so a screen
// reader hears them without opening anything.
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { HealthSignal, HealthStatus } from '@common/dbt/consumeContract';

const variant: Record<HealthStatus, string> = {
  Healthy: 'text-bg-success',
  Caution: 'text-bg-warning',
  Degraded: 'text-bg-danger',
  Unknown: 'text-bg-secondary',
};

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
      <button type="button" className={`badge border-0 ${variant[health.status]}`} aria-label={`Health ${healthText(health)}`}>
        {health.status}
      </button>
    </OverlayTrigger>
  );
}
