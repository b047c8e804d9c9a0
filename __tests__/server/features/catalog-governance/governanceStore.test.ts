// Governance on the portal store (PGlite, or PostgreSQL with STORE_TEST_DATABASE_URL): the term
// hierarchy kept a tree, CSV import all or nothing, the store's own refusal of two tags of a
// mutually exclusive category, dbt tags and meta mapped to tags on read, the personal-data
// patterns, and the metrics of a public dbt project kept from its manifest.
import { DEFAULT_PII_NAME_PATTERNS } from '../../../../common/catalog-governance/settingsContract';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { applyTag, listApplications, listClassifications } from '../../../../server/src/features/catalog-governance/classificationsStore';
import { GovernanceConflictError, GovernanceInputError } from '../../../../server/src/features/catalog-governance/errors';
import {
  createGlossary,
  deleteGlossary,
  listGlossaries,
  listTerms,
} from '../../../../server/src/features/catalog-governance/glossaryStore';
import { readCatalogue } from '../../../../server/src/features/catalog-governance/metricsStore';
import { namePattern, valueShape } from '../../../../server/src/features/catalog-governance/piiPatterns';
import { importTerms } from '../../../../server/src/features/catalog-governance/termImport';
import { createTerm, updateTerm } from '../../../../server/src/features/catalog-governance/termWrites';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, realJson } from '../dbt/fixtures';

jest.setTimeout(120_000);

const actor: Actor = { organisation: 'acme', subject: 'sub-docs', username: 'docs' };
let store: Store;

beforeAll(async () => {
  store = await openTestStore();
  const manifest = manifestOf({
    models: [
      { name: 'customers', columns: ['customer_id', 'email', 'phone_number'], tags: ['pii', 'tier1'] },
      { name: 'orders', columns: ['order_id', 'amount'], meta: { contains_pii: false, tier: 'Tier 3' } },
    ],
  });
  await ingestArtifacts(store.db, { manifest }, { organisation: 'acme', origin: 'upload', actor });
});
afterAll(async () => {
  await store?.close();
});

describe('glossary', () => {
  test('a parent that would make a cycle is refused with its path, and nothing changes', async () => {
    const glossary = await createGlossary(store.db, actor, { name: 'Tree', description: '' });
    const a = await createTerm(store.db, actor, glossary.id, { name: 'A', definition: 'a' });
    const b = await createTerm(store.db, actor, glossary.id, { name: 'B', definition: 'b', parentId: a.id });
    const c = await createTerm(store.db, actor, glossary.id, { name: 'C', definition: 'c', parentId: b.id });
    const refused = updateTerm(store.db, actor, a.id, { parentId: c.id, definition: 'changed' });
    await expect(refused).rejects.toBeInstanceOf(GovernanceConflictError);
    await expect(refused).rejects.toThrow('making C the parent of A would make a cycle in the hierarchy (A → B → C → A)');
    const terms = await listTerms(store.db, 'acme', glossary.id, {});
    expect(terms.find((term) => term.id === a.id)).toMatchObject({ parentId: null, definition: 'a' });
    await expect(updateTerm(store.db, actor, a.id, { parentId: a.id })).rejects.toBeInstanceOf(GovernanceConflictError);
  });

  test('CSV import writes every row or none', async () => {
    const glossary = await createGlossary(store.db, actor, { name: 'Imports', description: '' });
    const refused = importTerms(store.db, actor, glossary.id, 'name,definition,parent\r\nOne,first,\r\nTwo,second,Three\r\n,third,\r\n');
    await expect(refused).rejects.toBeInstanceOf(GovernanceInputError);
    await expect(refused).rejects.toThrow(/row 4, column name: must not be empty/);
    expect(await listTerms(store.db, 'acme', glossary.id, {})).toEqual([]);
    await expect(importTerms(store.db, actor, glossary.id, 'name,colour\r\nOne,red\r\n')).rejects.toThrow('csv: unknown column colour');
    const done = await importTerms(store.db, actor, glossary.id, 'name,definition,parent,related\r\nTwo,second,One,One\r\nOne,first,,\r\n');
    expect(done).toEqual({ created: 2, updated: 0 });
    const [one, two] = await listTerms(store.db, 'acme', glossary.id, {});
    expect(two).toMatchObject({ name: 'Two', parentId: one?.id, related: [{ id: one?.id, name: 'One' }], status: 'draft' });
    expect(one?.related.map((term) => term.name)).toEqual(['Two']);
    // A glossary goes with its terms, their hierarchy and their relations.
    await deleteGlossary(store.db, actor, glossary.id);
    expect((await listGlossaries(store.db, 'acme')).map((item) => item.name)).not.toContain('Imports');
    expect(await store.db.selectFrom('glossary_terms').select('id').where('glossary_id', '=', glossary.id).execute()).toEqual([]);
  });
});

