/**
 * `dbt build` semantics of the sample runner, on a real DuckDB file: a failing test of severity
 * error stops the models built on what it tested (a warning does not), a model that errors skips
 * everything downstream, and the failure counts are the warehouse's.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startClock } from '../../../../server/src/samples/dbt/clock';
import { compileProject } from '../../../../server/src/samples/dbt/compiler';
import type { ModelDef, ProjectDef } from '../../../../server/src/samples/dbt/projectTypes';
import { runBuild } from '../../../../server/src/samples/dbt/runner';
import { openDuckDbEngine } from '../../../../server/src/platform/warehouse/duckdbEngine';
import type { Engine } from '../../../../server/src/platform/warehouse/engine';
import { raw } from '../../../../server/src/platform/warehouse/sql';

let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-dbt-runner-'));
  engine = await openDuckDbEngine(path.join(dir, 'runner.duckdb'));
});

afterAll(async () => {
  await engine.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function model(name: string, rawCode: string, severity?: 'error' | 'warn'): ModelDef {
  return {
    name,
    filePath: `models/${name}.sql`,
    rawCode,
    config: { materialized: 'table', schema: null, tags: [], meta: {} },
    description: '',
    columns: severity ? [{ name: 'id', description: '', meta: {}, tags: [], tests: [{ kind: 'not_null', arguments: {}, severity }] }] : [],
    patchPath: null,
    access: 'protected',
  };
}

async function build(models: ModelDef[]): Promise<Record<string, { status: string; failures: number | null }>> {
  const project: ProjectDef = {
    root: dir,
    name: 'p',
    version: '1',
    targetSchema: 'ANALYTICS',
    models,
    seeds: [],
    snapshots: [],
    singularTests: [],
    sources: [],
    exposures: [],
    semanticModels: [],
    metrics: [],
    dependsOnProjects: [],
  };
  const runs = await runBuild(engine, compileProject(project, 'runner'), startClock(new Date('2026-01-01T00:00:00Z')));
  return Object.fromEntries(
    runs.map((run) => [run.node.uniqueId.split('.').slice(0, 3).join('.'), { status: run.status, failures: run.failures }]),
  );
}

const withNulls = 'select 1 as id union all select null union all select null';

it('skips the models built on a node whose error-severity test fails, but not on a warning', async () => {
  const failing = await build([model('a', withNulls, 'error'), model('b', "select * from {{ ref('a') }}"), model('c', 'select 1 as id')]);
  expect(failing).toEqual({
    'model.p.a': { status: 'success', failures: null },
    'test.p.not_null_a_id': { status: 'fail', failures: 2 },
    'model.p.b': { status: 'skipped', failures: null },
    'model.p.c': { status: 'success', failures: null },
  });
  const warning = await build([model('a', withNulls, 'warn'), model('b', "select * from {{ ref('a') }}")]);
  expect(warning['test.p.not_null_a_id']).toEqual({ status: 'warn', failures: 2 });
  expect(warning['model.p.b']).toEqual({ status: 'success', failures: null });
  const [row] = await engine.query(raw('SELECT COUNT(*) AS n FROM "runner"."ANALYTICS"."b"'));
  expect(Number(row?.n)).toBe(3);
});

it('skips everything downstream of a model that errors', async () => {
  const runs = await build([
    model('broken', 'select no_such_column from (select 1 as id)'),
    model('child', "select * from {{ ref('broken') }}", 'error'),
    model('grandchild', "select * from {{ ref('child') }}"),
  ]);
  expect(runs['model.p.broken']?.status).toBe('error');
  expect(runs['model.p.child']?.status).toBe('skipped');
  expect(runs['test.p.not_null_child_id']?.status).toBe('skipped');
  expect(runs['model.p.grandchild']?.status).toBe('skipped');
});
