/**
 * The YAML a dbt project describes its resources with, parsed into the reader's types: columns
 * and their data tests, sources with freshness, exposures, semantic models and metrics.
 */
import { renderEnvVars } from './jinja.js';
import type { ColumnDef, ExposureDef, FreshnessRule, MetricDef, SemanticModelDef, SourceTableDef, TestSpec } from './projectTypes.js';
import { ProjectError, description, list, optionalText, record, strings, text, type Yaml } from './yamlValues.js';

export function severityOf(value: unknown, file: string): 'error' | 'warn' {
  const severity = (optionalText(value, file, 'severity') ?? 'error').toLowerCase();
  if (severity !== 'error' && severity !== 'warn') throw new ProjectError(file, `severity must be error or warn, not ${severity}`);
  return severity;
}

const GENERIC_TESTS = ['not_null', 'unique', 'accepted_values', 'relationships'] as const;

function testSpec(item: unknown, file: string, defaultSeverity: 'error' | 'warn'): TestSpec {
  if (typeof item === 'string') {
    if (!(GENERIC_TESTS as readonly string[]).includes(item)) throw new ProjectError(file, `unknown data test ${item}`);
    return { kind: item as TestSpec['kind'], arguments: {}, severity: defaultSeverity };
  }
  const entry = record(item, file, 'data test');
  const [kind, body] = Object.entries(entry)[0] ?? [];
  if (!kind || !(GENERIC_TESTS as readonly string[]).includes(kind)) throw new ProjectError(file, `unknown data test ${kind ?? '(empty)'}`);
  const spec = record(body, file, kind);
  // dbt 1.10 moved test inputs under `arguments:`; before that they sat beside `config:`.
  const { config, arguments: args, ...legacy } = spec;
  const configRecord = record(config, file, `${kind}.config`);
  return {
    kind: kind as TestSpec['kind'],
    arguments: { ...legacy, ...record(args, file, `${kind}.arguments`) },
    severity: configRecord.severity === undefined ? defaultSeverity : severityOf(configRecord.severity, file),
  };
}

export function columns(value: unknown, file: string, defaultSeverity: 'error' | 'warn'): ColumnDef[] {
  return list(value, file, 'columns').map((item) => {
    const column = record(item, file, 'column');
    const name = text(column.name, file, 'column name');
    const config = record(column.config, file, `${name}.config`);
    return {
      name,
      description: description(column.description, file, `${name}.description`),
      meta: { ...record(column.meta, file, `${name}.meta`), ...record(config.meta, file, `${name}.config.meta`) },
      tags: strings(column.tags ?? config.tags, file, `${name}.tags`),
      tests: list(column.data_tests ?? column.tests, file, `${name}.data_tests`).map((test) => testSpec(test, file, defaultSeverity)),
      ...(column.granularity === undefined ? {} : { granularity: text(column.granularity, file, `${name}.granularity`) }),
    };
  });
}

const PERIODS = ['minute', 'hour', 'day'] as const;

function threshold(value: unknown, file: string, key: string): FreshnessRule['warn_after'] {
  if (value === undefined || value === null) return null;
  const rule = record(value, file, key);
  const period = text(rule.period, file, `${key}.period`);
  if (typeof rule.count !== 'number' || !(PERIODS as readonly string[]).includes(period))
    throw new ProjectError(file, `${key} needs a count and a period (minute, hour, day)`);
  return { count: rule.count, period: period as (typeof PERIODS)[number] };
}

/** A table's freshness overrides its source's; `freshness: null` switches it off. */
function freshness(own: unknown, inherited: FreshnessRule | null, file: string): FreshnessRule | null {
  if (own === null) return null;
  if (own === undefined) return inherited;
  const rule = record(own, file, 'freshness');
  return {
    warn_after: threshold(rule.warn_after, file, 'warn_after'),
    error_after: threshold(rule.error_after, file, 'error_after'),
    filter: optionalText(rule.filter, file, 'filter'),
  };
}

export function sources(doc: Yaml, file: string, testSeverity: 'error' | 'warn'): SourceTableDef[] {
  return list(doc.sources, file, 'sources').flatMap((item) => {
    const source = record(item, file, 'source');
    const sourceName = text(source.name, file, 'source name');
    const sourceFreshness = freshness(source.freshness, null, file);
    return list(source.tables, file, `${sourceName}.tables`).map((tableItem): SourceTableDef => {
      const table = record(tableItem, file, 'table');
      const name = text(table.name, file, 'table name');
      return {
        sourceName,
        name,
        identifier: optionalText(table.identifier, file, `${name}.identifier`) ?? name,
        schema: optionalText(source.schema, file, `${sourceName}.schema`) ?? sourceName,
        filePath: file,
        sourceDescription: description(source.description, file, `${sourceName}.description`),
        description: description(table.description, file, `${name}.description`),
        loader: optionalText(source.loader, file, `${sourceName}.loader`) ?? '',
        loadedAtField:
          optionalText(table.loaded_at_field, file, `${name}.loaded_at_field`) ??
          optionalText(source.loaded_at_field, file, `${sourceName}.loaded_at_field`),
        freshness: freshness(table.freshness, sourceFreshness, file),
        meta: record(table.meta, file, `${name}.meta`),
        sourceMeta: record(source.meta, file, `${sourceName}.meta`),
        tags: [...new Set([...strings(source.tags, file, 'tags'), ...strings(table.tags, file, 'tags')])],
        columns: columns(table.columns, file, testSeverity),
      };
    });
  });
}

const EXPOSURE_TYPES = ['dashboard', 'notebook', 'analysis', 'ml', 'application'] as const;
const MATURITIES = ['low', 'medium', 'high'] as const;

