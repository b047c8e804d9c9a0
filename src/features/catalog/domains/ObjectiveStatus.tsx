// Whether a data product meets its objective: a badge with its word (never colour alone) and,
// on the product's page, each check with what it found and why it is not met.
import type { ObjectiveStatus as Status, ProductObjective } from '@common/catalog-domains/productsContract';

export function ObjectiveBadge({ status }: { status: Status }) {
  if (status.met === null) return <span className="badge text-bg-light border">No objective</span>;
  return status.met ? <span className="badge text-bg-success">Met</span> : <span className="badge text-bg-danger">Not met</span>;
}

export function objectiveText(objective: ProductObjective): string {
  const parts = [];
  if (objective.freshnessHours !== null) parts.push(`every source loaded within ${objective.freshnessHours} hours`);
  if (objective.minTestPassRate !== null) parts.push(`at least ${objective.minTestPassRate}% of tests passing`);
  return parts.length > 0 ? parts.join(' and ') : 'none set';
}

export function ObjectiveChecks({ status }: { status: Status }) {
  if (status.checks.length === 0) return <p className="mb-0">The product sets no objective.</p>;
  return (
    <ul className="list-unstyled mb-0">
      {status.checks.map((check) => (
        <li key={check.kind} className="mb-2">
          <span className={`badge me-2 ${check.met ? 'text-bg-success' : 'text-bg-danger'}`}>{check.met ? 'Met' : 'Not met'}</span>
          <strong>{check.kind === 'freshness' ? 'Freshness' : 'Tests'}:</strong> {check.summary}
          {check.reasons.length > 0 ? (
            <ul className="small mt-1">
              {check.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
