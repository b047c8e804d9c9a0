// One line above the columns table on where this asset's column lineage stands. A model whose
// SQL could not be parsed says so with the parser's own words; one still waiting says that the
// lineage is being computed. Neither is filled in with a guess.
import type { AssetColumnLineageResponse } from '@common/column-lineage/columnLineageContract';
import { DateTimeText } from '../../../components/DateTimeText';

export function ColumnLineageState({ lineage }: { lineage: AssetColumnLineageResponse }) {
  switch (lineage.state) {
    case 'failed':
      return (
        <div className="alert alert-warning py-2" role="note">
          <p className="mb-1">
            <strong>Column lineage unknown:</strong> the compiled SQL of this model could not be parsed, so where its columns come from is
            not known. Columns that read from it downstream are still listed under “To”.
          </p>
          <p className="mb-0 small">
            The parser said: <code className="text-break">{lineage.reason ?? 'no reason given'}</code>
          </p>
        </div>
      );
    case 'pending':
      return (
        <p className="alert alert-info py-2" role="status">
          Column lineage is being computed for the latest artifacts; this page updates when it is ready.
        </p>
      );
    case 'no sql':
      return (
        <p className="small text-body-secondary mb-2">
          This asset has no SQL (a source or a seed): its columns are where data enters the project.
        </p>
      );
    default:
      return lineage.computedAt ? (
        <p className="small text-body-secondary mb-2">
          Column lineage from the compiled SQL, computed <DateTimeText iso={lineage.computedAt} />.
        </p>
      ) : null;
  }
}