export function exposures(doc: Yaml, file: string, env: Readonly<Record<string, string>>): ExposureDef[] {
  return list(doc.exposures, file, 'exposures').map((item) => {
    const exposure = record(item, file, 'exposure');
    const name = text(exposure.name, file, 'exposure name');
    const type = text(exposure.type, file, `${name}.type`);
    const maturity = optionalText(exposure.maturity, file, `${name}.maturity`);
    if (!(EXPOSURE_TYPES as readonly string[]).includes(type)) throw new ProjectError(file, `${name}: unknown exposure type ${type}`);
    if (maturity !== null && !(MATURITIES as readonly string[]).includes(maturity))
      throw new ProjectError(file, `${name}: unknown maturity ${maturity}`);
    const owner = record(exposure.owner, file, `${name}.owner`);
    const config = record(exposure.config, file, `${name}.config`);
    const url = optionalText(exposure.url, file, `${name}.url`);
    return {
      name,
      label: optionalText(exposure.label, file, `${name}.label`),
      type: type as ExposureDef['type'],
      maturity: maturity as ExposureDef['maturity'],
      url: url === null ? null : renderEnvVars(url, env, file),
      description: description(exposure.description, file, `${name}.description`),
      owner: { name: optionalText(owner.name, file, 'owner.name'), email: optionalText(owner.email, file, 'owner.email') },
      dependsOn: strings(exposure.depends_on, file, `${name}.depends_on`),
      tags: strings(exposure.tags, file, `${name}.tags`),
      meta: { ...record(exposure.meta, file, `${name}.meta`), ...record(config.meta, file, `${name}.config.meta`) },
      filePath: file,
    };
  });
}

const ENTITY_TYPES = ['primary', 'unique', 'foreign', 'natural'] as const;
const DIMENSION_TYPES = ['categorical', 'time'] as const;
const AGGREGATIONS = ['sum', 'max', 'min', 'count', 'count_distinct', 'sum_boolean', 'average', 'percentile', 'median'] as const;

/** An entity, dimension or measure: a name, a kind from `kinds` (under `kindKey`), optional expr and description. */
function semanticPart(
  item: unknown,
  file: string,
  what: string,
  kindKey: 'type' | 'agg',
  kinds: readonly string[],
): { name: string; kind: string; expr?: string; description?: string; part: Yaml } {
  const part = record(item, file, what);
  const name = text(part.name, file, `${what} name`);
  const kind = text(part[kindKey], file, `${what} ${name}.${kindKey}`);
  if (!kinds.includes(kind)) throw new ProjectError(file, `${what} ${name}: ${kindKey} must be one of ${kinds.join(', ')}`);
  const expr = optionalText(part.expr, file, `${name}.expr`);
  const about = optionalText(part.description, file, `${name}.description`);
  return { name, kind, ...(expr === null ? {} : { expr }), ...(about === null ? {} : { description: about.trim() }), part };
}

export function semanticModels(doc: Yaml, file: string): SemanticModelDef[] {
  return list(doc.semantic_models, file, 'semantic_models').map((item) => {
    const model = record(item, file, 'semantic model');
    const name = text(model.name, file, 'semantic model name');
    const defaults = record(model.defaults, file, `${name}.defaults`);
    return {
      name,
      description: description(model.description, file, `${name}.description`),
      model: text(model.model, file, `${name}.model`),
      defaults: typeof defaults.agg_time_dimension === 'string' ? { agg_time_dimension: defaults.agg_time_dimension } : null,
      entities: list(model.entities, file, `${name}.entities`).map((item) => {
        const { kind, part: _part, ...entity } = semanticPart(item, file, 'entity', 'type', ENTITY_TYPES);
        return { ...entity, type: kind };
      }),
      dimensions: list(model.dimensions, file, `${name}.dimensions`).map((item) => {
        const { kind, part, ...dimension } = semanticPart(item, file, 'dimension', 'type', DIMENSION_TYPES);
        const granularity = record(part.type_params, file, `${dimension.name}.type_params`).time_granularity;
        if (kind === 'time' && typeof granularity !== 'string')
          throw new ProjectError(file, `time dimension ${dimension.name} needs type_params.time_granularity`);
        return { ...dimension, type: kind, ...(typeof granularity === 'string' ? { type_params: { time_granularity: granularity } } : {}) };
      }),
      measures: list(model.measures, file, `${name}.measures`).map((item) => {
        const { kind, part: _part, ...measure } = semanticPart(item, file, 'measure', 'agg', AGGREGATIONS);
        return { ...measure, agg: kind };
      }),
      filePath: file,
    };
  });
}

const METRIC_TYPES = ['simple', 'ratio', 'cumulative', 'derived'] as const;

export function metrics(doc: Yaml, file: string): MetricDef[] {
  return list(doc.metrics, file, 'metrics').map((item) => {
    const metric = record(item, file, 'metric');
    const name = text(metric.name, file, 'metric name');
    const type = text(metric.type, file, `${name}.type`);
    if (!(METRIC_TYPES as readonly string[]).includes(type)) throw new ProjectError(file, `${name}: unknown metric type ${type}`);
    return {
      name,
      label: optionalText(metric.label, file, `${name}.label`) ?? name,
      description: description(metric.description, file, `${name}.description`),
      type: type as MetricDef['type'],
      typeParams: record(metric.type_params, file, `${name}.type_params`),
      meta: record(record(metric.config, file, `${name}.config`).meta, file, `${name}.config.meta`),
      filePath: file,
    };
  });
}
