// Issue "dbt layer": admin sees exposures with the failing test's badge and freshness with a
// stale source, runs a freshness check, searches and opens an asset, opens lineage; lite
// (globex) sees only its own organisation's catalog, filters it by project, and is refused the exposures page. The
// artifacts are the sample dbt project's, ingested at first start, plus a real public project's
// uploaded for globex through the API by its service account.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, dataDir, identityUrl, launch, newPage, signIn } from '../support';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, 1440, 900));
  await signIn(page, 'admin', '/app/exposures');
});
after(async () => {
  await browser.close();
});

test('exposures: the sample project failing test shows as a Degraded badge, with its reason on focus', async () => {
  await page.getByRole('heading', { level: 1, name: 'Exposures' }).waitFor();
  const table = page.getByRole('table', { name: 'Exposures' });
  // On a first start the sample project is still being built and ingested: the page fills in
  // by itself when it lands (live channel).
  await table.waitFor({ timeout: 120_000 });
  assert.ok((await table.getByRole('row').count()) > 3, 'the sample project has several exposures');
  const degraded = table.getByRole('button', { name: /^Health Degraded: .*failed/ }).first();
  await degraded.focus();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  assert.match((await tooltip.textContent()) ?? '', /failed/);
  // A dashboard exposure opens in the Viewer.
  const open = table.getByRole('link', { name: /in the Viewer$/ }).first();
  assert.match((await open.getAttribute('href')) ?? '', /^\/app\/viewer\//);
});

test("an exposure's page says why it is degraded and draws what feeds it", async () => {
  const table = page.getByRole('table', { name: 'Exposures' });
  const degradedRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Health Degraded/ }) })
    .first();
  await degradedRow.getByRole('rowheader').getByRole('link').click();
  await page.getByRole('heading', { name: 'Tests failing or warning upstream' }).waitFor();
  assert.ok((await page.getByRole('region', { name: 'Tests failing or warning upstream' }).getByRole('listitem').count()) >= 1);
  const graph = page.getByRole('group', { name: /^Everything upstream of / });
  await graph.locator('.react-flow__node').first().waitFor();
  assert.ok((await graph.locator('.react-flow__node').count()) >= 2);
});

test('freshness: a stale source, and a check run now that finishes with fresh results', async () => {
  await page.goto(`${baseUrl}/app/freshness`);
  const sources = page.getByRole('table', { name: 'Source freshness' });
  await sources.waitFor();
  const statuses = await sources.locator('tbody tr td:nth-child(2) .badge').allTextContents();
  assert.ok(
    statuses.some((status) => status === 'error' || status === 'warn'),
    `a stale source among ${statuses.join(', ')}`,
  );
  assert.ok(statuses.includes('pass'), 'and a fresh one');
  await page.getByRole('button', { name: 'Check now' }).click();
  await page.getByText('Checking source freshness on the warehouse').waitFor();
  await page.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Check now' }).waitFor();
  await sources.getByRole('cell', { name: 'portal check' }).first().waitFor();
});

test('explore: a server-side search marks the matched words and opens an asset', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/explore`);
  const box = page.getByRole('searchbox', { name: 'Search the catalog' });
  await box.fill('orders');
  await box.press('Enter');
  await page.waitForURL(/q=orders/);
  await page.getByText(/^\d+ match(es)? \(\d+ ms\)$/).waitFor();
  // The count of the page's first answer (every asset, before the query) may still be showing:
  // wait for the query's own answer, whose matched words are marked.
  await page.locator('.dw-search-hits mark').first().waitFor({ timeout: 15_000 });
  assert.ok((await page.locator('.dw-search-hits mark').count()) > 0, 'matched words are marked');
  await page.locator('.dw-search-hits a', { hasText: 'fct_orders' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'fct_orders' }).waitFor();
  await page.getByRole('table', { name: 'Columns' }).waitFor();
  assert.ok((await page.getByRole('table', { name: 'Columns' }).getByRole('row').count()) > 2);
});

test('lineage: opens around a node, and expanding fetches more', async () => {
  await page.getByRole('link', { name: 'Open in the lineage graph' }).click();
  const graph = page.getByRole('group', { name: /^Lineage of / });
  await graph.locator('.react-flow__node').first().waitFor();
  const before = await graph.locator('.react-flow__node').count();
  // Models and sources show their own health (the sample's models were built: not all Unknown).
  const health = await graph.locator('.dw-lineage-status').allTextContents();
  assert.ok(
    health.some((status) => ['Healthy', 'Caution', 'Degraded'].includes(status)),
    `health on the graph's nodes: ${health.join(', ')}`,
  );
  const more = page.getByRole('button', { name: /^Show \d+ more upstream of / }).first();
  if ((await more.count()) > 0) {
    await more.click();
    await page.waitForFunction((count) => document.querySelectorAll('.react-flow__node').length > count, before);
  }
  assert.ok(before >= 2);
});

