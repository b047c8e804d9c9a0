// Glossary, Classifications, Metrics and the governance settings over real HTTP with real tokens:
// a term through review, who may make each move, the hierarchy kept a tree, links, CSV import
// all or nothing; the seeded PII and Tier categories, a second tag of a mutually exclusive
// category refused, suggestions from the sample warehouse decided by a person; the sample
// project's metrics with a simple one's values from the warehouse; another organisation's
// objects answered 404 and the lite edition 403.
import { startPortal, type RunningPortal } from './portalServer';
import { waitWith } from '../helpers/waitFor';

jest.setTimeout(300_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
let globexAdmin: string;
const BASE = '/api/catalog/governance';

/** Polls until the probe answers; a miss names what was awaited and shows the end of the portal log. */
const waitFor = waitWith({ timeoutMs: 180_000, stepMs: 500, details: () => portal.logs().slice(-3000) });

const call = (method: string, path: string, username = 'docs', body?: unknown) =>
  portal.api(method, path, { token: tokens[username], body });

interface Term {
  id: string;
  name: string;
  status: string;
  parentId: string | null;
  related: { id: string; name: string }[];
}

beforeAll(async () => {
  portal = await startPortal({ env: { DBT_FRESHNESS_CHECK_MINUTES: '0' } });
  for (const username of ['admin', 'docs', 'business', 'lite', 'clientadmin']) tokens[username] = await portal.token(username);
  globexAdmin = await portal.forgeToken({
    sub: 'globex-admin',
    preferred_username: 'globex-admin',
    realm_access: { roles: ['user', 'admin'] },
    organization: ['globex'],
  });
  await waitFor(
    'the sample of acme',
    async () =>
      ((await call('GET', '/api/dbt/ingestions', 'admin')).body as { current: { origin: string } | null }).current?.origin === 'sample',
  );
});
afterAll(async () => {
  await portal?.stop();
});

describe('Glossary', () => {
  let glossaryId: string;
  const terms: Record<string, Term> = {};

  test('editors create a glossary and terms; others read; the lite edition and non-editors are refused', async () => {
    expect((await call('GET', `${BASE}/glossaries`, 'lite')).status).toBe(403);
    expect((await call('POST', `${BASE}/glossaries`, 'business', { name: 'Sales' })).status).toBe(403);
    const created = await call('POST', `${BASE}/glossaries`, 'docs', { name: 'Sales', description: 'Words of the sales team.' });
    expect(created.status).toBe(201);
    glossaryId = (created.body as { glossary: { id: string } }).glossary.id;
    const again = await call('POST', `${BASE}/glossaries`, 'docs', { name: 'sales' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'name', message: expect.stringContaining('already exists') });

    for (const [name, extra] of [
      ['Revenue', { reviewers: ['admin'], synonyms: ['Turnover'] }],
      ['Net revenue', {}],
      ['Gross revenue', {}],
    ] as const) {
      const answer = await call('POST', `${BASE}/glossaries/${glossaryId}/terms`, 'docs', {
        name,
        definition: `**${name}** as finance reports it.`,
        ...extra,
      });
      expect(answer.status).toBe(201);
      terms[name] = (answer.body as { term: Term }).term;
    }
    expect(terms.Revenue).toMatchObject({ status: 'draft' });
    const list = await call('GET', `${BASE}/glossaries/${glossaryId}/terms`, 'business');
    expect(list.status).toBe(200);
    expect((list.body as { terms: Term[]; editor: boolean }).editor).toBe(false);
    expect((list.body as { terms: Term[] }).terms.map((term) => term.name)).toEqual(['Gross revenue', 'Net revenue', 'Revenue']);
    const bad = await call('POST', `${BASE}/glossaries/${glossaryId}/terms`, 'docs', { name: 'Empty', definition: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: expect.stringContaining('definition') });
  });

  test('the hierarchy stays a tree: a cycle is refused naming it, and nothing changes', async () => {
    const revenue = terms.Revenue as Term;
    const net = terms['Net revenue'] as Term;
    expect(
      (await call('PATCH', `${BASE}/terms/${net.id}`, 'docs', { parentId: revenue.id, relatedIds: [(terms['Gross revenue'] as Term).id] }))
        .status,
    ).toBe(200);
    const cycle = await call('PATCH', `${BASE}/terms/${revenue.id}`, 'docs', { parentId: net.id, definition: 'changed' });
    expect(cycle.status).toBe(409);
    expect(cycle.body).toMatchObject({ field: 'parentId', message: expect.stringMatching(/cycle.*Revenue → Net revenue → Revenue/) });
    const after = (await call('GET', `${BASE}/terms/${revenue.id}`)).body as {
      term: Term & { definition: string };
      children: { name: string }[];
    };
    expect(after.term.parentId).toBeNull();
    expect(after.term.definition).not.toBe('changed');
    expect(after.children.map((child) => child.name)).toEqual(['Net revenue']);
    const self = await call('PATCH', `${BASE}/terms/${revenue.id}`, 'docs', { relatedIds: [revenue.id] });
    expect(self.status).toBe(400);
    // Related terms are symmetric.
    const gross = (await call('GET', `${BASE}/terms/${(terms['Gross revenue'] as Term).id}`)).body as { term: Term };
    expect(gross.term.related.map((term) => term.name)).toEqual(['Net revenue']);
  });

  test('a term goes through review: the submitter cannot approve, a reviewer does; forbidden moves name from and to', async () => {
    const id = (terms.Revenue as Term).id;
    // Both open the glossary, as on its page, so the portal knows who "admin" and "docs" are.
    await call('GET', `${BASE}/glossaries`, 'admin');
    await call('GET', `${BASE}/glossaries`, 'docs');
    const direct = await call('POST', `${BASE}/terms/${id}/transitions`, 'docs', { to: 'deprecated' });
    expect(direct.status).toBe(409);
    expect(direct.body).toMatchObject({ message: 'A term that is Draft cannot be moved to Deprecated.' });
    expect((await call('POST', `${BASE}/terms/${id}/transitions`, 'docs', { to: 'approved' })).status).toBe(409);
    expect((await call('POST', `${BASE}/terms/${id}/transitions`, 'docs', { to: 'in_review' })).body).toMatchObject({
      term: { status: 'in_review' },
    });
    const inboxOf = async (username: string) =>
      (
        (await call('GET', '/api/notifications?type=glossary_review', username)).body as {
          notifications: { title: string; link: string }[];
        }
      ).notifications;
    expect((await inboxOf('admin')).map((notice) => notice.title)).toContain('docs asks you to review the term Revenue');
    const notReviewer = await call('POST', `${BASE}/terms/${id}/transitions`, 'docs', { to: 'approved' });
    expect(notReviewer.status).toBe(403);
    const approved = await call('POST', `${BASE}/terms/${id}/transitions`, 'admin', {
      to: 'approved',
      comment: 'Matches the finance definition.',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ term: { status: 'approved' } });
    expect((await inboxOf('docs')).map((notice) => notice.title)).toContain('admin moved Revenue to Approved');
    const detail = (await call('GET', `${BASE}/terms/${id}`)).body as { history: { from: string | null; to: string; actor: string }[] };
    expect(detail.history.map((event) => `${event.from ?? ''}>${event.to}`)).toEqual(['in_review>approved', 'draft>in_review', '>draft']);
    // A term without reviewers is approved by an editor directly.
    expect(
      (await call('POST', `${BASE}/terms/${(terms['Gross revenue'] as Term).id}/transitions`, 'docs', { to: 'approved' })).status,
    ).toBe(200);
  });

  test('terms link to assets and columns of the organisation; unknown ones are refused', async () => {
    const id = (terms.Revenue as Term).id;
    expect(
      (await call('POST', `${BASE}/terms/${id}/links`, 'docs', { nodeId: 'model.dataworks_demo.fct_orders', columnName: 'order_total' }))
        .status,
    ).toBe(204);
    expect((await call('POST', `${BASE}/terms/${id}/links`, 'docs', { nodeId: 'model.dataworks_demo.fct_orders' })).status).toBe(204);
    const column = await call('POST', `${BASE}/terms/${id}/links`, 'docs', {
      nodeId: 'model.dataworks_demo.fct_orders',
      columnName: 'nope',
    });
    expect(column.status).toBe(400);
    expect(column.body).toMatchObject({ field: 'columnName', message: expect.stringContaining('has no column nope') });
    const nowhere = await call('POST', `${BASE}/terms/${id}/links`, 'docs', { nodeId: 'model.nowhere.x' });
    expect(nowhere.status).toBe(404);
    expect(nowhere.body).toMatchObject({
      field: 'nodeId',
      message: "model.nowhere.x is not an asset of your organisation's current dbt project: choose an asset from the list by its name.",
    });
    // A name where the id belongs: the refusal says which asset it is.
    const byName = await call('POST', `${BASE}/terms/${id}/links`, 'docs', { nodeId: 'fct_orders' });
    expect(byName.status).toBe(404);
    expect(byName.body).toMatchObject({
      message:
        "fct_orders is an asset's name, not its id: choose fct_orders from the list of assets (its id is model.dataworks_demo.fct_orders).",
    });
    const detail = (await call('GET', `${BASE}/terms/${id}`)).body as { links: { name: string; columnName: string | null }[] };
    expect(detail.links).toEqual([
      expect.objectContaining({ name: 'fct_orders', columnName: null }),
      expect.objectContaining({ name: 'fct_orders', columnName: 'order_total' }),
    ]);
    const asset = await call('GET', `${BASE}/asset?assetId=model.dataworks_demo.fct_orders`, 'business');
    expect((asset.body as { terms: { name: string; columnName: string | null }[] }).terms).toEqual([
      expect.objectContaining({ name: 'Revenue', columnName: null }),
      expect.objectContaining({ name: 'Revenue', columnName: 'order_total' }),
    ]);
    expect((await call('GET', `${BASE}/asset?assetId=model.dataworks_demo.fct_orders`, 'lite')).status).toBe(403);
    // globex has the same sample project (once its ingestion lands) but none of acme's terms.
    const globex = await portal.api('GET', `${BASE}/asset?assetId=model.dataworks_demo.fct_orders`, { token: globexAdmin });
    expect(globex.status === 404 || (globex.body as { terms: unknown[] }).terms.length === 0).toBe(true);
    expect((await call('GET', `${BASE}/asset?assetId=model.nowhere.x`)).status).toBe(404);
  });

  test('another organisation sees none of it', async () => {
    const id = (terms.Revenue as Term).id;
    const globex = (path: string) => portal.api('GET', path, { token: globexAdmin });
    expect((await globex(`${BASE}/terms/${id}`)).status).toBe(404);
    expect((await globex(`${BASE}/glossaries/${glossaryId}/terms`)).status).toBe(404);
    expect(((await globex(`${BASE}/glossaries`)).body as { glossaries: unknown[] }).glossaries).toEqual([]);
    expect((await portal.api('POST', `${BASE}/terms/${id}/transitions`, { token: globexAdmin, body: { to: 'deprecated' } })).status).toBe(
      404,
    );
  });

  test('CSV import checks every row first: one bad row imports nothing; a good file creates and updates', async () => {
    const before = ((await call('GET', `${BASE}/glossaries/${glossaryId}/terms`)).body as { terms: Term[] }).terms.length;
    const bad = 'name,parent,definition,synonyms\r\nMargin,,Revenue less cost.,\r\nMarkup,Nowhere,Price over cost.,\r\nDiscount,,,\r\n';
    const refused = await call('POST', `${BASE}/glossaries/${glossaryId}/import`, 'docs', { csv: bad });
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(/row 3, column parent: no term "Nowhere".*|row 4, column definition/);
    expect((refused.body as { message: string }).message).toContain('row 4, column definition');
    expect(((await call('GET', `${BASE}/glossaries/${glossaryId}/terms`)).body as { terms: Term[] }).terms).toHaveLength(before);
    const looped = 'name,parent,definition\r\nA,B,a\r\nB,A,b\r\n';
    const cycle = await call('POST', `${BASE}/glossaries/${glossaryId}/import`, 'docs', { csv: looped });
    expect(cycle.status).toBe(400);
    expect((cycle.body as { message: string }).message).toMatch(/cycle \((A → B → A|B → A → B)\)/);
    const good =
      'name,parent,definition,synonyms,related,owners,reviewers,status\r\nMargin,Revenue,Revenue less cost.,Profit;Gross margin,Net revenue,docs,admin,approved\r\nRevenue,,Money from sales.,,,,admin,approved\r\n';
    const imported = await call('POST', `${BASE}/glossaries/${glossaryId}/import`, 'docs', { csv: good });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ created: 1, updated: 1 });
    const list = (
      (await call('GET', `${BASE}/glossaries/${glossaryId}/terms?q=margin`)).body as { terms: (Term & { synonyms: string[] })[] }
    ).terms;
    expect(list).toEqual([
      expect.objectContaining({
        name: 'Margin',
        status: 'draft',
        parentId: (terms.Revenue as Term).id,
        synonyms: ['Profit', 'Gross margin'],
        related: [expect.objectContaining({ name: 'Net revenue' })],
      }),
    ]);
  });
});

