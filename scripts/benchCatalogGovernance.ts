/**
 * The Glossary, Classifications and Metrics part of `npm run bench:catalog`, on the synthetic
 * project the bench has just ingested (5,000 models by default, their email and phone columns
 * included):
 *
 *   1. a glossary of 1,000 terms (a tree ten deep, each related to two others) written through
 *      the CSV import, once (time printed);
 *   2. the personal-data scan of every column by name (the sampling of values needs a warehouse
 *      and is left out), once;
 *   3. the reads each page makes: the glossary's terms, the categories with their usage (dbt's
 *      tags and meta mapped on read), where a tag applies, the pending suggestions and the
 *      metrics catalogue: median and p95 of BENCH_GOVERNANCE_RUNS each (aim median < 100 ms).
 */
import { importTerms } from '../server/src/features/catalog-governance/termImport.js';
import { createGlossary, listTerms } from '../server/src/features/catalog-governance/glossaryStore.js';
import { listApplications, listClassifications } from '../server/src/features/catalog-governance/classificationsStore.js';
import { listSuggestions, scanForPersonalData } from '../server/src/features/catalog-governance/suggestions.js';
import { readCatalogue } from '../server/src/features/catalog-governance/metricsStore.js';
import type { StoreDb } from '../server/src/platform/store/openStore.js';

const RUNS = Number(process.env.BENCH_GOVERNANCE_RUNS ?? 30);
const TERMS = 1000;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let round = 0; round < RUNS; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  console.log(`  ${label}: median ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}`);
}

export async function benchCatalogGovernance(db: StoreDb, organisation: string): Promise<void> {
  console.log('Glossary, Classifications and Metrics:');
  const actor = { organisation, subject: 'bench', username: 'bench' };
  const glossary = await createGlossary(db, actor, { name: `Bench ${Date.now()}`, description: '' });
  const rows = Array.from({ length: TERMS }, (_, index) => {
    const parent = index % 10 === 0 ? '' : `Term ${index - 1}`;
    const related = [`Term ${(index + 17) % TERMS}`, `Term ${(index + 331) % TERMS}`].join(';');
    return `Term ${index},${parent},Definition of term ${index}.,Synonym ${index},${related},owner,reviewer`;
  });
  let started = performance.now();
  const imported = await importTerms(
    db,
    actor,
    glossary.id,
    ['name,parent,definition,synonyms,related,owners,reviewers', ...rows].join('\r\n'),
  );
  console.log(`  CSV import of ${imported.created} terms (tree, related terms, all checked first): ${ms(performance.now() - started)}`);
  started = performance.now();
  const controller = new AbortController();
  const scan = await scanForPersonalData({
    db,
    warehouse: async () => null,
    organisation,
    signal: controller.signal,
    progress: () => undefined,
  });
  console.log(
    `  Personal-data scan by column name: ${scan.suggested.toLocaleString('en')} suggestions in ${ms(performance.now() - started)}`,
  );
  const categories = await listClassifications(db, organisation);
  const sensitive = categories.flatMap((category) => category.tags).find((tag) => tag.name === 'Sensitive');
  const catalogue = await readCatalogue(db, organisation);
  await timed(`Glossary terms (${TERMS})`, () => listTerms(db, organisation, glossary.id, {}));
  await timed('Glossary terms matching a word', () => listTerms(db, organisation, glossary.id, { q: 'term 99' }));
  await timed(`Classifications with usage (dbt mapped on read)`, () => listClassifications(db, organisation));
  if (sensitive)
    await timed('Where PII.Sensitive applies (first 200)', () => listApplications(db, organisation, { tagId: sensitive.id, limit: 200 }));
  await timed('Pending suggestions (first 1,000)', () => listSuggestions(db, organisation, 'pending'));
  await timed(`Metrics catalogue (${catalogue.metrics.length} metrics, ${catalogue.semanticModels.length} semantic models)`, () =>
    readCatalogue(db, organisation),
  );
}
