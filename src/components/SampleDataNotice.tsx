// Said on every warehouse page while the organisation runs on the embedded sample account, so
// nobody mistakes generated figures for their Snowflake bill.
import { InfoCircle } from 'react-bootstrap-icons';

export function SampleDataNotice({ sample }: { sample: boolean }) {
  if (!sample) return null;
  return (
    <p className="small text-body-secondary d-flex align-items-center gap-2 mb-3">
      <span className="badge text-bg-warning">Sample data</span>
      <span>
        <InfoCircle aria-hidden /> These figures come from a generated sample account, not from a real Snowflake account.
      </span>
    </p>
  );
}
