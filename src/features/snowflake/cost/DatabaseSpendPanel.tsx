// Spend by database, and within one database by schema: each query's attributed cost under the
// database and schema it ran in. Choosing a database (its button, or the select) drills into
// its schemas; the chart and the table always show the same level.
import { useMemo, useState } from 'react';
import type { DatabaseSpend, SchemaSpend } from '@common/warehouse/insightsContract';
import type { DateRange } from '../../../api/warehouseTypes';
import { BarChart } from '../../../components/charts/BarChart';
import { csvFileName } from '../../../components/csv';
import type { DataColumn } from '../../../components/dataColumn';
import { DataTable } from '../../../components/DataTable';
import { formatMoney } from '../../../components/format';
import { InlineSelect } from '../../../components/InlineSelect';
import { Panel } from '../../../components/Panel';
import { QueryResult } from '../../../components/QueryResult';
import { countColumn, creditsColumn, moneyColumn } from '../columns';
import { useGetDatabaseSpendQuery } from '../../../api/optimizeApi';

const CHART_TOP = 10;
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
    ],
    [level, noName, onOpen, currency],
  );
  const top = useMemo(() => rows.slice(0, CHART_TOP), [rows]);
  const title = `Spend by ${level.toLowerCase()}`;
  return (
    <>
      <BarChart
        title={`${title}: the ${top.length} most expensive`}
        labels={top.map((row) => row.name ?? noName)}
        series={[{ label: `Cost (${currency})`, values: top.map((row) => row.cost) }]}
        horizontal
        height={Math.max(140, top.length * 28)}
        formatValue={(value) => formatMoney(value, currency)}
      />
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.name ?? ''}
        exportFileName={csvFileName(title, range.from, range.to)}
        initialSort={{ id: 'cost', desc: true }}
      />
    </>
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
      description="Query cost under the database and schema each query ran in (its session's current ones). Choose a database to see its schemas."
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
