// A test status or an incident state as a badge with its word (never colour alone).
import type { TestStatus } from '@common/dbt/catalogContract';
import { incidentStateLabels, type IncidentState } from '@common/catalog-quality/incidentRules';
import { ToneBadge } from '../../../components/ToneBadge';

const testVariant: Record<TestStatus, string> = {
  pass: 'text-bg-success',
  fail: 'text-bg-danger',
  error: 'text-bg-danger',
  warn: 'text-bg-warning',
  skipped: 'text-bg-secondary',
  unknown: 'text-bg-light border',
};

const testWord: Record<TestStatus, string> = {
  pass: 'Pass',
  fail: 'Fail',
  error: 'Error',
  warn: 'Warn',
  skipped: 'Skipped',
  unknown: 'Not run',
};

export function TestStatusBadge({ status }: { status: TestStatus }) {
  return <ToneBadge tones={testVariant} labels={testWord} value={status} />;
}

const stateVariant: Record<IncidentState, string> = {
  new: 'text-bg-danger',
  acknowledged: 'text-bg-warning',
  assigned: 'text-bg-primary',
  resolved: 'text-bg-success',
};

export function IncidentStateBadge({ state }: { state: IncidentState }) {
  return <ToneBadge tones={stateVariant} labels={incidentStateLabels} value={state} />;
}

const recentWord: Record<string, string> = { p: 'pass', f: 'fail', e: 'error', w: 'warn', s: 'skipped', u: 'unknown' };
const recentClass: Record<string, string> = {
  p: 'dw-run-pass',
  f: 'dw-run-fail',
  e: 'dw-run-fail',
  w: 'dw-run-warn',
  s: 'dw-run-other',
  u: 'dw-run-other',
};

/** The last runs, oldest to newest, as small marks; the words are the accessible name. */
export function RecentRuns({ recent }: { recent: string }) {
  if (!recent) return <span className="text-body-secondary">–</span>;
  const oldestFirst = [...recent].reverse();
  return (
    <span
      className="dw-recent-runs"
      role="img"
      aria-label={`Last ${oldestFirst.length} runs, oldest first: ${oldestFirst.map((code) => recentWord[code] ?? code).join(', ')}`}
    >
      {oldestFirst.map((code, index) => (
        <span key={index} className={`dw-run ${recentClass[code] ?? 'dw-run-other'}`} />
      ))}
    </span>
  );
}
