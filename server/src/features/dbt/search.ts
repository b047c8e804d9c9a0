// Explore's search: PostgreSQL full-text search over the organisation's search documents finds
// and ranks the matches (prefix matching on every word typed); the facet counts, filters and
// highlights are then worked out on the in-memory project index.
import { sql } from 'kysely';
import {
  catalogFacetNames,
  type CatalogFacetName,
  type CatalogSearchResponse,
  type FacetCount,
  type HighlightedText,
  type SearchHit,
  type catalogSearchQuery,
} from '@common/dbt/catalogContract';
import type { z } from 'zod';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { IndexDoc, ProjectIndex } from './projectIndex.js';

type SearchQuery = z.output<typeof catalogSearchQuery>;

/** At most this many words of a query are searched for. */
const MAX_WORDS = 12;
const EXTRACT_LENGTH = 180;

/**
 * The words of a query, lower-cased, letters and digits only: whatever else was typed
 * (operators, quotes, brackets, colons) separates words and never reaches to_tsquery as syntax.
 */
export function queryWords(q: string | undefined): string[] {
  const words = (q ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** `'ord':* & 'cust':*` — every word as a prefix; the words hold no quote or operator. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((word) => `'${word}':*`).join(' & ');
}

/** Splits `text` into parts, marking every word that starts with one of the query words. */
export function highlight(text: string, words: readonly string[]): HighlightedText {
  if (text === '') return [];
  if (words.length === 0) return [{ text, match: false }];
  const parts: HighlightedText = [];
  let plain = '';
  for (const token of text.split(/([\p{L}\p{N}]+)/u)) {
    if (token === '') continue;
    const lower = token.toLowerCase();
    if (/^[\p{L}\p{N}]+$/u.test(token) && words.some((word) => lower.startsWith(word))) {
      if (plain) parts.push({ text: plain, match: false });
      plain = '';
      parts.push({ text: token, match: true });
    } else {
      plain += token;
    }
  }
  if (plain) parts.push({ text: plain, match: false });
  return parts;
}

/** A piece of the description around its first match, highlighted. */
export function descriptionExtract(description: string, words: readonly string[]): HighlightedText {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXTRACT_LENGTH) return highlight(flat, words);
  const lower = flat.toLowerCase();
  const first = words.map((word) => lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'u'))).filter((at) => at >= 0).sort((a, b) => a - b)[0] ?? 0;
  const start = Math.max(0, Math.min(first - 40, flat.length - EXTRACT_LENGTH));
  const piece = `${start > 0 ? '…' : ''}${flat.slice(start, start + EXTRACT_LENGTH)}${start + EXTRACT_LENGTH < flat.length ? '…' : ''}`;
  return highlight(piece, words);
}

/** The values a document has for a facet (several for tags and owners). */
function facetValues(doc: IndexDoc, facet: CatalogFacetName): string[] {
  switch (facet) {
    case 'kind':
      return [doc.kind];
    case 'database':
      return doc.database ? [doc.database] : [];
    case 'schema':
      return doc.schema ? [doc.schema] : [];
    case 'tag':
      return doc.tags;
    case 'owner':
      return doc.owners;
    case 'package':
      return [doc.packageName];
    case 'materialized':
      return doc.materialized ? [doc.materialized] : [];
    case 'domain':
      return doc.domain ? [doc.domain] : [];
    case 'testStatus':
      return doc.testStatus ? [doc.testStatus] : [];
  }
}

function filtersOf(query: SearchQuery): Map<CatalogFacetName, Set<string>> {
  const filters = new Map<CatalogFacetName, Set<string>>();
  const add = (facet: CatalogFacetName, values: readonly string[] | undefined) => {
    if (values && values.length > 0) filters.set(facet, new Set(values));
  };
  add('kind', query.kind);
  add('database', query.database);
  add('schema', query.schema);
  add('tag', query.tag);
  add('owner', query.owner);
  add('package', query.package);
  add('materialized', query.materialized);
  add('domain', query.domain);
  add('testStatus', query.testStatus);
  return filters;
}

