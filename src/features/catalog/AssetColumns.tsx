import type { AssetColumn } from '@common/dbt/catalogContract';
import { csvFileName } from '../../components/csv';
import { DataTable } from '../../components/DataTable';
import type { DataColumn } from '../../components/dataColumn';

const columns: DataColumn<AssetColumn>[] = [
  { id: 'name', header: 'Column', rowHeader: true, value: (row) => row.name },
  { id: 'type', header: 'Type', value: (row) => row.type },
  { id: 'description', header: 'Description', value: (row) => row.description || null },
  { id: 'tags', header: 'Tags', value: (row) => row.tags.join(', ') || null },
  {
    id: 'tests',
    header: 'Tests',
    value: (row) => row.tests.map((test) => `${test.name}: ${test.status}`).join('; ') || null,
    cell: (row) =>
      row.tests.length === 0 ? (
        '–'
      ) : (
        <ul className="list-unstyled mb-0">
          {row.tests.map((test) => (
            <li key={test.uniqueId}>
              {test.name}: <strong>{test.status}</strong>
            </li>
          ))}
        </ul>
      ),
  },
];

export function AssetColumns({ columns: rows }: { columns: AssetColumn[] }) {
  return (
    <DataTable
      caption="Columns"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      exportFileName={csvFileName('columns')}
      emptyText="No columns are known for this asset."
    />
  );
}
