// When a connection syncs: by hand, every N hours, or on a five-field cron (UTC). The limits are
// the server's (integrationsRules), said at the field; the server names `schedule` if it refuses.
import { useId } from 'react';
import type { Schedule } from '@common/integrations/integrationsContract';
import { INTERVAL_HOURS_MAX, INTERVAL_HOURS_MIN } from '@common/integrations/integrationsRules';
import { cronPreview } from './cronPreview';

/** A run time as the preview says it: the day and the time in UTC, as the schedule counts. */
const utc = (date: Date) =>
  `${date.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })}, ${date.toISOString().slice(11, 16)} UTC`;

function CronRuns({ expression, id }: { expression: string; id: string }) {
  const preview = cronPreview(expression);
  return (
    <div className="form-text" id={id} aria-live="polite">
      {'problem' in preview ? (
        <span className="text-danger">{preview.problem}</span>
      ) : (
        <>
          Next runs:
          <ul className="mb-0">
            {preview.runs.map((run) => (
              <li key={run.toISOString()}>{utc(run)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

interface ScheduleFieldsProps {
  value: Schedule;
  onChange: (value: Schedule) => void;
  error?: string | null;
}

export function ScheduleFields({ value, onChange, error }: ScheduleFieldsProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset className="mb-3" aria-describedby={errorId}>
      <legend className="fs-6 fw-semibold">Schedule</legend>
      {(['manual', 'interval', 'cron'] as const).map((kind) => (
        <div className="form-check" key={kind}>
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-kind`}
            id={`${id}-${kind}`}
            checked={value.kind === kind}
            onChange={() =>
              onChange(kind === 'manual' ? { kind } : kind === 'interval' ? { kind, hours: 24 } : { kind, expression: '0 3 * * *' })
            }
          />
          <label className="form-check-label" htmlFor={`${id}-${kind}`}>
            {kind === 'manual' ? 'Manual (Sync now only)' : kind === 'interval' ? 'Every N hours' : 'Cron expression (UTC)'}
          </label>
        </div>
      ))}
      {value.kind === 'interval' ? (
        <div className="mt-2" style={{ maxWidth: '14rem' }}>
          <label className="form-label" htmlFor={`${id}-hours`}>
            Hours between syncs
          </label>
          <input
            className={`form-control${error ? ' is-invalid' : ''}`}
            id={`${id}-hours`}
            type="number"
            min={INTERVAL_HOURS_MIN}
            max={INTERVAL_HOURS_MAX}
            value={Number.isNaN(value.hours) ? '' : value.hours}
            onChange={(event) => onChange({ kind: 'interval', hours: event.target.valueAsNumber })}
            aria-describedby={`${id}-hours-help`}
          />
          <div className="form-text" id={`${id}-hours-help`}>{`From ${INTERVAL_HOURS_MIN} to ${INTERVAL_HOURS_MAX}.`}</div>
        </div>
      ) : null}
      {value.kind === 'cron' ? (
        <div className="mt-2" style={{ maxWidth: '20rem' }}>
          <label className="form-label" htmlFor={`${id}-cron-expression`}>
            Cron expression
          </label>
          <input
            className={`form-control font-monospace${error ? ' is-invalid' : ''}`}
            id={`${id}-cron-expression`}
            value={value.expression}
            onChange={(event) => onChange({ kind: 'cron', expression: event.target.value })}
            aria-describedby={`${id}-cron-help ${id}-cron-runs`}
          />
          <div className="form-text" id={`${id}-cron-help`}>
            Five fields: minute hour day-of-month month day-of-week, e.g. <code>0 3 * * *</code> (03:00 UTC daily).
          </div>
          <CronRuns expression={value.expression} id={`${id}-cron-runs`} />
        </div>
      ) : null}
      {error ? (
        <div className="text-danger small mt-1" id={errorId}>
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
