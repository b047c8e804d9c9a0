// The "Revoke" action column of a table of grants; the button's accessible name says which grant.
import { controlColumn, type DataColumn } from '../../components/dataColumn';

export function revokeColumn<Row>(label: (row: Row) => string, onRevoke: (row: Row) => void): DataColumn<Row> {
  return controlColumn('revoke', 'Action', (row) => (
    <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onRevoke(row)} aria-label={label(row)}>
      Revoke
    </button>
  ));
}
