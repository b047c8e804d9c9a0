import type { AssetDetail } from '@common/dbt/catalogContract';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';
import { DateTimeText } from '../../components/DateTimeText';

type Point = AssetDetail['history'][number];

const columns: DataColumn<Point>[] = [
  { id: 'at', header: 'Ingested', rowHeader: true, value: (row) => row.ingestedAt, cell: (row) => <DateTimeText iso={row.ingestedAt} /> },
  { id: 'build', header: 'Build', value: (row) => row.buildStatus },
  { id: 'passed', header: 'Tests passed', numeric: true, value: (row) => row.testsPassed },
  { id: 'warned', header: 'Tests warned', numeric: true, value: (row) => row.testsWarned },
  { id: 'failed', header: 'Tests failed', numeric: true, value: (row) => row.testsFailed },
];

/** Model health across ingestions, newest first. */
export function AssetHistory({ history }: { history: AssetDetail['history'] }) {
  return (
    <DataTable
      caption="History"
      columns={columns}
      rows={history}
      rowKey={(row) => row.ingestedAt}
      exportFileName={csvFileName('asset history')}
      initialSort={{ id: 'at', desc: true }}
    />
  );
}
