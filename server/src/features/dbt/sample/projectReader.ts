/**
 * Reads a dbt project from disk the way `dbt parse` does for what the sample uses: the project
 * file's folder configs, SQL models, seeds, singular tests, and the YAML that describes them
 * (models, sources, exposures, semantic models, metrics, data tests).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { renderEnvVars } from './jinja.js';
import type {
  ColumnDef,
  ExposureDef,
  FreshnessRule,
  MetricDef,
  ModelDef,
  NodeConfig,
  ProjectDef,
  SeedDef,
  SemanticModelDef,
  SingularTestDef,
  SourceTableDef,
  TestSpec,
} from './projectTypes.js';
import { ProjectError, description, isRecord, list, optionalText, record, strings, text, type Yaml } from './yamlValues.js';

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) await walk(child);
      else out.push(child);
    }
  };
  await walk(folder);
  return out;
}

async function readYaml(root: string, file: string): Promise<Yaml> {
  const parsed: unknown = parse(await fs.readFile(path.join(root, file), 'utf8'));
  return record(parsed, file, 'the file');
}

/** `+key` configs of dbt_project.yml along a resource's folder path, outermost first. */
function folderConfig(projectYml: Yaml, resourceKey: string, project: string, folders: readonly string[]): Yaml {
  const merged: Yaml = {};
  let level: unknown = record(projectYml[resourceKey], 'dbt_project.yml', resourceKey)[project];
  const apply = (node: unknown): void => {
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (!key.startsWith('+')) continue;
      const name = key.slice(1);
      if (name === 'tags') merged.tags = [...strings(merged.tags, 'dbt_project.yml', 'tags'), ...strings(value, 'dbt_project.yml', key)];
      else if (name === 'meta') merged.meta = { ...record(merged.meta, 'dbt_project.yml', 'meta'), ...record(value, 'dbt_project.yml', key) };
      else merged[name] = value;
    }
  };
  apply(level);
  for (const folder of folders) {
    level = isRecord(level) ? level[folder] : undefined;
    apply(level);
  }
  return merged;
}

/** Folder configs, then the resource's own `config:` (tags add up, meta merges, the rest overrides). */
function nodeConfig(base: Yaml, own: Yaml, file: string, defaultMaterialized: string): NodeConfig {
  return {
    materialized: optionalText(own.materialized ?? base.materialized, file, 'materialized') ?? defaultMaterialized,
    schema: optionalText(own.schema ?? base.schema, file, 'schema'),
    tags: [...new Set([...strings(base.tags, file, 'tags'), ...strings(own.tags, file, 'config.tags')])],
    meta: { ...record(base.meta, file, 'meta'), ...record(own.meta, file, 'config.meta') },
  };
}

function severityOf(value: unknown, file: string): 'error' | 'warn' {
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

function columns(value: unknown, file: string, defaultSeverity: 'error' | 'warn'): ColumnDef[] {
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
    };
  });
}

const PERIODS = ['minute', 'hour', 'day'] as const;

function threshold(value: unknown, file: string, key: string): FreshnessRule['warn_after'] {
  if (value === undefined || value === null) return null;
  const rule = record(value, file, key);
  const period = text(rule.period, file, `${key}.period`);
  if (typeof rule.count !== 'number' || !(PERIODS as readonly string[]).includes(period)) throw new ProjectError(file, `${key} needs a count and a period (minute, hour, day)`);
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

function sources(doc: Yaml, file: string): SourceTableDef[] {
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
        loadedAtField: optionalText(table.loaded_at_field, file, `${name}.loaded_at_field`) ?? optionalText(source.loaded_at_field, file, `${sourceName}.loaded_at_field`),
        freshness: freshness(table.freshness, sourceFreshness, file),
        meta: record(table.meta, file, `${name}.meta`),
        sourceMeta: record(source.meta, file, `${sourceName}.meta`),
        tags: [...new Set([...strings(source.tags, file, 'tags'), ...strings(table.tags, file, 'tags')])],
        columns: columns(table.columns, file, 'error'),
      };
    });
  });
}

const EXPOSURE_TYPES = ['dashboard', 'notebook', 'analysis', 'ml', 'application'] as const;
const MATURITIES = ['low', 'medium', 'high'] as const;

