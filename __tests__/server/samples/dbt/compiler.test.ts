/**
 * The project reader and compiler on their own: only ref(), source() and env_var() are taken
 * from Jinja, references resolve to quoted relations, generic tests get dbt's names and SQL,
 * and a project dbt would refuse (unknown ref, a cycle, other Jinja) is refused.
 */
import { compileProject } from '../../../../server/src/samples/dbt/compiler';
import { compileSql, referencesIn, renderEnvVars } from '../../../../server/src/samples/dbt/jinja';
import { readProject } from '../../../../server/src/samples/dbt/projectReader';
import type { ModelDef, ProjectDef } from '../../../../server/src/samples/dbt/projectTypes';
import { SAMPLE_PROJECT_DIR, sampleProjectEnv } from '../../../../server/src/samples/dbt/sampleArtifacts';

function model(name: string, rawCode: string): ModelDef {
  return {
    name,
    filePath: `models/${name}.sql`,
    rawCode,
    config: { materialized: 'view', schema: null, tags: [], meta: {} },
    description: '',
    columns: [],
    patchPath: null,
    access: 'protected',
  };
}

function project(models: ModelDef[]): ProjectDef {
  return {
    root: '/nowhere',
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
}

describe('Jinja the sample builder takes', () => {
  it('resolves ref() and source() and nothing else', () => {
    const code = "select * from {{ ref('a') }} join {{source( 'shop' , 'orders' )}} using (id) join {{ ref('a') }} x";
    expect(referencesIn(code, 'm.sql')).toEqual([
      { kind: 'ref', name: 'a' },
      { kind: 'source', source: 'shop', table: 'orders' },
    ]);
    expect(compileSql(code, 'm.sql', (reference) => (reference.kind === 'ref' ? `"A"` : `"S"."O"`))).toBe(
      'select * from "A" join "S"."O" using (id) join "A" x',
    );
    expect(() => referencesIn("select {{ var('x') }}", 'm.sql')).toThrow(/Jinja other than ref\(\) and source\(\)/);
    expect(() => referencesIn('{% if true %}select 1{% endif %}', 'm.sql')).toThrow(/Jinja/);
    expect(() => referencesIn("select * from {{ ref('a', 'b', 'c') }}", 'm.sql')).toThrow(/Jinja/);
  });

  it('renders env_var() in YAML values and refuses unknown variables', () => {
    expect(renderEnvVars("{{ env_var('A') }}/x/{{env_var('B')}}", { A: 'https://p', B: 'acme' }, 'e.yml')).toBe('https://p/x/acme');
    expect(() => renderEnvVars("{{ env_var('C') }}", {}, 'e.yml')).toThrow(/C is not set/);
    expect(sampleProjectEnv({ organisation: 'acme', portalUrl: 'https://portal.example.com//' }).DATAWORKS_PORTAL_URL).toBe(
      'https://portal.example.com',
    );
  });
});

describe('compileProject', () => {
  it("quotes relations, orders parents first and runs each node's tests right after it", async () => {
    const read = await readProject(SAMPLE_PROJECT_DIR, sampleProjectEnv({ organisation: 'acme', portalUrl: 'http://p' }));
    const compiled = compileProject(read, 'my "db"');
    const orders = compiled.models.find((item) => item.def.name === 'stg_shop__orders');
    expect(orders?.relation.rendered).toBe('"my ""db"""."ANALYTICS_STAGING"."stg_shop__orders"');
    expect(orders?.compiledCode).toContain('from "my ""db"""."RAW_SHOP"."ORDERS"');
    const position = new Map(compiled.buildOrder.map((node, index) => [node.uniqueId, index]));
    for (const node of compiled.buildOrder) {
      const parents = node.kind === 'seed' ? [] : node.nodes.filter((id) => position.has(id));
      for (const parent of parents) expect((position.get(parent) ?? Infinity) < (position.get(node.uniqueId) ?? -1)).toBe(true);
    }
    // A test that reads one node runs before anything else is built after that node.
    for (const test of compiled.tests.filter((item) => item.nodes.length === 1 && position.has(item.nodes[0] ?? ''))) {
      const between = compiled.buildOrder.slice((position.get(test.nodes[0] ?? '') ?? 0) + 1, position.get(test.uniqueId));
      expect(between.every((node) => node.kind === 'test')).toBe(true);
    }
    const notNull = compiled.tests.find((test) => test.name === 'not_null_fct_orders_customer_id');
    expect(notNull?.compiledCode).toBe('select customer_id\nfrom "my ""db"""."ANALYTICS_MARTS"."fct_orders"\nwhere customer_id is null\n');
    const warn = compiled.tests.find((test) => test.name.startsWith('accepted_values_stg_shop__payments_payment_method'));
    expect(warn?.severity).toBe('warn');
    expect(warn?.compiledCode).toContain("'credit_card','paypal','bank_transfer','gift_card'");
  });

  it('refuses an unknown ref and a cycle', () => {
    expect(() => compileProject(project([model('a', "select * from {{ ref('missing') }}")]), 'db')).toThrow(
      /ref\('missing'\) names no model or seed/,
    );
    expect(() =>
      compileProject(project([model('a', "select * from {{ ref('b') }}"), model('b', "select * from {{ ref('a') }}")]), 'db'),
    ).toThrow(/cycle through a, b/);
    expect(() => compileProject(project([model('a', "select * from {{ source('s', 't') }}")]), 'db')).toThrow(
      /source\('s', 't'\) is not declared/,
    );
  });
});
