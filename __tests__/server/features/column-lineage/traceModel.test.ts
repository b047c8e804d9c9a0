// Tracing one model's SQL with the real parser, in-process: the shapes the sample project does
// not have (a union, a window, a constant, a subquery, Snowflake's upper case) and what is never
// guessed (SQL that does not parse, a column the SQL does not make).
import * as polyglot from '@polyglot-sql/sdk';
import {
  dialectOf,
  traceModel,
  type LineageParser,
  type TraceRequest,
} from '../../../../server/src/features/column-lineage/engine/traceModel';

const parser = polyglot as unknown as LineageParser;
beforeAll(async () => {
  await polyglot.init();
});

const tables = [
  { name: 'db.main.orders', columns: ['id', 'customer_id', 'amount', 'status'] },
  { name: 'db.main.returns', columns: ['order_id', 'refund', 'reason'] },
];
const trace = (sql: string, extra: Partial<TraceRequest> = {}) => {
  const result = traceModel(parser, { sql, dialect: 'duckdb', tables, outputColumns: [], ...extra });
  if (!result.ok) throw new Error(result.reason);
  return Object.fromEntries(
    result.columns.map((column) => [column.name, column.upstream.map((up) => `${up.relation}.${up.column} ${up.transform}`).sort()]),
  );
};

test('a union: each branch gives the output column an upstream', () => {
  expect(trace('select id as order_id, amount from db.main.orders union all select order_id, -refund from db.main.returns')).toEqual({
    order_id: ['db.main.orders.id renamed', 'db.main.returns.order_id passed through'],
    amount: ['db.main.orders.amount passed through', 'db.main.returns.refund computed'],
  });
});

test('a window is computed, not aggregated; a constant has no upstream; a subquery is traced through', () => {
  expect(
    trace(
      'select s.id, sum(s.amount) over (partition by s.customer_id) as running, 1 as version from (select id, customer_id, amount from db.main.orders) s',
    ),
  ).toEqual({
    id: ['db.main.orders.id passed through'],
    running: ['db.main.orders.amount computed', 'db.main.orders.customer_id computed'],
    version: [],
  });
});

test('filters and join keys are the rows’ lineage, beside the value’s', () => {
  const traced = trace(
    "select o.id, r.refund from db.main.orders o join db.main.returns r on r.order_id = o.id where o.status = 'returned'",
  );
  expect(traced.refund).toEqual([
    'db.main.orders.id joined on',
    'db.main.orders.status filtered',
    'db.main.returns.order_id joined on',
    'db.main.returns.refund passed through',
  ]);
});

test("Snowflake's upper case matches the catalog's lower case, and the columns asked are the catalog's", () => {
  const traced = trace('select O.ID, O.AMOUNT * 100 as CENTS from DB.MAIN.ORDERS O', {
    dialect: dialectOf('snowflake'),
    outputColumns: ['ID', 'CENTS'],
  });
  expect(traced).toEqual({ ID: ['DB.MAIN.ORDERS.ID passed through'], CENTS: ['DB.MAIN.ORDERS.AMOUNT computed'] });
});

test('SQL that does not parse fails the model with the parser’s reason; an unknown column fails only itself', () => {
  const broken = traceModel(parser, { sql: 'select from where', dialect: 'duckdb', tables, outputColumns: [] });
  expect(broken).toEqual({ ok: false, reason: expect.stringContaining('Parse error') });
  const partial = traceModel(parser, { sql: 'select id from db.main.orders', dialect: 'duckdb', tables, outputColumns: ['id', 'nope'] });
  expect(partial.ok && partial.columns.find((column) => column.name === 'nope')?.error).toEqual(expect.any(String));
});

test('dialects: adapters map to the parser’s names, unknown ones parse as generic SQL', () => {
  expect([dialectOf('postgres'), dialectOf('snowflake'), dialectOf('sqlserver'), dialectOf('exotic'), dialectOf(null)]).toEqual([
    'postgresql',
    'snowflake',
    'tsql',
    'generic',
    'generic',
  ]);
});