describe('Classifications', () => {
  interface Category {
    id: string;
    name: string;
    mutuallyExclusive: boolean;
    tags: { id: string; name: string; usage: number }[];
  }
  const categories = async (username = 'docs') =>
    ((await call('GET', `${BASE}/classifications`, username)).body as { classifications: Category[] }).classifications;
  const tagId = (list: Category[], category: string, tag: string) =>
    list.find((item) => item.name === category)?.tags.find((item) => item.name === tag)?.id as string;

  test('PII and Tier are there on first use, mutually exclusive; a second PII tag on a column is refused and nothing is written', async () => {
    expect((await call('GET', `${BASE}/classifications`, 'lite')).status).toBe(403);
    const list = await categories();
    expect(list.map((item) => [item.name, item.mutuallyExclusive, item.tags.map((tag) => tag.name)])).toEqual([
      ['PII', true, ['NonSensitive', 'Sensitive']],
      ['Tier', true, ['Tier1', 'Tier2', 'Tier3', 'Tier4', 'Tier5']],
    ]);
    const target = { nodeId: 'model.dataworks_demo.fct_orders', columnName: 'customer_id' };
    expect(
      (await call('POST', `${BASE}/classifications/applications`, 'docs', { tagId: tagId(list, 'PII', 'Sensitive'), ...target })).status,
    ).toBe(204);
    const twice = await call('POST', `${BASE}/classifications/applications`, 'docs', {
      tagId: tagId(list, 'PII', 'NonSensitive'),
      ...target,
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      field: 'tagId',
      message: 'PII is mutually exclusive: fct_orders.customer_id already has PII.Sensitive; remove it before applying PII.NonSensitive.',
    });
    const applied = (await call('GET', `${BASE}/classifications/applications?nodeId=model.dataworks_demo.fct_orders`)).body as {
      applications: { tag: string; columnName: string | null; source: string }[];
    };
    expect(applied.applications.filter((row) => row.columnName === 'customer_id')).toEqual([
      expect.objectContaining({ tag: 'Sensitive', source: 'manual' }),
    ]);
    // Not mutually exclusive: two tags of one category on one asset are fine.
    const created = await call('POST', `${BASE}/classifications`, 'docs', { name: 'Retention', mutuallyExclusive: false });
    expect(created.status).toBe(201);
    expect((await call('POST', `${BASE}/classifications`, 'docs', { name: 'retention' })).status).toBe(409);
    expect((await call('POST', `${BASE}/classifications`, 'business', { name: 'Other' })).status).toBe(403);
    expect(
      (
        await portal.api('POST', `${BASE}/classifications/applications`, {
          token: globexAdmin,
          body: { tagId: tagId(list, 'PII', 'Sensitive'), ...target },
        })
      ).status,
    ).toBe(404);
  });

  test('the first look starts a scan; e-mail columns are suggested from names and sampled values, and a person decides', async () => {
    const first = (await call('GET', `${BASE}/classifications/suggestions`)).body as { scan: { jobId: string } };
    expect(first.scan.jobId).toEqual(expect.any(String));
    await waitFor('the scan', async () =>
      ['succeeded', 'failed'].includes(((await call('GET', `/api/jobs/${first.scan.jobId}`)).body as { job: { state: string } }).job.state),
    );
    const { suggestions } = (await call('GET', `${BASE}/classifications/suggestions`)).body as {
      suggestions: { id: string; nodeName: string; columnName: string; basis: string; evidence: string }[];
    };
    const email = suggestions.filter((row) => row.columnName.toLowerCase() === 'email');
    expect(email.length).toBeGreaterThan(0);
    expect(email[0]).toMatchObject({ basis: 'name', evidence: 'column name contains "email"' });
    const accepted = await call('POST', `${BASE}/classifications/suggestions/${email[0]?.id}/decision`, 'docs', { decision: 'accept' });
    expect(accepted.status).toBe(204);
    expect(
      (await call('POST', `${BASE}/classifications/suggestions/${email[0]?.id}/decision`, 'docs', { decision: 'reject' })).status,
    ).toBe(409);
    const pending = ((await call('GET', `${BASE}/classifications/suggestions`)).body as { suggestions: { id: string }[] }).suggestions;
    expect(pending.map((row) => row.id)).not.toContain(email[0]?.id);
    const sensitive = (await categories()).find((item) => item.name === 'PII')?.tags.find((tag) => tag.name === 'Sensitive');
    expect(sensitive?.usage).toBeGreaterThanOrEqual(2);
  });
});

