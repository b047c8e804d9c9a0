// What explore's full-text search indexes: one document per model, source, seed, snapshot,
// exposure, metric, semantic model, saved query and macro, and one per column. Names weigh most
// (A), descriptions next (B), then the words around them (C: tags, schema, owners, the node a
// column belongs to, and what a definition names: a semantic model's entities, dimensions and
// measures, a saved query's metrics and group-bys, a macro's arguments).
import type { SearchableKind } from '@common/dbt/catalogContract';
import type { Insertable } from 'kysely';
import type { NormalisedNode } from './artifacts/manifest.js';
import type { SemanticDefinition } from './artifacts/semanticDefinition.js';
import type { DbtSearchDocsTable } from './tables.js';
import { searchableNodeKinds as searchableNodes, versionedName } from '@common/dbt/catalogContract';

const searchableNodeKinds = new Set<string>(searchableNodes);

/** The names a definition holds, so that typing a measure or a group-by finds what defines it. */
function definitionWords(definition: SemanticDefinition | null): string[] {
  switch (definition?.kind) {
    case 'semantic_model':
      return [
        definition.model,
        ...[...definition.entities, ...definition.dimensions, ...definition.measures].map((part) => part.name),
      ].filter((word): word is string => Boolean(word));
    case 'saved_query':
      return [definition.label ?? '', ...definition.metrics, ...definition.groupBy].filter(Boolean);
    case 'macro':
      return definition.arguments.map((argument) => argument.name);
    default:
      return [];
  }
}

/** A row of `dbt_search_docs` as written (its id, organisation and document are the store's to fill). */
export type SearchDocumentRow = Omit<Insertable<DbtSearchDocsTable>, 'id' | 'organisation_id' | 'project_name'> & { kind: SearchableKind };

/**
 * PostgreSQL's parser keeps `stg_orders` apart as `stg` and `orders` only sometimes (it reads
 * some underscored or dotted words as one token), so names are indexed both as written and
 * with their separators turned into spaces: typing "ord" then always finds "stg_orders".
 */
export function nameWords(name: string): string {
  const spaced = name.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return spaced === name ? name : `${name} ${spaced}`;
}

export function searchDocumentsOf(
  nodes: readonly NormalisedNode[],
  columnsOf: (uniqueId: string) => { name: string; description: string }[],
): SearchDocumentRow[] {
  const docs: SearchDocumentRow[] = [];
  for (const node of nodes) {
    if (!searchableNodeKinds.has(node.resourceType)) continue;
    const kind = node.resourceType as SearchableKind;
    const label = versionedName(node.name, node.version);
    const displayName = node.sourceName ? `${node.sourceName}.${label}` : label;
    docs.push({
      kind,
      unique_id: node.uniqueId,
      column_name: null,
      name: label,
      description: node.description,
      weight_a: nameWords(displayName),
      weight_b: node.description,
      weight_c: [
        ...node.tags,
        node.database,
        node.schema,
        node.packageName,
        ...node.owners,
        node.domain,
        node.exposure?.label,
        ...definitionWords(node.semantic),
      ]
        .filter(Boolean)
        .map((word) => nameWords(String(word)))
        .join(' '),
    });
    for (const column of columnsOf(node.uniqueId)) {
      docs.push({
        kind: 'column',
        unique_id: node.uniqueId,
        column_name: column.name,
        name: label,
        description: column.description,
        weight_a: nameWords(column.name),
        weight_b: column.description,
        weight_c: nameWords(displayName),
      });
    }
  }
  return docs;
}
