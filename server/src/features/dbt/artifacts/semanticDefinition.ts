// What the catalog keeps of a semantic model or a metric beyond its name and lineage: a semantic
// model's entities, dimensions and measures (with the time dimension its measures aggregate
// over), a metric's type, label and type_params. MetricFlow's manifest shapes vary by dbt
// version, so every field is read defensively and anything unexpected is left out, not refused.
import type { ManifestSemanticResource } from './manifestSchema.js';

export interface SemanticPart {
  name: string;
  /** Entities and dimensions: their type; measures: their agg. */
  type: string;
  expr: string | null;
  description: string;
  /** Time dimensions: their granularity; measures: their own agg_time_dimension. */
  extra: string | null;
  /** Measures: a non_additive_dimension is set (a balance, say: summing over time would be wrong). */
  nonAdditive?: boolean;
}

export type SemanticDefinition =
  | {
      kind: 'semantic_model';
      model: string | null;
      aggTimeDimension: string | null;
      entities: SemanticPart[];
      dimensions: SemanticPart[];
      measures: SemanticPart[];
    }
  | { kind: 'metric'; type: string; label: string | null; typeParams: Record<string, unknown>; filter: string | null };

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
