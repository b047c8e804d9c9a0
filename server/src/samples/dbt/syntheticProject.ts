/**
 * A large, realistic manifest built from the sample's, for benchmarks and scale tests
 * (`npm run bench:catalog`): the sample's own resources plus generated domains of sources,
 * staging, intermediate and mart models in layers (staging reads one source table, intermediate
 * models fan in from several staging models, marts from intermediates and other marts, and a
 * few popular models feed very many), each model with columns, descriptions, owners, tags and
 * generic tests, and exposures over the marts. Deterministic for a given base and size, and
 * valid against dbt's manifest v12 schema because every entry is a copy of a real entry of the
 * base with its identity and contents replaced.
 */
import { md5, sha256 } from './hashes.js';
import { graphMaps } from './manifestWriter.js';
import { seeded, type Random as Draw } from '../../platform/random/seededRandom.js';

type Json = Record<string, unknown>;

const DOMAINS = ['sales', 'finance', 'marketing', 'support', 'platform', 'product', 'logistics', 'people'] as const;
const ENTITIES = [
  'account',
  'order',
  'invoice',
  'shipment',
  'ticket',
  'campaign',
  'session',
  'subscription',
  'product',
  'employee',
  'vendor',
  'contract',
] as const;
const COLUMN_WORDS = [
  'status',
  'amount',
  'currency',
  'created_at',
  'updated_at',
  'country_code',
  'region',
  'channel',
  'quantity',
  'discount',
  'tax_amount',
  'email',
  'phone',
  'segment',
  'priority',
  'score',
  'is_active',
  'source_system',
  'owner_id',
  'closed_at',
  'duration_seconds',
  'plan',
  'category',
] as const;
const PII = new Set(['email', 'phone']);
const EXPOSURE_TYPES = ['dashboard', 'analysis', 'application', 'ml', 'notebook'] as const;
const OWNERS: Record<(typeof DOMAINS)[number], string> = {
  sales: 'sales-analytics@example.com',
  finance: 'finance-analytics@example.com',
  marketing: 'growth@example.com',
  support: 'customer-care@example.com',
  platform: 'data-platform@example.com',
  product: 'product-analytics@example.com',
  logistics: 'operations@example.com',
  people: 'people-analytics@example.com',
};

function asRecord(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError(`the base manifest has no ${what}`);
  return value as Json;
}

function template(entries: Json, what: string, match: (entry: Json) => boolean): Json {
  const found = Object.values(entries).find((entry) => match(asRecord(entry, what)));
  if (!found) throw new TypeError(`the base manifest has no ${what} to copy`);
  return asRecord(found, what);
}

interface Layered {
  uniqueId: string;
  name: string;
  domain: (typeof DOMAINS)[number];
  idColumn: string;
}

function columnsFor(draw: Draw, entity: string, domain: string): Array<{ name: string; description: string; meta: Json; tags: string[] }> {
  const names = new Set<string>([`${entity}_id`]);
  const wanted = draw.int(4, 20);
  while (names.size < wanted) names.add(draw.pick(COLUMN_WORDS));
  return [...names].map((name) => ({
    name,
    description: `${name.replace(/_/g, ' ')} of the ${entity} (${domain})`,
    meta: PII.has(name) ? { pii: true } : {},
    tags: PII.has(name) ? ['pii'] : [],
  }));
}

function columnJson(columns: ReturnType<typeof columnsFor>, columnTemplate: Json): Json {
  return Object.fromEntries(
    columns.map((column) => [
      column.name,
      { ...columnTemplate, name: column.name, description: column.description, meta: column.meta, tags: column.tags },
    ]),
  );
}

