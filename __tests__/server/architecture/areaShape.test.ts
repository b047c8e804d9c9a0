// Every server area has the one shape docs/architecture.md describes: a features/<area>/area.ts
// whose `area` is registered by the app, its tables declared in its own tables.ts, and queries on
// its own tables only (other areas' data comes through the ports in platform/ports, the
// platform's tables through the platform's functions). Reading another area's table is how
// areas would couple behind the import rules' back; this test is where that fails.
import fs from 'node:fs';
import path from 'node:path';
import type { PortalArea } from '../../../server/src/platform/area';

const FEATURES = path.resolve(__dirname, '../../../server/src/features');
const SCHEMA = path.resolve(__dirname, '../../../server/src/platform/store/schema.ts');

/**
 * Reads of the dbt tables that the catalog's analysis areas still make in their own SQL (large
 * joins of their state with the artifacts'). They move behind the catalog read model
 * (platform/ports/catalogReadModel.ts) as those queries are rewritten. The list may only shrink:
 * a read not listed here fails, and so does a listed one that is gone (then take it off).
 */
const NOT_YET_THROUGH_THE_READ_MODEL: Record<string, readonly string[]> = {
  'catalog-domains': ['catalog_test_states', 'dbt_edges', 'dbt_freshness_results', 'dbt_nodes', 'dbt_tests'],
  'catalog-governance': ['dbt_columns', 'dbt_edges', 'dbt_nodes'],
  'catalog-quality': ['dbt_freshness_results', 'dbt_nodes', 'dbt_run_results', 'dbt_tests'],
};

const areaFolders = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The table names an `interface StoreSchema { … }` block declares. */
function tablesDeclaredIn(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  const block = /interface StoreSchema\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1] as string);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && entry.name !== 'tables.ts' ? [full] : [];
  });
}

const platformTables = new Set(tablesDeclaredIn(SCHEMA));
const ownedBy = new Map(areaFolders.map((area) => [area, new Set(tablesDeclaredIn(path.join(FEATURES, area, 'tables.ts')))]));
const storeTables = new Set([...platformTables, ...[...ownedBy.values()].flatMap((tables) => [...tables])]);

// Query-builder calls naming a table (`'dbt_nodes as n'` counts as dbt_nodes), and raw SQL naming one.
const BUILDER =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\(\s*'([a-z_]+)/g;
const RAW = /\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi;

/** Each store table `file` queries, with the line it is named on. */
function tablesQueriedIn(file: string): Array<{ table: string; line: number }> {
  const text = fs.readFileSync(file, 'utf8');
  const found: Array<{ table: string; line: number }> = [];
  for (const pattern of [BUILDER, RAW]) {
    for (const match of text.matchAll(pattern)) {
      const table = match[1] as string;
      if (storeTables.has(table)) found.push({ table, line: text.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

it('finds the areas and the tables each one declares', () => {
  expect(areaFolders.length).toBeGreaterThanOrEqual(19);
  expect([...platformTables]).toEqual(expect.arrayContaining(['organisations', 'audit_log', 'jobs']));
  // Every store table has exactly one owner.
  const owners = new Map<string, string[]>();
  for (const [area, tables] of ownedBy) for (const table of tables) owners.set(table, [...(owners.get(table) ?? []), area]);
  for (const table of platformTables) owners.set(table, [...(owners.get(table) ?? []), 'platform']);
  expect([...owners].filter(([, list]) => list.length > 1)).toEqual([]);
});

describe.each(areaFolders)('the %s area', (area) => {
  it('has an area.ts whose area carries its folder name', async () => {
    const face = path.join(FEATURES, area, 'area.ts');
    expect(fs.existsSync(face)).toBe(true);
    const loaded = (await import(face)) as { area?: PortalArea<never> };
    expect(loaded.area?.id).toBe(area);
    expect(typeof loaded.area?.register).toBe('function');
  });

  it("runs its migrations with the store's (app/portalStore.ts lists its migrations folder)", () => {
    const folder = path.join(FEATURES, area, 'migrations');
    if (!fs.existsSync(folder)) return;
    const portalStore = fs.readFileSync(path.resolve(FEATURES, '../app/portalStore.ts'), 'utf8');
    expect(portalStore).toContain(`../features/${area}/migrations/index.js`);
    // Every migration file of the folder is in its index.
    const index = fs.readFileSync(path.join(folder, 'index.ts'), 'utf8');
    for (const file of fs.readdirSync(folder).filter((name) => /^\d{3}_.+\.ts$/.test(name))) {
      expect(index).toContain(`'${file.replace(/\.ts$/, '')}'`);
    }
  });

  it('queries only the tables it declares (other areas through the ports, the platform through its functions)', () => {
    const own = ownedBy.get(area) ?? new Set<string>();
    const pending = new Set(NOT_YET_THROUGH_THE_READ_MODEL[area] ?? []);
    const reads = sourceFiles(path.join(FEATURES, area)).flatMap((file) =>
      tablesQueriedIn(file)
        .filter(({ table }) => !own.has(table))
        .map(({ table, line }) => ({ table, where: `${path.relative(FEATURES, file)}:${line} reads ${table}` })),
    );
    expect(reads.filter(({ table }) => !pending.has(table)).map(({ where }) => where)).toEqual([]);
    // A listed read that is gone comes off the list.
    expect([...pending].filter((table) => !reads.some((read) => read.table === table))).toEqual([]);
  });
});