function exposures(doc: Yaml, file: string, env: Readonly<Record<string, string>>): ExposureDef[] {
  return list(doc.exposures, file, 'exposures').map((item) => {
    const exposure = record(item, file, 'exposure');
    const name = text(exposure.name, file, 'exposure name');
    const type = text(exposure.type, file, `${name}.type`);
    const maturity = optionalText(exposure.maturity, file, `${name}.maturity`);
    if (!(EXPOSURE_TYPES as readonly string[]).includes(type)) throw new ProjectError(file, `${name}: unknown exposure type ${type}`);
    if (maturity !== null && !(MATURITIES as readonly string[]).includes(maturity)) throw new ProjectError(file, `${name}: unknown maturity ${maturity}`);
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

function semanticModels(doc: Yaml, file: string): SemanticModelDef[] {
  return list(doc.semantic_models, file, 'semantic_models').map((item) => {
    const model = record(item, file, 'semantic model');
    const name = text(model.name, file, 'semantic model name');
    const defaults = record(model.defaults, file, `${name}.defaults`);
    return {
      name,
      description: description(model.description, file, `${name}.description`),
      model: text(model.model, file, `${name}.model`),
      defaults: typeof defaults.agg_time_dimension === 'string' ? { agg_time_dimension: defaults.agg_time_dimension } : null,
      entities: list(model.entities, file, `${name}.entities`) as SemanticModelDef['entities'],
      dimensions: list(model.dimensions, file, `${name}.dimensions`) as SemanticModelDef['dimensions'],
      measures: list(model.measures, file, `${name}.measures`) as SemanticModelDef['measures'],
      filePath: file,
    };
  });
}

const METRIC_TYPES = ['simple', 'ratio', 'cumulative', 'derived'] as const;

function metrics(doc: Yaml, file: string): MetricDef[] {
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

interface Patch {
  description: string;
  config: Yaml;
  columns: ColumnDef[];
  file: string;
}

function patches(doc: Yaml, key: string, file: string, defaultSeverity: 'error' | 'warn'): Map<string, Patch> {
  const out = new Map<string, Patch>();
  for (const item of list(doc[key], file, key)) {
    const entry = record(item, file, key);
    const name = text(entry.name, file, `${key} name`);
    out.set(name, {
      description: description(entry.description, file, `${name}.description`),
      config: record(entry.config, file, `${name}.config`),
      columns: columns(entry.columns, file, defaultSeverity),
      file,
    });
  }
  return out;
}

function profileSchema(profiles: Yaml, profileName: string): string {
  const profile = record(profiles[profileName], 'profiles.yml', profileName);
  const target = text(profile.target, 'profiles.yml', 'target');
  const output = record(record(profile.outputs, 'profiles.yml', 'outputs')[target], 'profiles.yml', target);
  return text(output.schema, 'profiles.yml', `${target}.schema`);
}

/** Reads the project at `root`; `env` answers the YAML's env_var() calls. */
export async function readProject(root: string, env: Readonly<Record<string, string>>): Promise<ProjectDef> {
  const projectYml = await readYaml(root, 'dbt_project.yml');
  const name = text(projectYml.name, 'dbt_project.yml', 'name');
  const targetSchema = profileSchema(await readYaml(root, 'profiles.yml'), text(projectYml.profile, 'dbt_project.yml', 'profile'));
  const folderOf = (key: string, fallback: string): string => strings(projectYml[key] ?? [fallback], 'dbt_project.yml', key)[0] ?? fallback;
  const modelDir = folderOf('model-paths', 'models');
  const seedDir = folderOf('seed-paths', 'seeds');
  const testDir = folderOf('test-paths', 'tests');

  const allFiles = [...(await filesUnder(root, modelDir)), ...(await filesUnder(root, seedDir)), ...(await filesUnder(root, testDir))];
  const yamlFiles = allFiles.filter((file) => /\.ya?ml$/.test(file));
  const docs = await Promise.all(yamlFiles.map(async (file) => ({ file, doc: await readYaml(root, file) })));

  const modelPatches = new Map<string, Patch>();
  const seedPatches = new Map<string, Patch>();
  const testPatches = new Map<string, Patch>();
  const project: ProjectDef = { root, name, version: String(projectYml.version ?? ''), targetSchema, models: [], seeds: [], singularTests: [], sources: [], exposures: [], semanticModels: [], metrics: [] };
  for (const { file, doc } of docs) {
    for (const [key, value] of patches(doc, 'models', file, 'error')) modelPatches.set(key, value);
    for (const [key, value] of patches(doc, 'seeds', file, 'error')) seedPatches.set(key, value);
    for (const [key, value] of patches(doc, 'data_tests', file, 'error')) testPatches.set(key, value);
    project.sources.push(...sources(doc, file));
    project.exposures.push(...exposures(doc, file, env));
    project.semanticModels.push(...semanticModels(doc, file));
    project.metrics.push(...metrics(doc, file));
  }

  const foldersOf = (file: string, base: string): string[] => path.posix.dirname(path.posix.relative(base, file)).split('/').filter((part) => part !== '.');
  for (const file of allFiles) {
    const resource = path.posix.basename(file).replace(/\.(sql|csv)$/, '');
    if (file.startsWith(`${modelDir}/`) && file.endsWith('.sql')) {
      const patch = modelPatches.get(resource);
      project.models.push({
        name: resource,
        filePath: file,
        rawCode: await fs.readFile(path.join(root, file), 'utf8'),
        config: nodeConfig(folderConfig(projectYml, 'models', name, foldersOf(file, modelDir)), patch?.config ?? {}, file, 'view'),
        description: patch?.description ?? '',
        columns: patch?.columns ?? [],
        patchPath: patch?.file ?? null,
      } satisfies ModelDef);
    } else if (file.startsWith(`${seedDir}/`) && file.endsWith('.csv')) {
      const patch = seedPatches.get(resource);
      project.seeds.push({
        name: resource,
        filePath: file,
        csv: await fs.readFile(path.join(root, file), 'utf8'),
        config: nodeConfig(folderConfig(projectYml, 'seeds', name, foldersOf(file, seedDir)), patch?.config ?? {}, file, 'seed'),
        description: patch?.description ?? '',
        columns: patch?.columns ?? [],
        patchPath: patch?.file ?? null,
      } satisfies SeedDef);
    } else if (file.startsWith(`${testDir}/`) && file.endsWith('.sql')) {
      const patch = testPatches.get(resource);
      const base = folderConfig(projectYml, 'data_tests', name, foldersOf(file, testDir));
      const config = nodeConfig(base, patch?.config ?? {}, file, 'test');
      project.singularTests.push({
        name: resource,
        filePath: file,
        rawCode: await fs.readFile(path.join(root, file), 'utf8'),
        description: patch?.description ?? '',
        config: { ...config, severity: severityOf(patch?.config.severity ?? base.severity, file) },
        patchPath: patch?.file ?? null,
      } satisfies SingularTestDef);
    }
  }
  for (const patched of modelPatches.keys()) {
    if (!project.models.some((model) => model.name === patched)) throw new ProjectError(modelPatches.get(patched)?.file ?? '', `describes model ${patched}, which has no SQL file`);
  }
  return project;
}
