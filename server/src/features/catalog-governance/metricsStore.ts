// Metrics: the manifest's semantic models and metrics as the dbt layer keeps them (catalog_read_nodes with
// their `semantic` definition), each metric with the measures it reads, the metrics it combines
// and whether its values can be queried (and if not, why), and its lineage.
import { sql } from 'kysely';
import type { MetricDetailResponse, MetricRecord, SemanticModelRecord } from '@common/catalog-governance/metricsContract';
import type { StoreDb } from '../../platform/store/openStore.js';
import { GovernanceNotFoundError } from './errors.js';
import { expressionSql } from './metricExpressions.js';

interface StoredPart {
  name: string;
  type: string;
  expr: string | null;
  description: string;
  extra: string | null;
  nonAdditive?: boolean;
}
type Stored =
  | {
      kind: 'semantic_model';
      model: string | null;
      aggTimeDimension: string | null;
      entities: StoredPart[];
      dimensions: StoredPart[];
      measures: StoredPart[];
    }
  | { kind: 'metric'; type: string; label: string | null; typeParams: Record<string, unknown>; filter?: string | null };

interface NodeRow {
  unique_id: string;
  name: string;
  resource_type: string;
  description: string;
  owners: unknown;
  domain: string | null;
  semantic: unknown;
  parents: unknown;
}

interface Parent {
  id: string;
  name: string;
  type: string;
  materialized: string | null;
  database: string | null;
  schema: string | null;
  identifier: string | null;
  columns: string[] | null;
}

export const QUERYABLE_AGGS = ['sum', 'count', 'count_distinct', 'min', 'max', 'average', 'sum_boolean'] as const;
const TABLE_TYPES = new Set(['model', 'seed', 'snapshot', 'source']);

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const nameOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
      ? (value as { name: string }).name
      : null;

/** A semantic model with what the values query needs: its table and its columns. */
export interface SemanticModelInfo extends SemanticModelRecord {
  table: Parent | null;
  measureParts: StoredPart[];
  dimensionParts: StoredPart[];
}

export interface Catalogue {
  metrics: (MetricRecord & { measure: { part: StoredPart; model: SemanticModelInfo } | null })[];
  semanticModels: SemanticModelInfo[];
}

function toPart(part: StoredPart) {
  return { name: part.name, type: part.type, expr: part.expr, description: part.description };
}

/** Every semantic model and metric of the organisation (one statement), resolved against each other. */
export async function readCatalogue(db: StoreDb, organisation: string): Promise<Catalogue> {
  const { rows } = await sql<NodeRow>`
    SELECT n.unique_id, n.name, n.resource_type, n.description, n.owners, n.domain, n.semantic,
      COALESCE((SELECT json_agg(json_build_object('id', p.unique_id, 'name', p.name, 'type', p.resource_type, 'materialized', p.materialized,
          'database', p.database_name, 'schema', p.schema_name, 'identifier', p.identifier,
          'columns', (SELECT json_agg(lower(c.name)) FROM catalog_read_columns c WHERE c.organisation_id = p.organisation_id AND c.node_id = p.unique_id)))
        FROM catalog_read_edges e JOIN catalog_read_nodes p ON p.organisation_id = e.organisation_id AND p.unique_id = e.parent_id
        WHERE e.organisation_id = n.organisation_id AND e.child_id = n.unique_id), '[]'::json) AS parents
    FROM catalog_read_nodes n
    WHERE n.organisation_id = ${organisation} AND n.resource_type IN ('semantic_model', 'metric')
    ORDER BY n.resource_type, lower(n.name)`.execute(db);

  const semanticModels: SemanticModelInfo[] = [];
  const measures = new Map<string, { part: StoredPart; model: SemanticModelInfo }>();
  for (const row of rows.filter((node) => node.resource_type === 'semantic_model')) {
    const stored = json<Stored | null>(row.semantic);
    const parents = json<Parent[]>(row.parents);
    const table = parents.find((parent) => TABLE_TYPES.has(parent.type)) ?? null;
    const definition = stored?.kind === 'semantic_model' ? stored : null;
    const info: SemanticModelInfo = {
      id: row.unique_id,
      name: row.name,
      description: row.description,
      modelId: table?.id ?? null,
      modelName: table?.name ?? null,
      aggTimeDimension: definition?.aggTimeDimension ?? null,
      entities: (definition?.entities ?? []).map(toPart),
      dimensions: (definition?.dimensions ?? []).map(toPart),
      measures: (definition?.measures ?? []).map(toPart),
      table,
      measureParts: definition?.measures ?? [],
      dimensionParts: definition?.dimensions ?? [],
    };
    semanticModels.push(info);
    for (const part of info.measureParts) measures.set(part.name, { part, model: info });
  }

  const metrics: Catalogue['metrics'] = [];
  for (const row of rows.filter((node) => node.resource_type === 'metric')) {
    const stored = json<Stored | null>(row.semantic);
    const definition = stored?.kind === 'metric' ? stored : null;
    const params = definition?.typeParams ?? {};
    const measureNames = [
      nameOf(params.measure),
      ...(Array.isArray(params.input_measures) ? params.input_measures.map(nameOf) : []),
    ].filter((name): name is string => Boolean(name));
    const inputs = [
      nameOf(params.numerator),
      nameOf(params.denominator),
      ...(Array.isArray(params.metrics) ? params.metrics.map(nameOf) : []),
    ].filter((name): name is string => Boolean(name));
    const distinct = [...new Set(measureNames)];
    const own = nameOf(params.measure);
    const measure = own ? (measures.get(own) ?? null) : null;
    metrics.push({
      id: row.unique_id,
      name: row.name,
      label: definition?.label ?? row.name,
      description: row.description,
      type: definition?.type ?? 'unknown',
      typeParams: params,
      owners: json<string[]>(row.owners) ?? [],
      domain: row.domain,
      measures: distinct.map((name) => ({
        name,
        agg: measures.get(name)?.part.type ?? null,
        semanticModel: measures.get(name)?.model.name ?? null,
      })),
      inputs: [...new Set(inputs)],
      noValuesReason: definition
        ? (filterReason(definition.filter ?? null, params.measure) ?? noValuesReason(definition.type, own, measure))
        : 'Ingested before the portal kept metric definitions: upload the dbt artifacts again to see its definition and values.',
      measure,
    });
  }
  return { metrics, semanticModels };
}

