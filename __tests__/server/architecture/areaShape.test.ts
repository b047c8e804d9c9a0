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
/** The views an area publishes for others' statements (features/<area>/readViews.ts): anyone may read them, nobody writes them. */
const readViews = new Set(areaFolders.flatMap((area) => tablesDeclaredIn(path.join(FEATURES, area, 'readViews.ts'))));
const ownedBy = new Map(areaFolders.map((area) => [area, new Set(tablesDeclaredIn(path.join(FEATURES, area, 'tables.ts')))]));
const storeTables = new Set([...platformTables, ...[...ownedBy.values()].flatMap((tables) => [...tables])]);

// Query-builder calls naming a table (`'dbt_nodes as n'` counts as dbt_nodes), and raw SQL naming one.
const BUILDER =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto|replaceInto)\(\s*'([a-z_]+)/g;
const RAW = /\b(?:from|join|into|update|table)\s+"?([a-z_]+)"?/gi;
const WRITES =
  /\.(?:insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*'([a-z_]+)|\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi;

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

it('finds the areas, the tables each one declares and the views they publish', () => {
  expect(areaFolders.length).toBeGreaterThanOrEqual(19);
  expect([...readViews]).toEqual(expect.arrayContaining(['catalog_read_nodes', 'quality_read_test_states']));
  // A view is not a table: it has no owner among the tables.
  expect([...readViews].filter((view) => storeTables.has(view))).toEqual([]);
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
    const reads = sourceFiles(path.join(FEATURES, area)).flatMap((file) =>
      tablesQueriedIn(file)
        .filter(({ table }) => !own.has(table))
        .map(({ table, line }) => `${path.relative(FEATURES, file)}:${line} reads ${table}`),
    );
    expect(reads).toEqual([]);
  });

  it('writes no published view (they are read models)', () => {
    const writes = sourceFiles(path.join(FEATURES, area)).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(WRITES)]
        .map((match) => match[1] ?? match[2] ?? '')
        .filter((name) => readViews.has(name))
        .map((name) => `${path.relative(FEATURES, file)} writes ${name}`);
    });
    expect(writes).toEqual([]);
  });
});
