// Explore's search, on the in-memory project index: the word index (the lexemes PostgreSQL's
// full-text parser made of each search document) finds the documents holding every word typed as
// a prefix, names holding a word inside them are added, and facet counts, filters, ranking and
// highlights are worked out over those matches. Only the page's health is read from the store.
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
import { highlight, highlightedExtract, queryWords } from '../../platform/search/index.js';
import { prefixMatches } from './prefixIndex.js';
import type { IndexDoc, ProjectIndex } from './projectIndex.js';
import { healthOfNodes } from './resultQueries.js';

// The generic pieces live in the platform (one implementation for every search); kept importable here.
export { highlight, queryWords };

type SearchQuery = z.output<typeof catalogSearchQuery>;

/** The catalog's description extract: the shared one, at its default length. */
export const descriptionExtract = (description: string, words: readonly string[]): HighlightedText =>
  highlightedExtract(description, words);

/** Per facet, the ids of the wanted values (null: no filter on that facet). */
function filtersOf(query: SearchQuery, index: ProjectIndex): (Set<number> | null)[] {
  const wanted: Record<CatalogFacetName, readonly string[] | undefined> = {
    kind: query.kind,
    database: query.database,
    schema: query.schema,
    tag: query.tag,
    owner: query.owner,
    package: query.package,
    project: query.project,
    materialized: query.materialized,
    domain: query.domain,
    testStatus: query.testStatus,
    access: query.access,
    contract: query.contract,
    certified: query.certified,
  };
  return catalogFacetNames.map((facet, f) => {
    const values = wanted[facet];
    if (!values || values.length === 0) return null;
    // A value no document has still filters: it matches nothing (-1).
    return new Set(values.map((value) => (index.facetIdOf[f] as Map<string, number>).get(value) ?? -1));
  });
}

/**
 * How well a document's name answers the words, best first: the whole name typed (5), the name
 * starting with what was typed (4), every word starting a word of the name (3), every word inside
 * the name (2, "ustomer" in "customers"), some of them (1), none — the match is in the description
 * or around it (0). ts_rank would weigh the same thing, at a cost per match that a short prefix
 * makes large.
 */
function nameScore(doc: IndexDoc, typed: TypedName): number {
  const { words } = typed;
  const whole = doc.nameLower;
  if (typed.underscored === whole || typed.spaced === whole || typed.joined === whole) return 5;
  if (whole.startsWith(typed.underscored) || whole.startsWith(typed.spaced)) return 4;
  const starts = words.filter((word) => doc.nameWords.some((part) => part.startsWith(word)) || whole.startsWith(word)).length;
  if (starts === words.length) return 3;
  const inside = words.filter((word) => whole.includes(word)).length;
  if (inside === words.length) return 2;
  return starts > 0 || inside > 0 ? 1 : 0;
}

/**
 * Ranks, best first: an asset (model, source, or any other resource) named exactly as typed (0),
 * then one whose name starts so (1), before a column named exactly or starting so (2, 3): people
 * type the name of the thing they look for, and a column sharing it (`stats.customers`) is seldom
 * that thing. Weaker name matches follow by score, assets and columns together (4–7), and a match
 * in the description or around the name last (7).
 */
function rankOf(doc: IndexDoc, typed: TypedName): number {
  const score = nameScore(doc, typed);
  if (score >= 4) return (doc.column === null ? 0 : 2) + (5 - score);
  return 4 + (3 - score);
}

const RANKS = 8;

/** The words typed, and the names they would spell joined, worked out once per search rather than per match. */
interface TypedName {
  words: readonly string[];
  underscored: string;
  spaced: string;
  joined: string;
}

const typedName = (words: readonly string[]): TypedName => ({
  words,
  underscored: words.join('_'),
  spaced: words.join(' '),
  joined: words.join(''),
});

/** Documents whose name (or column's name) holds every word somewhere inside it: what full-text prefixes cannot find. */
function insideNameMatches(index: ProjectIndex, words: readonly string[]): IndexDoc[] {
  index.byNameLower ??= groupByName(index.docs);
  const found: IndexDoc[] = [];
  for (const group of index.byNameLower) {
    if (words.every((word) => group.name.includes(word))) for (const doc of group.docs) found.push(doc);
  }
  return found;
}

function groupByName(docs: readonly IndexDoc[]): Array<{ name: string; docs: IndexDoc[] }> {
  const groups = new Map<string, IndexDoc[]>();
  for (const doc of docs) {
    const group = groups.get(doc.nameLower);
    if (group) group.push(doc);
    else groups.set(doc.nameLower, [doc]);
  }
  return [...groups].map(([name, grouped]) => ({ name, docs: grouped }));
}

function tally(counts: Int32Array | undefined, ids: readonly number[] | undefined): void {
  if (!counts || !ids) return;
  for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
}

/** Facet counts over every document of the index. */
function countAll(index: ProjectIndex): Int32Array[] {
  const counts = index.facetValues.map((values) => new Int32Array(values.length));
  for (const doc of index.docs) for (let f = 0; f < counts.length; f += 1) tally(counts[f], doc.facetIds[f]);
  return counts;
}

/** Within a rank: assets before columns, certified assets before the others, then name order. */
const byAssetThenName = (a: IndexDoc, b: IndexDoc) =>
  (a.column === null ? 0 : 1) - (b.column === null ? 0 : 1) || (a.certified ? 0 : 1) - (b.certified ? 0 : 1) || a.position - b.position;