/** A service account token for an organisation (client credentials), as a dbt job gets one. */
async function serviceToken(organisation: string): Promise<string> {
  const clients = JSON.parse(await readFile(path.join(dataDir, 'identity', 'service-clients.json'), 'utf8')) as Record<
    string,
    { secret: string }
  >;
  const clientId = `dataworks-dbt-${organisation}`;
  const response = await fetch(`${identityUrl}/realms/dataworks/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clients[clientId]!.secret }),
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { access_token: string }).access_token;
}

test('explore: certified marts carry a Certified badge, and a semantic model opens on a page of its measures', async () => {
  await page.goto(`${baseUrl}/app/data-catalog/explore?q=fct`);
  const certified = page.locator('.dw-search-hits li', { hasText: 'fct_orders' }).first();
  await certified.waitFor({ timeout: 15_000 });
  // The sample project tags fct_orders `certified`: first among the fct_ models, with the word on it.
  assert.match((await page.locator('.dw-search-hits li a').first().textContent()) ?? '', /fct_orders/);
  await certified.locator('.badge', { hasText: 'Certified' }).waitFor();
  await page.getByRole('group', { name: 'Certification' }).waitFor();

  await page.goto(`${baseUrl}/app/data-catalog/explore?q=orders&kind=semantic_model`);
  const hit = page.locator('.dw-search-hits li', { hasText: 'semantic model' }).first();
  await hit.waitFor({ timeout: 15_000 });
  await hit.getByRole('link', { name: 'orders' }).click();
  await page.getByRole('heading', { level: 1, name: 'orders' }).waitFor();
  await page.getByRole('table', { name: 'Measures' }).waitFor();
  assert.ok((await page.getByRole('table', { name: 'Measures' }).getByRole('row').count()) > 1, 'the measures are listed');
});

test('explore: text typed from inside a word finds the asset, and its name ranks first', async () => {
  // "ustomer" starts no word: full-text prefixes cannot find it, the in-word match does.
  await page.goto(`${baseUrl}/app/data-catalog/explore?q=ustomer`);
  const first = page.locator('.dw-search-hits li a').first();
  await page.locator('.dw-search-hits li', { hasText: 'dim_customers' }).first().waitFor({ timeout: 15_000 });
  // An asset whose name holds the text ranks above the columns and descriptions that do.
  assert.match((await first.textContent()) ?? '', /customer/i);
  assert.ok((await page.locator('.dw-search-hits mark', { hasText: /ustomer/i }).count()) > 0, 'the typed text is marked inside the name');
});

test("lite (globex) sees only its own organisation's catalog, and is refused exposures", async () => {
  // globex's dbt job uploads a real public project's artifacts (dbt 1.12, Postgres).
  const project = '../shared/dbt-real/minhvoutdallas__crypto-analytics';
  const form = new FormData();
  form.append('manifest', new Blob([await readFile(`${project}/manifest.json`)]), 'manifest.json');
  form.append('run_results', new Blob([await readFile(`${project}/run_results.json`)]), 'run_results.json');
  const upload = await fetch(`${baseUrl}/api/dbt/artifacts`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await serviceToken('globex')}` },
    body: form,
  });
  assert.equal(upload.status, 201, await upload.clone().text());
  const { ingestion } = (await upload.json()) as { ingestion: { counts: { models: number } } };
  assert.equal(ingestion.counts.models, 4);

  const lite = await newPage(browser);
  try {
    await signIn(lite.page, 'lite', '/app/data-catalog/explore?q=trades');
    await lite.page.getByText(/^\d+ match(es)? \(\d+ ms\)$/).waitFor();
    assert.ok((await lite.page.locator('.dw-search-hits li').count()) > 0, "globex finds its own project's models");
    // The upload is a project of its own beside globex's sample project: the Project facet
    // lists both, and ticking one keeps only its assets (and puts it in the address).
    await lite.page.goto(`${baseUrl}/app/data-catalog/explore`);
    const projects = lite.page.getByRole('group', { name: 'Project' });
    const crypto = projects.getByRole('checkbox', { name: /^crypto_analytics \(/ });
    await crypto.waitFor({ timeout: 15_000 });
    await projects.getByRole('checkbox', { name: /^dataworks_demo \(/ }).waitFor();
    const cryptoCount = Number(/\((\d+)\)/.exec((await projects.getByText(/^crypto_analytics/).textContent()) ?? '')?.[1]);
    assert.ok(cryptoCount > 0);
    await crypto.check();
    await lite.page.waitForURL(/[?&]project=crypto_analytics/);
    await lite.page.getByText(new RegExp(`^${cryptoCount} match(es)? \\(`)).waitFor();
    await lite.page.goto(`${baseUrl}/app/data-catalog/explore?q=fct_orders&project=crypto_analytics`);
    await lite.page.getByText(/^0 matches/).waitFor();
    await lite.page.goto(`${baseUrl}/app/exposures`);
    await lite.page.getByText(/You don't have access to/).waitFor();
  } finally {
    await lite.context.close();
  }
  // And acme's catalog does not see globex's.
  await page.goto(`${baseUrl}/app/data-catalog/explore?q=trades`);
  await page.getByText(/^0 matches/).waitFor();
});

test('two more projects for acme: a versioned model shows its version, an exposure with no evidence is Unknown with its reason, and both projects are deleted from Catalog Settings', async () => {
  // Real public projects, uploaded by acme's dbt job beside the sample project.
  const token = await serviceToken('acme');
  for (const [folder, parts] of [
    ['dbt-labs__c24-workshops-sales', ['manifest']],
    ['doviec__ga_retail_project', ['manifest', 'run_results']],
  ] as const) {
    const form = new FormData();
    for (const part of parts) form.append(part, new Blob([await readFile(`../shared/dbt-real/${folder}/${part}.json`)]), `${part}.json`);
    const upload = await fetch(`${baseUrl}/api/dbt/artifacts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    assert.equal(upload.status, 201, await upload.clone().text());
  }

  await page.goto(`${baseUrl}/app/data-catalog/assets/${encodeURIComponent('model.acme_sales.dim_customers.v1')}`);
  await page.getByRole('heading', { level: 1, name: /dim_customers/ }).waitFor({ timeout: 15_000 });
  await page.getByText('v1 (latest is v2)').waitFor();
  await page.goto(`${baseUrl}/app/data-catalog/assets/${encodeURIComponent('model.acme_sales.dim_customers.v2')}`);
  await page.getByText('v2 (latest)').waitFor({ timeout: 15_000 });

  // ga_retail_project's run results come from `dbt test`: no upstream model was built and no
  // source checked, so its exposure's health is Unknown, and the page says why.
  await page.goto(`${baseUrl}/app/exposures/${encodeURIComponent('exposure.ga_retail_project.revenue_by_country_and_date')}`);
  await page.getByRole('heading', { name: 'Why it is unknown' }).waitFor({ timeout: 15_000 });
  await page.getByText('No upstream model has a build result and no upstream source a freshness check yet').waitFor();

  // Both go again, from the projects list of Catalog Settings; the sample project stays.
  await page.goto(`${baseUrl}/app/data-catalog/settings`);
  for (const project of ['acme_sales', 'ga_retail_project']) {
    await page.getByRole('button', { name: new RegExp(`Delete.*${project}`) }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Delete/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: new RegExp(`Delete.*${project}`) }).waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: /Delete.*dataworks_demo/ }).waitFor();
});