function passes(doc: IndexDoc, filters: Map<CatalogFacetName, Set<string>>, except?: CatalogFacetName): boolean {
  for (const [facet, wanted] of filters) {
    if (facet === except) continue;
    if (!facetValues(doc, facet).some((value) => wanted.has(value))) return false;
  }
  return true;
}

/** Ids and ranks of the documents matching every word as a prefix, by PostgreSQL full-text search. */
async function fullTextMatches(db: StoreDb, organisation: string, words: readonly string[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: string | number; rank: number }>`
    SELECT id, ts_rank(document, query) AS rank
    FROM dbt_search_docs, to_tsquery('simple', ${prefixQuery(words)}) AS query
    WHERE organisation_id = ${organisation} AND document @@ query`.execute(db);
  return new Map(rows.rows.map((row) => [String(row.id), Number(row.rank)]));
}

const kindOrder: Record<string, number> = { model: 0, source: 1, seed: 2, snapshot: 3, exposure: 4, metric: 5, column: 6 };

export async function searchCatalog(db: StoreDb, organisation: string, index: ProjectIndex | null, query: SearchQuery): Promise<CatalogSearchResponse> {
  const started = performance.now();
  const facets = Object.fromEntries(catalogFacetNames.map((facet) => [facet, [] as FacetCount[]])) as Record<CatalogFacetName, FacetCount[]>;
  if (!index) return { total: 0, hits: [], facets, tookMs: Math.round(performance.now() - started) };

  const words = queryWords(query.q);
  const typed = (query.q ?? '').trim() !== '';
  let matches: IndexDoc[];
  let ranks: Map<string, number> | null = null;
  if (!typed) {
    matches = index.docs;
  } else if (words.length === 0) {
    // Only operators or punctuation: nothing to look for.
    matches = [];
  } else {
    ranks = await fullTextMatches(db, organisation, words);
    matches = [...ranks.keys()].map((id) => index.docsById.get(id)).filter((doc): doc is IndexDoc => doc !== undefined);
  }

  const filters = filtersOf(query);
  // Each facet counts the matches that pass every other facet's filter, so choosing a value
  // still shows what choosing another instead would give.
  for (const facet of catalogFacetNames) {
    const counts = new Map<string, number>();
    for (const doc of matches) {
      if (!passes(doc, filters, facet)) continue;
      for (const value of new Set(facetValues(doc, facet))) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    facets[facet] = [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }

  const hits = matches.filter((doc) => passes(doc, filters));
  const byName = (a: IndexDoc, b: IndexDoc) =>
    a.name.localeCompare(b.name) || (kindOrder[a.kind] ?? 9) - (kindOrder[b.kind] ?? 9) || (a.column ?? '').localeCompare(b.column ?? '') || a.uniqueId.localeCompare(b.uniqueId);
  if (ranks) {
    const exact = (doc: IndexDoc) => (words.length === 1 && (doc.column ?? doc.name).toLowerCase() === words[0] ? 1 : 0);
    hits.sort((a, b) => exact(b) - exact(a) || (ranks.get(b.id) ?? 0) - (ranks.get(a.id) ?? 0) || byName(a, b));
  } else {
    hits.sort(byName);
  }

  const page: SearchHit[] = hits.slice(query.offset, query.offset + query.limit).map((doc) => ({
    kind: doc.kind,
    uniqueId: doc.uniqueId,
    name: doc.name,
    column: doc.column,
    resourceType: doc.resourceType,
    database: doc.database,
    schema: doc.schema,
    packageName: doc.packageName,
    nameHighlight: highlight(doc.column ?? doc.name, words),
    descriptionHighlight: descriptionExtract(doc.description, words),
    tags: doc.tags,
    testStatus: doc.testStatus,
  }));
  return { total: hits.length, hits: page, facets, tookMs: Math.round((performance.now() - started) * 10) / 10 };
}
