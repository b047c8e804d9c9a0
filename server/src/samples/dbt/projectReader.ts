/**
 * Reads a dbt project from disk the way `dbt parse` does for what the sample uses: the project
 * file's folder configs, SQL models, seeds, singular tests, and the YAML that describes them
 * (models, sources, exposures, semantic models, metrics, data tests), and dependencies.yml's
 * upstream projects (dbt Mesh).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { ColumnDef, ModelAccess, ModelDef, NodeConfig, ProjectDef, SeedDef, SingularTestDef, SnapshotDef } from './projectTypes.js';
import { columns, exposures, metrics, semanticModels, severityOf, sources } from './yamlResources.js';
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

const ACCESS: readonly ModelAccess[] = ['private', 'protected', 'public'];

/** dbt's `access` of a model: the YAML's own (top level or config), else the folder's, else protected. */
function accessOf(value: unknown, file: string): ModelAccess {
  if (value === undefined || value === null) return 'protected';
  const access = ACCESS.find((known) => known === value);
  if (!access) throw new ProjectError(file, `access must be one of ${ACCESS.join(', ')}, not ${JSON.stringify(value)}`);
  return access;
}

/** dependencies.yml's `projects:` (dbt Mesh); a project without the file depends on none. */
async function dependencyProjects(root: string): Promise<string[]> {
  try {
    await fs.access(path.join(root, 'dependencies.yml'));
  } catch {
    return [];
  }
  const doc = await readYaml(root, 'dependencies.yml');
  return list(doc.projects, 'dependencies.yml', 'projects').map((item) =>
    text(record(item, 'dependencies.yml', 'project').name, 'dependencies.yml', 'project name'),
  );
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
      else if (name === 'meta')
        merged.meta = { ...record(merged.meta, 'dbt_project.yml', 'meta'), ...record(value, 'dbt_project.yml', key) };
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

interface Patch {
  description: string;
  config: Yaml;
  columns: ColumnDef[];
  file: string;
  timeSpine?: { standardGranularityColumn: string };
  /** A model's top-level `access:` (dbt also takes it under `config:`). */
  access?: unknown;
}

function patches(doc: Yaml, key: string, file: string, defaultSeverity: 'error' | 'warn'): Map<string, Patch> {
  const out = new Map<string, Patch>();
  for (const item of list(doc[key], file, key)) {
    const entry = record(item, file, key);
    const name = text(entry.name, file, `${key} name`);
    const spine = entry.time_spine === undefined ? null : record(entry.time_spine, file, `${name}.time_spine`);
    out.set(name, {
      description: description(entry.description, file, `${name}.description`),
      config: record(entry.config, file, `${name}.config`),
      columns: columns(entry.columns, file, defaultSeverity),
      file,
      ...(entry.access !== undefined ? { access: entry.access } : {}),
      ...(spine
        ? {
            timeSpine: {
              standardGranularityColumn: text(spine.standard_granularity_column, file, `${name}.time_spine.standard_granularity_column`),
            },
          }
        : {}),
    });
  }
  return out;
}

/** Snapshots declared in YAML (dbt 1.9's form): `relation`, and `unique_key`, `strategy: check`, `check_cols` in config. */
function snapshots(doc: Yaml, file: string, folder: Yaml, testSeverity: 'error' | 'warn'): SnapshotDef[] {
  return list(doc.snapshots, file, 'snapshots').map((item) => {
    const entry = record(item, file, 'snapshot');
    const snapshotName = text(entry.name, file, 'snapshot name');
    const own = record(entry.config, file, `${snapshotName}.config`);
    const strategy = text(own.strategy ?? folder.strategy, file, `${snapshotName}.strategy`);
    if (strategy !== 'check')
      throw new ProjectError(file, `${snapshotName}: the sample builder runs the check strategy only, not ${strategy}`);
    const checkCols = strings(own.check_cols ?? folder.check_cols, file, `${snapshotName}.check_cols`);
    if (checkCols.length === 0 || checkCols.includes('all'))
      throw new ProjectError(file, `${snapshotName}: list the check_cols the sample builder compares`);
    return {
      name: snapshotName,
      filePath: file,
      relation: text(entry.relation, file, `${snapshotName}.relation`),
      uniqueKey: text(own.unique_key ?? folder.unique_key, file, `${snapshotName}.unique_key`),
      strategy,
      checkCols,
      config: nodeConfig(folder, own, file, 'snapshot'),
      description: description(entry.description, file, `${snapshotName}.description`),
      columns: columns(entry.columns, file, testSeverity),
    };
  });
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
  const snapshotDir = folderOf('snapshot-paths', 'snapshots');

  const allFiles = [
    ...(await filesUnder(root, modelDir)),
    ...(await filesUnder(root, seedDir)),
    ...(await filesUnder(root, testDir)),
    ...(await filesUnder(root, snapshotDir)),
  ];
  const yamlFiles = allFiles.filter((file) => /\.ya?ml$/.test(file));
  const docs = await Promise.all(yamlFiles.map(async (file) => ({ file, doc: await readYaml(root, file) })));

  const foldersOf = (file: string, base: string): string[] =>
    path.posix
      .dirname(path.posix.relative(base, file))
      .split('/')
      .filter((part) => part !== '.');
  // The project-wide `data_tests: +severity`, which a test's own config overrides.
  const testSeverity = severityOf(folderConfig(projectYml, 'data_tests', name, []).severity, 'dbt_project.yml');
  const modelPatches = new Map<string, Patch>();
  const seedPatches = new Map<string, Patch>();
  const testPatches = new Map<string, Patch>();
  const project: ProjectDef = {
    root,
    name,
    version: String(projectYml.version ?? ''),
    targetSchema,
    models: [],
    seeds: [],
    snapshots: [],
    singularTests: [],
    sources: [],
    exposures: [],
    semanticModels: [],
    metrics: [],
    dependsOnProjects: await dependencyProjects(root),
  };
  for (const { file, doc } of docs) {
    for (const [key, value] of patches(doc, 'models', file, testSeverity)) modelPatches.set(key, value);
    for (const [key, value] of patches(doc, 'seeds', file, testSeverity)) seedPatches.set(key, value);
    for (const [key, value] of patches(doc, 'data_tests', file, testSeverity)) testPatches.set(key, value);
    project.sources.push(...sources(doc, file, testSeverity));
    project.exposures.push(...exposures(doc, file, env));
    project.semanticModels.push(...semanticModels(doc, file));
    project.metrics.push(...metrics(doc, file));
    project.snapshots.push(
      ...snapshots(doc, file, folderConfig(projectYml, 'snapshots', name, foldersOf(file, snapshotDir)), testSeverity),
    );
  }

  for (const file of allFiles) {
    const resource = path.posix.basename(file).replace(/\.(sql|csv)$/, '');
    if (file.startsWith(`${modelDir}/`) && file.endsWith('.sql')) {
      const patch = modelPatches.get(resource);
      const folder = folderConfig(projectYml, 'models', name, foldersOf(file, modelDir));
      project.models.push({
        name: resource,
        filePath: file,
        rawCode: await fs.readFile(path.join(root, file), 'utf8'),
        config: nodeConfig(folder, patch?.config ?? {}, file, 'view'),
        description: patch?.description ?? '',
        columns: patch?.columns ?? [],
        patchPath: patch?.file ?? null,
        ...(patch?.timeSpine ? { timeSpine: patch.timeSpine } : {}),
        access: accessOf(patch?.config.access ?? patch?.access ?? folder.access, patch?.file ?? file),
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
    if (!project.models.some((model) => model.name === patched))
      throw new ProjectError(modelPatches.get(patched)?.file ?? '', `describes model ${patched}, which has no SQL file`);
  }
  return project;
}
