import { useMemo } from 'react';
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

/** The asset's columns; `lineage` adds where each comes from and goes (column-lineage/columnLineageColumns). */
export function AssetColumns({ columns: rows, lineage = [] }: { columns: AssetColumn[]; lineage?: DataColumn<AssetColumn>[] }) {
  // One array per change of lineage: the table rebuilds its column definitions when it changes.
  const shown = useMemo(() => (lineage.length > 0 ? [...columns, ...lineage] : columns), [lineage]);
  return (
    <DataTable
      caption="Columns"
      columns={shown}
      rows={rows}
      rowKey={(row) => row.name}
      exportFileName={csvFileName('columns')}
      emptyText="No columns are known for this asset."
    />
  );
}
