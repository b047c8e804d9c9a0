// Said once a source's settings passed the connector's check: which source, how long the test
// took, that nothing is saved until the connection is created, and a way back to its settings.
import type { CheckResult } from '@common/integrations/integrationsContract';
import { formatDuration } from '../../components/format';

export function CheckPassed({ name, checked, onChange }: { name: string; checked: CheckResult; onChange: () => void }) {
  return (
    <div className="alert alert-success d-flex flex-wrap align-items-center justify-content-between gap-2" role="status">
      <span>
        <strong>Connection test passed.</strong>
        {` "${name}" answered in ${formatDuration(checked.durationMs)}. It is saved together with the connection below.`}
      </span>
      <button type="button" className="btn btn-link p-0" onClick={onChange}>
        Change the source&apos;s settings
      </button>
    </div>
  );
}
