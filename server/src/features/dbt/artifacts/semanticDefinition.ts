// What the catalog keeps of a semantic model, a metric, a saved query or a macro beyond its name
// and lineage: a semantic model's entities, dimensions and measures (with the time dimension its
// measures aggregate over), a metric's type, label and type_params, a saved query's metrics,
// group-bys, filters and exports, a macro's documented arguments. MetricFlow's manifest shapes
// vary by dbt version, so every field is read defensively and anything unexpected is left out,
// not refused.
import type { AssetDefinition, SemanticPart as CommonSemanticPart } from '@common/dbt/catalogContract';
import type { ManifestMacro, ManifestSavedQuery, ManifestSemanticResource } from './manifestSchema.js';

export type SemanticPart = CommonSemanticPart;

/** The stored definition (dbt_nodes.semantic) of a semantic model, metric, saved query or macro, as the asset page shows it. */
export type SemanticDefinition = AssetDefinition;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function parts(value: unknown, typeKey: 'type' | 'agg', extra: (item: Record<string, unknown>) => string | null): SemanticPart[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw) => {
    const item = record(raw);
    const name = text(item.name);
    if (!name) return [];
    const nonAdditive = typeKey === 'agg' && item.non_additive_dimension !== null && item.non_additive_dimension !== undefined;
    return [
      {
        name,
        type: text(item[typeKey]) ?? 'unknown',
        expr: text(item.expr),
        description: text(item.description) ?? '',
        extra: extra(item),
        ...(nonAdditive ? { nonAdditive } : {}),
      },
    ];
  });
}

export function semanticDefinition(resource: ManifestSemanticResource, resourceType: 'metric' | 'semantic_model'): SemanticDefinition {
  const raw = resource as Record<string, unknown>;
  if (resourceType === 'semantic_model') {
    return {
      kind: 'semantic_model',
      model: text(raw.model),
      aggTimeDimension: text(record(raw.defaults).agg_time_dimension),
      entities: parts(raw.entities, 'type', () => null),
      dimensions: parts(raw.dimensions, 'type', (item) => text(record(item.type_params).time_granularity)),
      measures: parts(raw.measures, 'agg', (item) => text(item.agg_time_dimension)),
    };
  }
  // A metric-level filter (a where clause in MetricFlow's templating) changes its values.
  const filter =
    raw.filter === null || raw.filter === undefined ? null : typeof raw.filter === 'string' ? raw.filter : JSON.stringify(raw.filter);
  return { kind: 'metric', type: text(raw.type) ?? 'unknown', label: text(raw.label), typeParams: record(raw.type_params), filter };
}

const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(text).filter((item): item is string => item !== null) : text(value) ? [text(value) as string] : [];

/** A saved query (dbt 1.7+): `query_params` holds its metrics, group_by and where (a list of `where_filters`). */
export function savedQueryDefinition(resource: ManifestSavedQuery): SemanticDefinition {
  const params = record(resource.query_params);
  const where = record(params.where);
  const filters = Array.isArray(where.where_filters)
    ? where.where_filters.map((filter) => text(record(filter).where_sql_template)).filter((item): item is string => item !== null)
    : texts(params.where);
  const exports = Array.isArray(resource.exports)
    ? resource.exports.flatMap((raw) => {
        const item = record(raw);
        const name = text(item.name);
        if (!name) return [];
        const config = record(item.config);
        const relation = [text(config.database), text(config.schema_name) ?? text(config.schema), text(config.alias) ?? name]
          .filter(Boolean)
          .join('.');
        return [{ name, exportAs: text(config.export_as), relation: relation || null }];
      })
    : [];
  return {
    kind: 'saved_query',
    label: text(resource.label),
    metrics: texts(params.metrics),
    groupBy: texts(params.group_by),
    where: filters,
    exports,
  };
}

/** A macro's arguments as its YAML documents them (most macros document none: their SQL's signature says it). */
export function macroDefinition(resource: ManifestMacro): SemanticDefinition {
  const args = Array.isArray(resource.arguments)
    ? resource.arguments.flatMap((raw) => {
        const item = record(raw);
        const name = text(item.name);
        return name ? [{ name, type: text(item.type), description: text(item.description) ?? '' }] : [];
      })
    : [];
  return { kind: 'macro', arguments: args };
}
