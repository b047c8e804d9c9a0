// The search documents of an organisation's catalog as the project index holds them: one per
// model, source, seed, snapshot, exposure, metric, semantic model, saved query and macro, and one
// per column, each with its place in the name order; beside them, in flat arrays indexed by that
// place, their facet values (facetColumns.ts), their names grouped (nameGroups.ts) and the word
// index explore's search finds prefixes in (prefixIndex.ts).
import { sql } from 'kysely';
import {
  catalogFacetNames,
  type CatalogFacetName,
  type CatalogResourceType,
  type SearchableKind,
  type TestStatus,
} from '@common/dbt/catalogContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { buildFacetColumn, type FacetColumn } from './facetColumns.js';
import { buildNameGroups, type NameGroups } from './nameGroups.js';
import { buildPrefixIndex, type PrefixIndex } from './prefixIndex.js';

export interface IndexDoc {
  kind: SearchableKind;
  uniqueId: string;
  column: string | null;
  name: string;
  description: string;
  resourceType: CatalogResourceType;
  database: string | null;
  schema: string | null;
  packageName: string;
  /** The dbt project it belongs to. */
  project: string;
  tags: string[];
  owners: string[];
  materialized: string | null;
  domain: string | null;
  /** Model governance: access (private, protected, public) and whether a contract is enforced (models only). */
  access: string | null;
  contract: 'enforced' | 'not enforced' | null;
  /** The project certifies the asset (false for a column). */
  certified: boolean;
  testStatus: TestStatus | null;
  /** Place in the name order (name, kind, column, id): sorting hits is then an integer compare. */
  position: number;
}

/** The values a document has for a facet (several for tags and owners). */
function facetValuesOf(doc: IndexDoc, facet: CatalogFacetName): string[] {
  switch (facet) {
    case 'kind':
      return [doc.kind];
    case 'database':
      return doc.database ? [doc.database] : [];
    case 'schema':
      return doc.schema ? [doc.schema] : [];
    case 'tag':
      return [...new Set(doc.tags)];
    case 'owner':
      return [...new Set(doc.owners)];
    case 'package':
      return [doc.packageName];
    case 'project':
      return [doc.project];
    case 'materialized':
      return doc.materialized ? [doc.materialized] : [];
    case 'domain':
      return doc.domain ? [doc.domain] : [];
    case 'testStatus':
      return doc.testStatus ? [doc.testStatus] : [];
    case 'access':
      return doc.access ? [doc.access] : [];
    case 'contract':
      return doc.contract ? [doc.contract] : [];
    case 'certified':
      // An asset is certified or not; a column is neither (its asset's facet says).
      return doc.column === null ? [doc.certified ? 'certified' : 'not certified'] : [];
  }
}

const kindOrder: Record<string, number> = {
  model: 0,
  source: 1,
  seed: 2,
  snapshot: 3,
  exposure: 4,
  metric: 5,
  semantic_model: 6,
  saved_query: 7,
  macro: 8,
  column: 9,
};

export const jsonList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export interface IndexDocuments {
  /** Documents in name order. */
  docs: IndexDoc[];
  /** Per facet (in catalogFacetNames order), every value some document has and each document's values. */
  facets: FacetColumn[];
  /** The documents grouped by lower-cased name (of the asset, or of the column). */
  names: NameGroups;
  /** Every lexeme of the documents, with the positions (in `docs`) of those holding it. */
  prefix: PrefixIndex;
}

/** Last test statuses: of a node's tests, and of the tests on one of its columns (lower-cased name). */
export interface TestStatusLookup {
  ofNode(uniqueId: string): TestStatus | null;
  ofColumn(uniqueId: string, columnLower: string): TestStatus | null;
}

export async function loadIndexDocuments(db: StoreDb, organisation: string, testStatus: TestStatusLookup): Promise<IndexDocuments> {
  const docRows = await db
    .selectFrom('dbt_search_docs as d')
    .innerJoin('dbt_nodes as n', (join) =>
      join
        .onRef('n.organisation_id', '=', 'd.organisation_id')
        .onRef('n.unique_id', '=', 'd.unique_id')
        .onRef('n.project_name', '=', 'd.project_name'),
    )
    .select([
      'd.kind',
      'd.unique_id',
      'd.column_name',
      'd.name',
      'd.description',
      'n.resource_type',
      'n.database_name',
      'n.schema_name',
      'n.package_name',
      'n.project_name',
      'n.tags',
      'n.owners',
      'n.materialized',
      'n.domain',
      'n.access',
      'n.contract_enforced',
      'n.certified',
      // The lexemes PostgreSQL's parser made of the document, for the in-memory word index.
      sql<string>`array_to_string(tsvector_to_array(d.document), ' ')`.as('lexemes'),
    ])
    .where('d.organisation_id', '=', organisation)
    .execute();
  const docs: IndexDoc[] = docRows.map((row, rowNumber) => ({
    kind: row.kind as SearchableKind,
    uniqueId: row.unique_id,
    column: row.column_name,
    name: row.name,
    description: row.description,
    resourceType: row.resource_type as CatalogResourceType,
    database: row.database_name,
    schema: row.schema_name,
    packageName: row.package_name,
    project: row.project_name,
    tags: jsonList(row.tags),
    owners: jsonList(row.owners),
    materialized: row.materialized,
    domain: row.domain,
    access: row.access,
    contract: row.resource_type === 'model' && !row.column_name ? (row.contract_enforced ? 'enforced' : 'not enforced') : null,
    certified: !row.column_name && row.certified,
    testStatus: row.column_name ? testStatus.ofColumn(row.unique_id, row.column_name.toLowerCase()) : testStatus.ofNode(row.unique_id),
    // The row's number until the documents are sorted, then the place in the name order.
    position: rowNumber,
  }));
  // Sorted once here, so that a search never sorts with localeCompare.
  docs.sort(
    (a, b) =>
      a.name.localeCompare(b.name) ||
      (kindOrder[a.kind] ?? 9) - (kindOrder[b.kind] ?? 9) ||
      (a.column ?? '').localeCompare(b.column ?? '') ||
      a.uniqueId.localeCompare(b.uniqueId),
  );
  const lexemes = docs.map((doc) => (docRows[doc.position] as { lexemes: string }).lexemes);
  docs.forEach((doc, position) => (doc.position = position));
  return {
    docs,
    facets: catalogFacetNames.map((facet) => buildFacetColumn(docs.map((doc) => facetValuesOf(doc, facet)))),
    names: buildNameGroups(docs.map((doc) => (doc.column ?? doc.name).toLowerCase())),
    prefix: buildPrefixIndex(lexemes),
  };
}
