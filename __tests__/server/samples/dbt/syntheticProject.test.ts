/**
 * The synthetic manifest the catalog benchmark ingests: built from the sample's real manifest,
 * deterministic, layered, and still a valid dbt manifest (checked at 300 models to stay quick).
 */
import { buildSampleArtifacts } from '../../../../server/src/samples/dbt/sampleArtifacts';
import { syntheticManifest, syntheticRunResults, syntheticSourceFreshness } from '../../../../server/src/samples/dbt/syntheticProject';
import { NOW, openTestAccount } from '../../features/warehouse/sampleAccount';
import { dbtSchema, schemaErrors } from './dbtSchemas';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- artifacts are dbt's JSON, checked by the schemas

let base: Json;

beforeAll(async () => {
  const account = await openTestAccount({ org: 'acme', queryCount: 2000 });
  try {
    base = (await buildSampleArtifacts(account.engine, { now: NOW, organisation: 'acme', portalUrl: 'http://localhost:3000' }))
      .manifest as Json;
  } finally {
    await account.close();
  }
}, 60_000);

describe('syntheticManifest', () => {
  it('builds exactly the asked number of models, with tests, sources and exposures, valid against manifest v12', () => {
    const manifest = syntheticManifest(base, 300) as Json;
    expect(schemaErrors(dbtSchema('manifest/v12.json'), manifest)).toEqual([]);
    const nodes = Object.values(manifest.nodes) as Json[];
    expect(nodes.filter((node) => node.resource_type === 'model')).toHaveLength(300);
    expect(nodes.filter((node) => node.resource_type === 'test').length).toBeGreaterThan(600);
    expect(Object.keys(manifest.sources).length).toBeGreaterThan(40);
    expect(Object.keys(manifest.exposures).length).toBeGreaterThan(7);
    // The sample's own resources are kept.
    expect(manifest.nodes['model.dataworks_demo.fct_orders']).toEqual(base.nodes['model.dataworks_demo.fct_orders']);
    expect(manifest.semantic_models).toEqual(base.semantic_models);
  });

  it('is deterministic and does not change its base', () => {
    const before = JSON.stringify(base);
    expect(JSON.stringify(syntheticManifest(base, 320))).toBe(JSON.stringify(syntheticManifest(base, 320)));
    expect(JSON.stringify(base)).toBe(before);
  });

  it('lays the models out in layers with fan-in and fan-out, every edge pointing at a resource', () => {
    const manifest = syntheticManifest(base, 400) as Json;
    const known = new Set([
      ...Object.keys(manifest.nodes),
      ...Object.keys(manifest.sources),
      ...Object.keys(manifest.exposures),
      ...Object.keys(manifest.metrics),
      ...Object.keys(manifest.semantic_models),
    ]);
    for (const [id, parents] of Object.entries(manifest.parent_map as Record<string, string[]>)) {
      for (const parent of parents) expect({ id, parent, known: known.has(parent) }).toEqual({ id, parent, known: true });
    }
    const models = (Object.values(manifest.nodes) as Json[]).filter(
      (node) => node.resource_type === 'model' && String(node.name).includes('__'),
    );
    const staging = models.filter((model) => String(model.name).startsWith('stg_') && String(model.fqn[1]) === 'staging');
    expect(staging.every((model) => model.depends_on.nodes.every((id: string) => id.startsWith('source.')))).toBe(true);
    const intermediates = models.filter((model) => String(model.fqn[1]) === 'intermediate');
    expect(Math.max(...intermediates.map((model) => model.depends_on.nodes.length))).toBeGreaterThanOrEqual(3);
    const modelChildren = Object.entries(manifest.child_map as Record<string, string[]>)
      .filter(([id]) => id.startsWith('model.'))
      .map(([, children]) => children.filter((child) => child.startsWith('model.')).length);
    expect(Math.max(...modelChildren)).toBeGreaterThanOrEqual(10);
    expect(() => syntheticManifest(base, 3)).toThrow(RangeError);
  });
});

describe('synthetic run history', () => {
  it('writes valid run results and freshness for each day, which change from day to day', () => {
    const manifest = syntheticManifest(base, 300) as Json;
    const days = Array.from({ length: 60 }, (_, day) => syntheticRunResults(manifest, day) as Json);
    expect(schemaErrors(dbtSchema('run-results/v6.json'), days[0])).toEqual([]);
    expect(schemaErrors(dbtSchema('sources/v3.json'), syntheticSourceFreshness(manifest, 5))).toEqual([]);
    const statuses = new Set(days.flatMap((run) => (run.results as Json[]).map((result) => result.status)));
    expect([...statuses]).toEqual(expect.arrayContaining(['success', 'pass', 'fail', 'warn']));
    expect(new Set(days.map((run) => run.metadata.generated_at)).size).toBe(60);
    expect(JSON.stringify(syntheticRunResults(manifest, 7))).toBe(JSON.stringify(days[7]));
  });
});
