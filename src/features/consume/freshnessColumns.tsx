// The freshness tables: each source's loaded-at field, criteria, last load, age and status
// (pass, warn, error, runtime error) with its recent history; each model's last good build.
import { Link } from 'react-router-dom';
import type { FreshnessStatus } from '@common/dbt/catalogContract';
import type { ModelFreshness, SourceFreshness } from '@common/dbt/consumeContract';
import { catalogAssetPath } from '@common/paths';
import type { DataColumn } from '../../components/dataColumn';
import { DateTimeText } from '../../components/DateTimeText';
import { formatDuration } from '../../components/format';

const statusRank: Record<FreshnessStatus, number> = { 'runtime error': 4, error: 3, warn: 2, unknown: 1, pass: 0 };
const statusClass: Record<FreshnessStatus, string> = {
  'runtime error': 'text-bg-danger',
  error: 'text-bg-danger',
  warn: 'text-bg-warning',
  unknown: 'text-bg-secondary',
  pass: 'text-bg-success',
};

export function FreshnessBadge({ status }: { status: FreshnessStatus }) {
  return <span className={`badge ${statusClass[status]}`}>{status}</span>;
}

const criteria = (value: SourceFreshness['warnAfter']) => (value ? `${value.count} ${value.period}${value.count === 1 ? '' : 's'}` : null);
const age = (seconds: number | null) => (seconds === null ? '–' : formatDuration(seconds * 1000));

export const sourceColumns: DataColumn<SourceFreshness>[] = [
  {
    id: 'name',
    header: 'Source table',
    rowHeader: true,
    value: (row) => `${row.sourceName}.${row.name}`,
    cell: (row) => <Link to={catalogAssetPath(row.uniqueId)}>{`${row.sourceName}.${row.name}`}</Link>,
  },
  {
    id: 'status',
    header: 'Status',
    numeric: true,
    value: (row) => statusRank[row.status],
    csv: (row) => row.status,
    cell: (row) => (
      <>
        <FreshnessBadge status={row.status} />
        {row.error ? <span className="d-block small text-danger">{row.error}</span> : null}
      </>
    ),
  },
  { id: 'age', header: 'Age', numeric: true, value: (row) => row.ageSeconds, cell: (row) => age(row.ageSeconds) },
  {
    id: 'loaded',
    header: 'Last loaded',
    value: (row) => row.maxLoadedAt,
    cell: (row) => <DateTimeText iso={row.maxLoadedAt} empty="never" />,
  },
  { id: 'field', header: 'Loaded-at field', value: (row) => row.loadedAtField },
  { id: 'warn', header: 'Warn after', value: (row) => criteria(row.warnAfter) },
  { id: 'error', header: 'Error after', value: (row) => criteria(row.errorAfter) },
  { id: 'checked', header: 'Checked', value: (row) => row.checkedAt, cell: (row) => <DateTimeText iso={row.checkedAt} empty="not yet" /> },
  { id: 'origin', header: 'By', value: (row) => (row.origin === 'portal' ? 'portal check' : row.origin === 'dbt' ? 'dbt' : null) },
  {
    id: 'history',
    header: 'Recent checks',
    sortable: false,
    value: (row) => row.history.map((point) => point.status).join(' '),
    cell: (row) =>
      row.history.length === 0 ? (
        '–'
      ) : (
        <span
          className="d-inline-flex gap-1"
          role="img"
          aria-label={`Last ${row.history.length} checks, oldest first: ${row.history.map((p) => p.status).join(', ')}`}
        >
          {row.history.slice(-10).map((point) => (
            <span
              key={`${point.checkedAt}-${point.origin}`}
              className={`dw-history-dot ${statusClass[point.status]}`}
              title={`${point.checkedAt}: ${point.status}`}
              aria-hidden="true"
            />
          ))}
        </span>
      ),
  },
];

export const modelColumns: DataColumn<ModelFreshness>[] = [
  {
    id: 'name',
    header: 'Model',
    rowHeader: true,
    value: (row) => row.name,
    cell: (row) => <Link to={catalogAssetPath(row.uniqueId)}>{row.name}</Link>,
  },
  { id: 'materialized', header: 'Materialisation', value: (row) => row.materialized },
  { id: 'status', header: 'Last build', value: (row) => row.lastStatus },
  {
    id: 'success',
    header: 'Last successful build',
    value: (row) => row.lastSuccessAt,
    cell: (row) => <DateTimeText iso={row.lastSuccessAt} empty="never" />,
  },
  { id: 'age', header: 'Time since', numeric: true, value: (row) => row.ageSeconds, cell: (row) => age(row.ageSeconds) },
];