/** The first `needed` hits with assets before columns, each in name order. */
function assetsFirst(hits: readonly IndexDoc[], needed: number): IndexDoc[] {
  const assets: IndexDoc[] = [];
  for (const doc of hits) {
    if (doc.column === null) assets.push(doc);
    if (assets.length >= needed) return assets;
  }
  for (const doc of hits) {
    if (doc.column !== null) assets.push(doc);
    if (assets.length >= needed) break;
  }
  return assets;
}

/** The first `needed` hits by rank, then assets before columns, certified first, then name order; the rest stay unsorted (never sent). */
function rankedPage(hits: readonly IndexDoc[], words: readonly string[], needed: number): IndexDoc[] {
  const typed = typedName(words);
  const buckets: IndexDoc[][] = Array.from({ length: RANKS }, () => []);
  for (const doc of hits) (buckets[rankOf(doc, typed)] as IndexDoc[]).push(doc);
  const out: IndexDoc[] = [];
  for (const bucket of buckets) {
    if (out.length >= needed) break;
    bucket.sort(byAssetThenName);
    out.push(...bucket.slice(0, needed - out.length));
  }
  return out;
}

export async function searchCatalog(
  db: StoreDb,
  organisation: string,
  index: ProjectIndex | null,
  query: SearchQuery,
): Promise<CatalogSearchResponse> {
  const started = performance.now();
  const facets = Object.fromEntries(catalogFacetNames.map((facet) => [facet, [] as FacetCount[]])) as Record<
    CatalogFacetName,
    FacetCount[]
  >;
  if (!index) return { total: 0, hits: [], facets, tookMs: Math.round(performance.now() - started) };

  const words = queryWords(query.q);
  const typed = (query.q ?? '').trim() !== '';
  let matches: IndexDoc[];
  if (!typed) {
    matches = index.docs;
  } else if (words.length === 0) {
    // Only operators or punctuation: nothing to look for.
    matches = [];
  } else {
    const found = new Uint8Array(index.docs.length);
    matches = [];
    for (const position of prefixMatches(index.prefix, words)) {
      found[position] = 1;
      matches.push(index.docs[position] as IndexDoc);
    }
    for (const doc of insideNameMatches(index, words)) {
      if (found[doc.position] === 1) continue;
      found[doc.position] = 1;
      matches.push(doc);
    }
  }

  // One pass: a document that fails no filter counts in every facet and is a hit; one that
  // fails exactly one filter counts in that facet only (each facet ignores its own filter, so
  // choosing a value still shows what choosing another would give).
  const filters = filtersOf(query, index);
  const filtered = filters.some((filter) => filter !== null);
  let counts: Int32Array[];
  let hits: IndexDoc[];
  if (!typed && !filtered) {
    index.allFacetCounts ??= countAll(index);
    counts = index.allFacetCounts;
    hits = index.docs;
  } else {
    counts = index.facetValues.map((values) => new Int32Array(values.length));
    hits = [];
    for (const doc of matches) {
      let failed = -1;
      let failures = 0;
      for (let f = 0; f < filters.length && failures < 2; f += 1) {
        const wanted = filters[f];
        if (wanted && !(doc.facetIds[f] as number[]).some((id) => wanted.has(id))) {
          failures += 1;
          failed = f;
        }
      }
      if (failures === 0) {
        hits.push(doc);
        for (let f = 0; f < counts.length; f += 1) tally(counts[f], doc.facetIds[f]);
      } else if (failures === 1) {
        tally(counts[failed], doc.facetIds[failed]);
      }
    }
  }
  catalogFacetNames.forEach((facet, f) => {
    const values = index.facetValues[f] as string[];
    const list: FacetCount[] = [];
    (counts[f] as Int32Array).forEach((n, id) => {
      if (n > 0) list.push({ value: values[id] as string, count: n });
    });
    facets[facet] = list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  });

  // Without a query the hits are in name order (the index's). With one, the best name matches
  // first; only as many as the page needs are put in order.
  const total = hits.length;
  // Without a query, assets come before columns (each part in name order).
  const ordered = typed ? rankedPage(hits, words, query.offset + query.limit) : assetsFirst(hits, query.offset + query.limit);

  const page: SearchHit[] = ordered.slice(query.offset, query.offset + query.limit).map((doc) => ({
    kind: doc.kind,
    uniqueId: doc.uniqueId,
    name: doc.name,
    column: doc.column,
    resourceType: doc.resourceType,
    database: doc.database,
    schema: doc.schema,
    packageName: doc.packageName,
    projectName: doc.project,
    nameHighlight: highlight(doc.column ?? doc.name, words, { inWord: true }),
    descriptionHighlight: descriptionExtract(doc.description, words),
    tags: doc.tags,
    testStatus: doc.testStatus,
    health: null as SearchHit['health'],
    certified: doc.certified,
  }));
  // The page's models and sources with their own health (one read of their latest results).
  const health = await healthOfNodes(db, organisation, index, [...new Set(page.map((hit) => hit.uniqueId))], new Date());
  for (const hit of page) hit.health = health.get(hit.uniqueId)?.status ?? null;
  return { total, hits: page, facets, tookMs: Math.round((performance.now() - started) * 10) / 10 };
}