describe('Metrics', () => {
  test('lists the sample project semantic model and metrics, says why a ratio has no values, and queries a simple one', async () => {
    expect((await call('GET', `${BASE}/metrics`, 'lite')).status).toBe(403);
    const answer = await call('GET', `${BASE}/metrics`, 'business');
    expect(answer.status).toBe(200);
    const body = answer.body as {
      metrics: { id: string; name: string; type: string; noValuesReason: string | null; measures: { name: string; agg: string }[] }[];
      semanticModels: { name: string; modelName: string; measures: { name: string }[]; dimensions: { name: string }[] }[];
    };
    expect(body.semanticModels).toEqual([expect.objectContaining({ name: 'orders', modelName: 'fct_orders' })]);
    expect(body.semanticModels[0]?.measures.map((measure) => measure.name)).toEqual(['order_total', 'order_count', 'ordering_customers']);
    const byName = Object.fromEntries(body.metrics.map((metric) => [metric.name, metric]));
    expect(byName.revenue).toMatchObject({ type: 'simple', noValuesReason: null, measures: [{ name: 'order_total', agg: 'sum' }] });
    expect(byName.average_order_value?.noValuesReason).toMatch(/ratio metric/);
    const values = await call(
      'GET',
      `${BASE}/metrics/${encodeURIComponent(byName.orders?.id ?? '')}/values?grain=month&periods=6`,
      'business',
    );
    expect(values.status).toBe(200);
    const points = (values.body as { points: { period: string; value: number; partial: boolean }[] }).points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((point) => /^\d{4}-\d{2}-01$/.test(point.period) && point.value > 0)).toBe(true);
    // Only a month the data starts or ends inside can be partial: at most the first and the newest.
    expect(points.slice(1, -1).some((point) => point.partial)).toBe(false);
    expect(points.every((point) => typeof point.partial === 'boolean')).toBe(true);
    const revenue = await call('GET', `${BASE}/metrics/${encodeURIComponent(byName.revenue?.id ?? '')}/values`, 'business');
    expect(revenue.status).toBe(200);
    const refused = await call('GET', `${BASE}/metrics/${encodeURIComponent(byName.average_order_value?.id ?? '')}/values`);
    expect(refused.status).toBe(422);
    expect((await call('GET', `${BASE}/metrics/${encodeURIComponent(byName.orders?.id ?? '')}/values?grain=year`)).status).toBe(400);
    const detail = (await call('GET', `${BASE}/metrics/${encodeURIComponent(byName.revenue?.id ?? '')}`)).body as {
      upstream: { name: string; resourceType: string }[];
    };
    expect(detail.upstream.slice(0, 2).map((node) => node.resourceType)).toEqual(['semantic_model', 'model']);
    expect((await call('GET', `${BASE}/metrics/metric.nowhere.x`)).status).toBe(404);
  });
});

describe('Settings', () => {
  test('admin and docs read and change them; others are refused; bad input names the field; editors follow', async () => {
    expect((await call('GET', `${BASE}/settings`, 'business')).status).toBe(403);
    const current = await call('GET', `${BASE}/settings`, 'docs');
    expect(current.body).toMatchObject({ settings: { glossaryEditorRoles: ['admin', 'Client-Dataworks-docs'], sampleValues: true } });
    const bad = await call('PUT', `${BASE}/settings`, 'admin', { glossaryEditorRoles: ['root'], piiNamePatterns: [], sampleValues: true });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: expect.stringContaining('glossaryEditorRoles') });
    const saved = await call('PUT', `${BASE}/settings`, 'admin', {
      glossaryEditorRoles: ['Client-Dataworks-docs', 'Client-dataworks-business-users'],
      piiNamePatterns: ['email'],
      sampleValues: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ updatedBy: 'admin' });
    expect((await call('POST', `${BASE}/glossaries`, 'business', { name: 'Marketing' })).status).toBe(201);
  });
});