describe('classifications', () => {
  test('dbt tags and meta are mapped to the seeded PII and Tier tags on read', async () => {
    const categories = await listClassifications(store.db, 'acme');
    const usage = Object.fromEntries(
      categories.flatMap((category) => category.tags.map((tag) => [`${category.name}.${tag.name}`, tag.usage])),
    );
    expect(usage).toMatchObject({ 'PII.Sensitive': 1, 'PII.NonSensitive': 1, 'Tier.Tier1': 1, 'Tier.Tier3': 1, 'Tier.Tier2': 0 });
    const { applications } = await listApplications(store.db, 'acme', { nodeId: 'model.shop.customers', limit: 50 });
    expect(applications.map((row) => `${row.classification}.${row.tag}:${row.source}`).sort()).toEqual([
      'PII.Sensitive:dbt',
      'Tier.Tier1:dbt',
    ]);
  });

  test("a person's tag takes dbt's place in an exclusive category; the store refuses a second one even past the check", async () => {
    const categories = await listClassifications(store.db, 'acme');
    const tier = categories.find((category) => category.name === 'Tier');
    const tagOf = (name: string) => tier?.tags.find((tag) => tag.name === name)?.id as string;
    await applyTag(store.db, actor, tagOf('Tier2'), 'model.shop.customers', null);
    const { applications } = await listApplications(store.db, 'acme', { nodeId: 'model.shop.customers', limit: 50 });
    expect(applications.filter((row) => row.classification === 'Tier').map((row) => `${row.tag}:${row.source}`)).toEqual(['Tier2:manual']);
    await expect(applyTag(store.db, actor, tagOf('Tier4'), 'model.shop.customers', null)).rejects.toThrow(
      'Tier is mutually exclusive: customers already has Tier.Tier2',
    );
    // Two writers that both passed the check: the partial unique index keeps one.
    const row = {
      organisation_id: 'acme',
      classification_id: tier?.id as string,
      exclusive: true,
      node_id: 'model.shop.orders',
      column_name: '',
      source: 'manual' as const,
      applied_by: 'docs',
    };
    await store.db
      .insertInto('classification_applications')
      .values({ ...row, tag_id: tagOf('Tier4') })
      .execute();
    await expect(
      store.db
        .insertInto('classification_applications')
        .values({ ...row, tag_id: tagOf('Tier5') })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('column names and sampled values that look personal', () => {
    const patterns = [...DEFAULT_PII_NAME_PATTERNS];
    expect(namePattern('customer_email', patterns)).toBe('email');
    expect(namePattern('EMAIL', patterns)).toBe('email');
    expect(namePattern('emails_sent', patterns)).toBeNull();
    expect(namePattern('date_of_birth', patterns)).toBe('birth');
    expect(valueShape(['a@b.co', 'c@d.org', 'e@f.net', 'g@h.io', 'i@j.com'])).toMatchObject({ label: 'e-mail addresses', matched: 5 });
    expect(valueShape(['+44 20 7946 0958', '020 7946 0959', '(555) 123-4567', '+1 555 123 4567', '0612345678'])).toMatchObject({
      label: 'phone numbers',
    });
    expect(valueShape(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'])).toBeNull();
    expect(valueShape(['a@b.co', 'x'])).toBeNull();
  });
});

describe('metrics', () => {
  test("a public project's semantic models and metrics are kept from its manifest; simple ones can be queried, derived ones say why not", async () => {
    await ingestArtifacts(
      store.db,
      { manifest: await realJson('yuvaraj91__dbt-jaffle-sl-template', 'manifest.json') },
      { organisation: 'jaffle', origin: 'upload', actor: { ...actor, organisation: 'jaffle' } },
    );
    const catalogue = await readCatalogue(store.db, 'jaffle');
    expect(catalogue.semanticModels.length).toBe(3);
    expect(catalogue.semanticModels.every((model) => model.measures.length + model.dimensions.length > 0)).toBe(true);
    const byName = Object.fromEntries(catalogue.metrics.map((metric) => [metric.name, metric]));
    expect(byName.count_orders).toMatchObject({ type: 'simple', measures: [{ name: 'order_count' }] });
    expect(byName.count_orders?.measures[0]?.agg).toEqual(expect.any(String));
    expect(byName.aov_eur).toMatchObject({ type: 'derived', noValuesReason: expect.stringContaining('derived metric') });
  });

  test('a filtered metric or a non-additive measure shows no values rather than wrong ones', async () => {
    const manifest = structuredClone(await realJson('yuvaraj91__dbt-jaffle-sl-template', 'manifest.json')) as {
      metrics: Record<string, { type_params: { measure: { filter: unknown } } }>;
      semantic_models: Record<string, { measures: { name: string; non_additive_dimension: unknown }[] }>;
    };
    (manifest.metrics['metric.jaffle_shop.count_orders'] as { type_params: { measure: { filter: unknown } } }).type_params.measure.filter =
      { where_filters: [{ where_sql_template: "{{ Dimension('order__is_food_order') }} = true" }] };
    for (const model of Object.values(manifest.semantic_models))
      for (const measure of model.measures)
        if (measure.name === 'sum_total') measure.non_additive_dimension = { name: 'ordered_at', window_choice: 'max' };
    await ingestArtifacts(
      store.db,
      { manifest },
      { organisation: 'jaffle2', origin: 'upload', actor: { ...actor, organisation: 'jaffle2' } },
    );
    const byName = Object.fromEntries((await readCatalogue(store.db, 'jaffle2')).metrics.map((metric) => [metric.name, metric]));
    expect(byName.count_orders?.noValuesReason).toMatch(/where clause/);
    expect(byName.sum_total?.noValuesReason).toMatch(/not additive/);
  });
});