/** The time dimension a measure is aggregated over: its own agg_time_dimension, else its model's default. */
export function timeDimensionOf(measure: { part: StoredPart; model: SemanticModelInfo }): StoredPart | null {
  const name = measure.part.extra ?? measure.model.aggTimeDimension;
  return measure.model.dimensionParts.find((dimension) => dimension.name === name && dimension.type.toLowerCase() === 'time') ?? null;
}

/** MetricFlow filters are templated where clauses the portal does not evaluate: no values rather than wrong ones. */
function filterReason(metricFilter: string | null, measureInput: unknown): string | null {
  const inputFilter = typeof measureInput === 'object' && measureInput !== null ? (measureInput as { filter?: unknown }).filter : null;
  const hasFilter = (value: unknown) =>
    value !== null && value !== undefined && !(typeof value === 'object' && Object.keys(value as object).length === 0) && value !== '';
  if (hasFilter(metricFilter) || hasFilter(inputFilter))
    return 'It filters its measure with a MetricFlow where clause, which the portal does not evaluate; it shows no values rather than unfiltered ones.';
  return null;
}

function noValuesReason(
  type: string,
  measureName: string | null,
  measure: { part: StoredPart; model: SemanticModelInfo } | null,
): string | null {
  if (type !== 'simple')
    return `A ${type} metric is computed from other metrics or over windows; the portal queries values of simple metrics over one measure.`;
  if (!measureName || !measure) return `Its measure ${measureName ?? ''} is in no semantic model of the manifest.`.replace('  ', ' ');
  if (measure.part.nonAdditive)
    return `Its measure ${measure.part.name} is not additive over a dimension (non_additive_dimension), so summing it per period would be wrong.`;
  const agg = measure.part.type.toLowerCase();
  if (!(QUERYABLE_AGGS as readonly string[]).includes(agg))
    return `Its measure aggregates with ${agg}; the portal queries ${QUERYABLE_AGGS.join(', ')}.`;
  const table = measure.model.table;
  if (!table) return `The semantic model ${measure.model.name} names no model the manifest has.`;
  if (table.materialized === 'ephemeral')
    return `The semantic model ${measure.model.name} reads the ephemeral model ${table.name}, which has no table to query.`;
  const time = timeDimensionOf(measure);
  if (!time) return `The semantic model ${measure.model.name} has no time dimension for ${measure.part.name} to be counted over.`;
  // With no documented columns the expressions cannot be checked here; the query will say.
  if (table.columns) {
    const columns = new Set(table.columns);
    for (const [what, part] of [
      ['measure', measure.part],
      ['time dimension', time],
    ] as const) {
      const checked = expressionSql(part.expr ?? part.name, columns);
      if ('problem' in checked) return `Its ${what} ${part.name} cannot be queried: ${checked.problem}.`;
    }
  }
  return null;
}

export async function metricDetail(db: StoreDb, organisation: string, metricId: string): Promise<MetricDetailResponse> {
  const catalogue = await readCatalogue(db, organisation);
  const found = catalogue.metrics.find((metric) => metric.id === metricId);
  if (!found) throw new GovernanceNotFoundError('metric');
  const { measure: _measure, ...metric } = found;
  const { rows: upstream } = await sql<{ id: string; name: string; resource_type: string; depth: number }>`
    WITH RECURSIVE up(id, depth) AS (
      SELECT parent_id, 1 FROM catalog_read_edges WHERE organisation_id = ${organisation} AND child_id = ${metricId}
      UNION
      SELECT e.parent_id, up.depth + 1 FROM catalog_read_edges e JOIN up ON e.child_id = up.id WHERE e.organisation_id = ${organisation} AND up.depth < 8
    )
    SELECT n.unique_id AS id, n.name, n.resource_type, min(up.depth) AS depth
    FROM up JOIN catalog_read_nodes n ON n.organisation_id = ${organisation} AND n.unique_id = up.id
    GROUP BY n.unique_id, n.name, n.resource_type ORDER BY min(up.depth), n.name LIMIT 200`.execute(db);
  const downstream = await db
    .selectFrom('catalog_read_edges as e')
    .innerJoin('catalog_read_nodes as n', (join) =>
      join.onRef('n.organisation_id', '=', 'e.organisation_id').onRef('n.unique_id', '=', 'e.child_id'),
    )
    .select(['n.unique_id as id', 'n.name', 'n.resource_type'])
    .where('e.organisation_id', '=', organisation)
    .where('e.parent_id', '=', metricId)
    .orderBy('n.name')
    .limit(200)
    .execute();
  return {
    metric,
    upstream: upstream.map((row) => ({ id: row.id, name: row.name, resourceType: row.resource_type, depth: Number(row.depth) })),
    downstream: downstream.map((row) => ({ id: row.id, name: row.name, resourceType: row.resource_type })),
  };
}