export function syntheticManifest(base: unknown, models: number): unknown {
  const manifest = structuredClone(asRecord(base, 'manifest')) as Json;
  const metadata = asRecord(manifest.metadata, 'metadata');
  const project = String(metadata.project_name);
  const nodes = asRecord(manifest.nodes, 'nodes');
  const sources = asRecord(manifest.sources, 'sources');
  const exposures = asRecord(manifest.exposures, 'exposures');
  const modelTemplate = template(
    nodes,
    'model',
    (node) => node.resource_type === 'model' && asRecord(node.config, 'config').materialized === 'table',
  );
  const testTemplate = template(
    nodes,
    'generic test',
    (node) => node.resource_type === 'test' && asRecord(node.test_metadata ?? {}, 'test').name === 'not_null',
  );
  const sourceTemplate = template(sources, 'source', () => true);
  const exposureTemplate = template(exposures, 'exposure', () => true);
  const columnTemplate = asRecord(Object.values(asRecord(modelTemplate.columns, 'columns'))[0], 'column');
  const baseModels = Object.values(nodes).filter((node) => asRecord(node, 'node').resource_type === 'model').length;
  if (!Number.isInteger(models) || models < baseModels)
    throw new RangeError(`models must be an integer of at least ${baseModels} (the base's own)`);

  const draw = seeded(`synthetic:${project}:${models}`);
  const database = String(modelTemplate.database);
  const schemaRoot = String(modelTemplate.schema).replace(/_[A-Z]+$/, '');
  const count = models - baseModels;
  const stagingCount = Math.round(count * 0.35);
  const intermediateCount = Math.round(count * 0.3);
  const relation = (schema: string, name: string): string => `"${database}"."${schema}"."${name}"`;

  // Sources: one table per two staging models on average, eight tables to a source.
  const sourceTables: Layered[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(stagingCount / 2)); i += 1) {
    const domain = DOMAINS[i % DOMAINS.length] as (typeof DOMAINS)[number];
    const sourceName = `${domain}_system_${Math.floor(i / (8 * DOMAINS.length))}`;
    const entity = draw.pick(ENTITIES);
    const table = `${entity}s_${i}`;
    const uniqueId = `source.${project}.${sourceName}.${table}`;
    const columns = columnsFor(draw, entity, domain);
    sources[uniqueId] = {
      ...structuredClone(sourceTemplate),
      name: table,
      identifier: table.toUpperCase(),
      schema: `RAW_${domain.toUpperCase()}`,
      source_name: sourceName,
      source_description: `Replicated tables of the ${domain} system.`,
      description: `Raw ${entity} records from the ${domain} system.`,
      unique_id: uniqueId,
      fqn: [project, 'staging', sourceName, table],
      relation_name: relation(`RAW_${domain.toUpperCase()}`, table.toUpperCase()),
      columns: columnJson(columns, columnTemplate),
      meta: {},
      source_meta: { owner: OWNERS[domain], domain },
      tags: [domain],
      loaded_at_field: '_LOADED_AT',
      unrendered_schema: `RAW_${domain.toUpperCase()}`,
    };
    sourceTables.push({ uniqueId, name: table, domain, idColumn: `${entity}_id` });
  }

  const layers: Record<'staging' | 'intermediate' | 'marts', Layered[]> = { staging: [], intermediate: [], marts: [] };
  const addModel = (layer: 'staging' | 'intermediate' | 'marts', index: number, parents: Layered[]): void => {
    const domain = parents[0]?.domain ?? DOMAINS[index % DOMAINS.length] ?? 'sales';
    const entity = draw.pick(ENTITIES);
    const prefix = layer === 'staging' ? 'stg' : layer === 'intermediate' ? 'int' : draw.pick(['fct', 'dim', 'rpt']);
    const name = `${prefix}_${domain}__${entity}s_${index}`;
    const uniqueId = `model.${project}.${name}`;
    const schema = `${schemaRoot}_${layer.toUpperCase()}`;
    const columns = columnsFor(draw, entity, domain);
    const materialized = layer === 'marts' ? 'table' : 'view';
    const refs = parents.filter((parent) => parent.uniqueId.startsWith('model.'));
    const sourceParents = parents.filter((parent) => parent.uniqueId.startsWith('source.'));
    const from = parents.map(
      (parent, i) =>
        (parent.uniqueId.startsWith('source.')
          ? `{{ source('${parent.uniqueId.split('.')[2] ?? ''}', '${parent.name}') }}`
          : `{{ ref('${parent.name}') }}`) + ` as p${i}`,
    );
    const rawCode = `select\n    ${columns.map((column) => `p0.${column.name}`).join(',\n    ')}\nfrom ${from[0] ?? ''}${from
      .slice(1)
      .map((item, i) => `\nleft join ${item} on p${i + 1}.${parents[i + 1]?.idColumn ?? 'id'} = p0.${columns[0]?.name ?? 'id'}`)
      .join('')}\n`;
    const tags = [layer, domain, ...(draw.next() < 0.1 ? ['certified'] : [])];
    const meta = { owner: OWNERS[domain], domain, ...(columns.some((column) => PII.has(column.name)) ? { contains_pii: true } : {}) };
    nodes[uniqueId] = {
      ...structuredClone(modelTemplate),
      name,
      schema,
      alias: name,
      unique_id: uniqueId,
      path: `${layer}/${domain}/${name}.sql`,
      original_file_path: `models/${layer}/${domain}/${name}.sql`,
      fqn: [project, layer, domain, name],
      checksum: sha256(rawCode),
      config: { ...asRecord(structuredClone(modelTemplate.config), 'config'), materialized, schema: layer.toUpperCase(), tags, meta },
      tags,
      meta,
      description: `${layer === 'marts' ? 'Business-ready' : layer === 'intermediate' ? 'Joined and reshaped' : 'Cleaned and renamed'} ${entity} data for the ${domain} domain, one row per ${entity}.`,
      columns: columnJson(columns, columnTemplate),
      patch_path: `${project}://models/${layer}/${domain}/_${domain}.yml`,
      build_path: `target/run/${project}/models/${layer}/${domain}/${name}.sql`,
      compiled_path: `target/compiled/${project}/models/${layer}/${domain}/${name}.sql`,
      unrendered_config: { materialized, schema: layer.toUpperCase() },
      relation_name: relation(schema, name),
      raw_code: rawCode,
      // Each ref and source compiles to its parent's own relation, as dbt writes it.
      compiled_code: rawCode.replace(/\{\{ (?:ref|source)\('([^']+)'(?:, '([^']+)')?\) \}\}/g, (_all, first: string, second?: string) => {
        const parent = parents.find((candidate) => candidate.name === (second ?? first));
        const built = parent ? (nodes[parent.uniqueId] ?? sources[parent.uniqueId]) : undefined;
        const relationName = (built as { relation_name?: unknown } | undefined)?.relation_name;
        return typeof relationName === 'string' ? relationName : relation(second ? `RAW_${domain.toUpperCase()}` : schema, second ?? first);
      }),
      refs: refs.map((parent) => ({ name: parent.name, package: null, version: null })),
      sources: sourceParents.map((parent) => [parent.uniqueId.split('.')[2] ?? '', parent.name]),
      depends_on: { macros: [], nodes: parents.map((parent) => parent.uniqueId) },
      primary_key: [columns[0]?.name ?? 'id'],
    };
    const self: Layered = { uniqueId, name, domain, idColumn: columns[0]?.name ?? 'id' };
    layers[layer].push(self);

    // Tests: the key is unique and present; some models check a status list or a parent's key.
    const tests: Array<{ kind: string; column: string; kwargs: Json; sql: string; extraNodes: string[] }> = [
      {
        kind: 'unique',
        column: self.idColumn,
        kwargs: {},
        sql: `select ${self.idColumn} from ${relation(schema, name)} group by 1 having count(*) > 1`,
        extraNodes: [],
      },
      {
        kind: 'not_null',
        column: self.idColumn,
        kwargs: {},
        sql: `select ${self.idColumn} from ${relation(schema, name)} where ${self.idColumn} is null`,
        extraNodes: [],
      },
    ];
    if (columns.some((column) => column.name === 'status') && draw.next() < 0.6) {
      tests.push({
        kind: 'accepted_values',
        column: 'status',
        kwargs: { values: ['active', 'pending', 'closed'] },
        sql: `select status from ${relation(schema, name)} where status not in ('active','pending','closed')`,
        extraNodes: [],
      });
    }
    const parentModel = refs[0];
    if (parentModel && draw.next() < 0.3) {
      tests.push({
        kind: 'relationships',
        column: self.idColumn,
        kwargs: { to: `ref('${parentModel.name}')`, field: parentModel.idColumn },
        sql: `select ${self.idColumn} from ${relation(schema, name)}`,
        extraNodes: [parentModel.uniqueId],
      });
    }
    for (const test of tests) {
      const testName = `${test.kind}_${name}_${test.column}`;
      const testId = `test.${project}.${testName}.${md5(`${testName}:${JSON.stringify(test.kwargs)}`).slice(0, 10)}`;
      nodes[testId] = {
        ...structuredClone(testTemplate),
        name: testName,
        alias: testName.length > 63 ? `${testName.slice(0, 30)}_${md5(testName)}` : testName,
        unique_id: testId,
        path: `${testName}.sql`,
        original_file_path: `models/${layer}/${domain}/_${domain}.yml`,
        fqn: [project, layer, domain, testName],
        // Unexpected values warn, as teams usually set them up; broken keys fail.
        config: {
          ...asRecord(structuredClone(testTemplate.config), 'config'),
          severity: test.kind === 'accepted_values' ? 'warn' : 'ERROR',
        },
        raw_code: `{{ test_${test.kind}(**_dbt_generic_test_kwargs) }}`,
        compiled_code: test.sql,
        refs: [
          { name, package: null, version: null },
          ...(test.extraNodes.length > 0 && parentModel ? [{ name: parentModel.name, package: null, version: null }] : []),
        ],
        sources: [],
        depends_on: { macros: [`macro.dbt.test_${test.kind}`], nodes: [uniqueId, ...test.extraNodes] },
        column_name: test.column,
        file_key_name: `models.${name}`,
        attached_node: uniqueId,
        test_metadata: {
          name: test.kind,
          kwargs: { column_name: test.column, model: `{{ get_where_subquery(ref('${name}')) }}`, ...test.kwargs },
          namespace: null,
        },
      };
    }
  };

  for (let i = 0; i < stagingCount; i += 1) addModel('staging', i, [sourceTables[i % sourceTables.length] as Layered]);
  for (let i = 0; i < intermediateCount; i += 1) {
    const parents = new Set<Layered>();
    const fanIn = draw.int(2, 4);
    while (parents.size < Math.min(fanIn, layers.staging.length))
      parents.add(layers.staging[draw.skewed(layers.staging.length)] as Layered);
    if (layers.intermediate.length > 0 && draw.next() < 0.3)
      parents.add(layers.intermediate[draw.skewed(layers.intermediate.length)] as Layered);
    addModel('intermediate', i, [...parents]);
  }
  for (let i = 0; i < count - stagingCount - intermediateCount; i += 1) {
    const parents = new Set<Layered>();
    const upstream = layers.intermediate.length > 0 ? layers.intermediate : layers.staging;
    for (let k = draw.int(1, 3); k > 0 && upstream.length > 0; k -= 1) parents.add(upstream[draw.skewed(upstream.length)] as Layered);
    if (layers.staging.length > 0 && draw.next() < 0.4) parents.add(layers.staging[draw.skewed(layers.staging.length)] as Layered);
    if (layers.marts.length > 0 && draw.next() < 0.25) parents.add(layers.marts[draw.skewed(layers.marts.length)] as Layered);
    addModel('marts', i, [...parents]);
  }

  // Exposures: one per forty models, over one to four marts each.
  for (let i = 0; i < Math.ceil(count / 40) && layers.marts.length > 0; i += 1) {
    const type = EXPOSURE_TYPES[i % EXPOSURE_TYPES.length] ?? 'dashboard';
    const used = new Set<Layered>();
    for (let k = draw.int(1, 4); k > 0; k -= 1) used.add(layers.marts[draw.skewed(layers.marts.length, 1.5)] as Layered);
    const first = [...used][0] as Layered;
    const name = `${first.domain}_${type}_${i}`;
    const uniqueId = `exposure.${project}.${name}`;
    exposures[uniqueId] = {
      ...structuredClone(exposureTemplate),
      name,
      label: `${first.domain[0]?.toUpperCase() ?? ''}${first.domain.slice(1)} ${type} ${i}`,
      unique_id: uniqueId,
      fqn: [project, name],
      type,
      maturity: (['low', 'medium', 'high'] as const)[i % 3],
      url: `https://bi.example.com/${type}/${i}`,
      description: `The ${first.domain} team's ${type} built on ${[...used].map((model) => model.name).join(', ')}.`,
      owner: { name: `${first.domain} team`, email: OWNERS[first.domain] },
      tags: [first.domain],
      meta: { domain: first.domain },
      config: { enabled: true, tags: [first.domain], meta: { domain: first.domain } },
      depends_on: { macros: [], nodes: [...used].map((model) => model.uniqueId) },
      refs: [...used].map((model) => ({ name: model.name, package: null, version: null })),
      sources: [],
      metrics: [],
    };
  }

  const dependsOn = new Map<string, readonly string[]>();
  const collect = (entries: Json): void => {
    for (const [id, entry] of Object.entries(entries)) {
      const depends = asRecord(entry, id).depends_on;
      const parents =
        typeof depends === 'object' && depends !== null && Array.isArray((depends as Json).nodes)
          ? ((depends as Json).nodes as string[])
          : [];
      dependsOn.set(id, parents);
    }
  };
  for (const key of ['nodes', 'sources', 'exposures', 'metrics', 'semantic_models']) collect(asRecord(manifest[key], key));
  Object.assign(manifest, graphMaps(dependsOn));
  return manifest;
}

export { syntheticRunResults, syntheticSourceFreshness } from './syntheticRuns.js';
