import type { AssetTest } from '@common/dbt/catalogContract';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';
import { DateTimeText } from '../../components/DateTimeText';

const statusRank: Record<AssetTest['status'], number> = { error: 5, fail: 4, warn: 3, skipped: 2, unknown: 1, pass: 0 };

const columns: DataColumn<AssetTest>[] = [
  { id: 'name', header: 'Test', rowHeader: true, value: (row) => row.name },
  { id: 'column', header: 'Column', value: (row) => row.column },
  { id: 'severity', header: 'Severity', value: (row) => row.severity },
  {
    id: 'status',
    header: 'Last status',
    numeric: true,
    value: (row) => statusRank[row.status],
    csv: (row) => row.status,
    cell: (row) => (
      <span
        className={row.status === 'fail' || row.status === 'error' ? 'text-danger fw-semibold' : row.status === 'warn' ? 'fw-semibold' : ''}
      >
        {row.status}
      </span>
    ),
  },
  { id: 'failures', header: 'Failing rows', numeric: true, value: (row) => row.failures },
  { id: 'message', header: 'Message', value: (row) => row.message },
  { id: 'executedAt', header: 'Ran', value: (row) => row.executedAt, cell: (row) => <DateTimeText iso={row.executedAt} /> },
];

/** The asset's own tests and, when there are any, the tests of other assets that read it ("Referenced by", as dbt docs has it). */
export function AssetTests({ tests, referencedBy = [] }: { tests: AssetTest[]; referencedBy?: AssetTest[] }) {
  return (
    <>
      <DataTable
        caption="Tests"
        columns={columns}
        rows={tests}
        rowKey={(row) => row.uniqueId}
        exportFileName={csvFileName('tests')}
        initialSort={{ id: 'status', desc: true }}
        emptyText="No data tests on this asset."
      />
      {referencedBy.length > 0 ? (
        <DataTable
          caption="Referenced by (tests of other assets that read this one)"
          columns={columns}
          rows={referencedBy}
          rowKey={(row) => row.uniqueId}
          exportFileName={csvFileName('tests-referencing')}
          initialSort={{ id: 'status', desc: true }}
          emptyText=""
        />
      ) : null}
    </>
  );
}
