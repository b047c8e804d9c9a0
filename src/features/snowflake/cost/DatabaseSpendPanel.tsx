// Spend by database, and within one database by schema: each query's attributed cost under the
// database and schema it ran in. Choosing a database (its button, or the select) drills into
// its schemas; the chart and the table always show the same level.
import { useMemo, useState } from 'react';
import type { DatabaseSpend, SchemaSpend } from '@common/warehouse/insightsContract';
import type { DateRange } from '../../../api/warehouseTypes';
import type { DataColumn } from '../../../components/dataColumn';
import { formatMoney } from '../../../components/format';
import { InlineSelect } from '../../../components/InlineSelect';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { countColumn, creditsColumn, moneyColumn } from '../columns';
import { useGetDatabaseSpendQuery } from '../../../api/optimizeApi';
import { changeColumn } from './costChange';
import { SpendChartTable } from './SpendChartTable';

const NO_DATABASE = '(no database)';
const NO_SCHEMA = '(no schema)';

function Breakdown({
  rows,
  level,
  currency,
  range,
  onOpen,
}: {
  rows: readonly SchemaSpend[];
  level: string;
  currency: string;
  range: DateRange;
  onOpen?: (name: string | null) => void;
}) {
  const noName = level === 'Database' ? NO_DATABASE : NO_SCHEMA;
  const columns = useMemo<DataColumn<SchemaSpend>[]>(
    () => [
      {
        id: 'name',
        header: level,
        value: (row) => row.name,
        rowHeader: true,
        cell: (row) =>
          onOpen ? (
            <button
              type="button"
              className="btn btn-link p-0 text-start"
              onClick={() => onOpen(row.name)}
              aria-label={`Schemas of ${row.name ?? noName}`}
            >
              {row.name ?? noName}
            </button>
          ) : (
            (row.name ?? noName)
          ),
      },
      countColumn('queries', 'Queries', (row) => row.queries),
      creditsColumn('credits', 'Credits', (row) => row.credits),
      moneyColumn('cost', 'Cost', (row) => row.cost, currency),
      changeColumn<SchemaSpend>(currency),
    ],
    [level, noName, onOpen, currency],
  );
  return (
    <SpendChartTable
      title={`Spend by ${level.toLowerCase()}`}
      rows={rows}
      columns={columns}
      noName={noName}
      currency={currency}
      range={range}
      minHeight={140}
    />
  );
}

export function DatabaseSpendPanel({ range, currency }: { range: DateRange; currency: string }) {
  const read = useGetDatabaseSpendQuery(range);
  const { currentData } = read;
  // The chosen database's name; '' for all databases, NO_DATABASE for queries without one.
  const [chosen, setChosen] = useState('');
  const databases = currentData?.databases ?? [];
  const key = (database: DatabaseSpend) => database.name ?? NO_DATABASE;
  const open = databases.find((database) => key(database) === chosen);

  return (
    <Panel
      title="Spend by database and schema"
      description="Query cost under the database and schema each query ran in (its session's current ones), with the change against the previous period. Choose a database to see its schemas."
      actions={
        <InlineSelect label="Database" value={open ? chosen : ''} onValue={setChosen} options={databases.map(key)}>
          <option value="">All databases</option>
        </InlineSelect>
      }
    >
      <QueryResult query={read} loadingLabel="Adding up the databases…" errorTitle="The spend by database could not be loaded">
        {(data) =>
          data.databases.length === 0 ? (
            <p className="text-body-secondary mb-0">No queries ran in this range.</p>
          ) : open ? (
            <>
              <p className="mb-2">
                <button type="button" className="btn btn-link p-0" onClick={() => setChosen('')}>
                  All databases
                </button>{' '}
                / <strong>{key(open)}</strong>: {formatMoney(open.cost, currency)}
              </p>
              <Breakdown rows={open.schemas} level="Schema" currency={currency} range={data.range} />
            </>
          ) : (
            <Breakdown
              rows={data.databases}
              level="Database"
              currency={currency}
              range={data.range}
              onOpen={(name) => setChosen(name ?? NO_DATABASE)}
            />
          )
        }
      </QueryResult>
    </Panel>
  );
}
