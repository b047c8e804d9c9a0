/**
 * `dbt build` against the warehouse: seeds loaded, models created as views or tables,
 * snapshots taken, data tests run, in dependency order, each timed. As in dbt, a node that
 * errors, or a test of severity error that fails, skips everything downstream of it.
 */
import type { Engine, Row } from '../../platform/warehouse/engine.js';
import { quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import { join, raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import type { Clock, Timing } from './clock.js';
import type {
  CompiledModel,
  CompiledProject,
  CompiledSeed,
  CompiledSnapshot,
  CompiledTest,
  Executable,
  Relation,
} from './compiledTypes.js';
import { parseCsv } from './seedCsv.js';

export type NodeStatus = 'success' | 'error' | 'skipped' | 'pass' | 'fail' | 'warn';

export interface NodeRun {
  node: Executable;
  status: NodeStatus;
  timing: Timing[];
  /** Seconds. */
  executionTime: number;
  message: string | null;
  failures: number | null;
  adapterResponse: Record<string, unknown>;
}

// The project's SQL is code shipped in this repository (server/dbt-sample-project), not request
// input; relation names in it were quoted by the compiler.
function projectSql(text: string): Sql {
  return raw(text);
}

async function existingType(engine: Engine, relation: Relation): Promise<string | null> {
  const rows = await engine.query(sql`SELECT table_type FROM information_schema.tables
    WHERE table_catalog = ${relation.database} AND table_schema = ${relation.schema} AND lower(table_name) = lower(${relation.identifier})`);
  const type = rows[0]?.table_type;
  return typeof type === 'string' ? type : null;
}

async function ensureSchema(engine: Engine, relation: Relation): Promise<void> {
  await engine.transaction((tx) =>
    tx.query(raw(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(relation.database)}.${quoteIdentifier(relation.schema)}`)),
  );
}

/** dbt replaces a relation of another type (a view that became a table) by dropping it first. */
async function dropOtherType(engine: Engine, relation: Relation, wanted: 'VIEW' | 'BASE TABLE'): Promise<void> {
  const type = await existingType(engine, relation);
  if (type === null || type === wanted) return;
  await engine.transaction((tx) => tx.query(raw(`DROP ${type === 'VIEW' ? 'VIEW' : 'TABLE'} ${relation.rendered}`)));
}

async function buildModel(engine: Engine, model: CompiledModel): Promise<Row[]> {
  const materialized = model.def.config.materialized;
  if (materialized !== 'view' && materialized !== 'table')
    throw new Error(`materialization ${materialized} is not supported by the sample builder`);
  await ensureSchema(engine, model.relation);
  await dropOtherType(engine, model.relation, materialized === 'view' ? 'VIEW' : 'BASE TABLE');
  return engine.transaction((tx) =>
    tx.query(
      projectSql(
        `CREATE OR REPLACE ${materialized === 'view' ? 'VIEW' : 'TABLE'} ${model.relation.rendered} AS (\n${model.compiledCode}\n)`,
      ),
    ),
  );
}

async function loadSeed(engine: Engine, seed: CompiledSeed): Promise<number> {
  const { header, rows } = parseCsv(seed.def.csv);
  await ensureSchema(engine, seed.relation);
  await dropOtherType(engine, seed.relation, 'BASE TABLE');
  await engine.transaction(async (tx) => {
    const columns = header.map((name) => `${quoteIdentifier(name)} VARCHAR`).join(', ');
    await tx.query(raw(`CREATE OR REPLACE TABLE ${seed.relation.rendered} (${columns})`));
    if (rows.length > 0) {
      await tx.query(
        sql`INSERT INTO ${raw(seed.relation.rendered)} VALUES ${join(rows.map((values) => sql`(${join(values.map((value) => sql`${value}`))})`))}`,
      );
    }
  });
  return rows.length;
}

/**
 * dbt's check strategy: the first run copies the relation with the validity columns; later runs
 * close the current version of every key whose checked columns changed and add its new version,
 * and add keys never seen. Rows gone from the relation keep their last version (dbt's default).
 */
async function buildSnapshot(engine: Engine, snapshot: CompiledSnapshot, at: Date): Promise<number> {
  const { uniqueKey, checkCols } = snapshot.def;
  const target = raw(snapshot.relation.rendered);
  const key = raw(uniqueKey);
  const source = raw(`(\n${snapshot.compiledCode}\n) source`);
  const rowHash = (alias: string): Sql =>
    raw(`md5(${checkCols.map((column) => `coalesce(cast(${alias}.${column} as varchar), '')`).join(" || '|' || ")})`);
  const stamp = at.toISOString().replace('T', ' ').replace('Z', '');
  const version = sql`source.*, md5(cast(source.${key} as varchar) || '|' || ${stamp}) as dbt_scd_id, cast(${stamp} as timestamp) as dbt_updated_at,
    cast(${stamp} as timestamp) as dbt_valid_from, cast(null as timestamp) as dbt_valid_to`;
  await ensureSchema(engine, snapshot.relation);
  const exists = (await existingType(engine, snapshot.relation)) !== null;
  await engine.transaction(async (tx) => {
    if (!exists) {
      await tx.query(sql`CREATE TABLE ${target} AS SELECT ${version} FROM ${source}`);
      return;
    }
    await tx.query(sql`INSERT INTO ${target} SELECT ${version} FROM ${source}
      LEFT JOIN ${target} current ON current.${key} = source.${key} AND current.dbt_valid_to IS NULL
      WHERE current.${key} IS NULL OR ${rowHash('source')} <> ${rowHash('current')}`);
    await tx.query(sql`UPDATE ${target} SET dbt_valid_to = cast(${stamp} as timestamp)
      WHERE dbt_valid_to IS NULL AND dbt_updated_at <> cast(${stamp} as timestamp)
        AND ${key} IN (SELECT ${key} FROM ${target} WHERE dbt_updated_at = cast(${stamp} as timestamp))`);
  });
  const [row] = await engine.query(sql`SELECT COUNT(*) AS n FROM ${target} WHERE dbt_updated_at = cast(${stamp} as timestamp)`);
  return Number(row?.n ?? 0);
}

/** dbt's get_test_sql: the number of failing rows the test's query returns. */
async function runTest(engine: Engine, test: CompiledTest): Promise<number> {
  const rows = await engine.query(projectSql(`select count(*) as failures from (\n${test.compiledCode}\n) dbt_internal_test`));
  return Number(rows[0]?.failures ?? 0);
}

function errorMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Every executable downstream of the given unique ids (through models and tests). */
function descendants(project: CompiledProject, roots: readonly string[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of project.buildOrder) {
    const parents = node.kind === 'seed' ? [] : node.nodes;
    for (const parent of parents) children.set(parent, [...(children.get(parent) ?? []), node.uniqueId]);
  }
  const out = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const child of children.get(id) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        queue.push(child);
      }
    }
  }
  return out;
}

export async function runBuild(engine: Engine, project: CompiledProject, clock: Clock): Promise<NodeRun[]> {
  const runs: NodeRun[] = [];
  const skipped = new Set<string>();
  for (const node of project.buildOrder) {
    const compileStart = clock.now().toISOString();
    const compileEnd = clock.now().toISOString();
    if (skipped.has(node.uniqueId)) {
      runs.push({ node, status: 'skipped', timing: [], executionTime: 0, message: null, failures: null, adapterResponse: {} });
      continue;
    }
    const started = clock.elapsed();
    const executeStart = clock.now().toISOString();
    let run: Omit<NodeRun, 'node' | 'timing' | 'executionTime'>;
    try {
      if (node.kind === 'seed') {
        const count = await loadSeed(engine, node);
        run = {
          status: 'success',
          message: `INSERT ${count}`,
          failures: null,
          adapterResponse: { _message: `INSERT ${count}`, code: 'INSERT', rows_affected: count },
        };
      } else if (node.kind === 'model') {
        await buildModel(engine, node);
        run = { status: 'success', message: 'OK', failures: null, adapterResponse: { _message: 'OK' } };
      } else if (node.kind === 'snapshot') {
        const count = await buildSnapshot(engine, node, clock.now());
        run = {
          status: 'success',
          message: `INSERT ${count}`,
          failures: null,
          adapterResponse: { _message: `INSERT ${count}`, code: 'INSERT', rows_affected: count },
        };
      } else {
        const failures = await runTest(engine, node);
        const plural = failures === 1 ? 'result' : 'results';
        run =
          failures === 0
            ? { status: 'pass', message: null, failures: 0, adapterResponse: { _message: 'OK' } }
            : node.severity === 'warn'
              ? {
                  status: 'warn',
                  message: `Got ${failures} ${plural}, configured to warn if != 0`,
                  failures,
                  adapterResponse: { _message: 'OK' },
                }
              : {
                  status: 'fail',
                  message: `Got ${failures} ${plural}, configured to fail if != 0`,
                  failures,
                  adapterResponse: { _message: 'OK' },
                };
      }
    } catch (error) {
      run = { status: 'error', message: errorMessage(error), failures: null, adapterResponse: {} };
    }
    const executeEnd = clock.now().toISOString();
    runs.push({
      node,
      ...run,
      timing: [
        { name: 'compile', started_at: compileStart, completed_at: compileEnd },
        { name: 'execute', started_at: executeStart, completed_at: executeEnd },
      ],
      executionTime: clock.elapsed() - started,
    });
    if (node.kind !== 'test' && run.status === 'error') {
      for (const id of descendants(project, [node.uniqueId])) skipped.add(id);
    } else if (node.kind === 'test' && (run.status === 'error' || run.status === 'fail')) {
      // A failing test stops the models built on what it tested; the other tests of that node still run.
      const models = new Set(project.buildOrder.filter((other) => other.kind !== 'test').map((other) => other.uniqueId));
      const blocked = [...descendants(project, node.nodes)].filter((id) => models.has(id));
      for (const id of [...blocked, ...descendants(project, blocked)]) skipped.add(id);
    }
  }
  return runs;
}
