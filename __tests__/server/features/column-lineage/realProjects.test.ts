// Column lineage over the real artifacts of public dbt projects (../shared/dbt-real, by path):
// each project's compiled models are parsed in the dialect of its adapter, the coverage figures
// are what they were measured to be (a parser or matching change that loses lineage fails here),
// and no edge points to a column its node does not have.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ingestArtifacts } from '../../../../server/src/features/dbt/ingest';
import { computeColumnLineage } from '../../../../server/src/features/column-lineage/computeLineage';
import { createParserPool, type ParserPool } from '../../../../server/src/features/column-lineage/engine/parserPool';
import { coverage } from '../../../../server/src/features/column-lineage/lineageQueries';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { acceptedRealProjects, openTestStore, REAL, realJson } from '../dbt/fixtures';

jest.setTimeout(240_000);

const actor = { organisation: 'acme', subject: 'sub-admin', username: 'admin' };

/**
 * Measured per project: models with compiled SQL, parsed, model columns, resolved (every upstream
 * column known to the catalog, or a constant). Projects uploaded after `dbt parse` carry no
 * compiled SQL, so they have nothing to trace. Unresolved columns read sources whose columns
 * neither catalog.json nor the YAML lists.
 */
const EXPECTED: Record<string, { models: number; parsed: number; columns: number; resolved: number }> = {
  '2moonyo__global-trade-intelligence-pipeline': { models: 27, parsed: 27, columns: 463, resolved: 318 },
  'MIKEJW08__dbt-airbnb-practice-project': { models: 9, parsed: 9, columns: 68, resolved: 64 },
  'PruthvirajH__dbt-airbnb-analytics__docs': { models: 0, parsed: 0, columns: 0, resolved: 0 },
  'daniel-obare__dbt-Postgres-Project': { models: 0, parsed: 0, columns: 0, resolved: 0 },
  'dbt-labs__c24-workshops-sales': { models: 22, parsed: 22, columns: 198, resolved: 189 },
  doviec__ga_retail_project: { models: 0, parsed: 0, columns: 0, resolved: 0 },
  'minhvoutdallas__crypto-analytics': { models: 4, parsed: 4, columns: 19, resolved: 18 },
  peekknuf__ELT_ECOM: { models: 0, parsed: 0, columns: 0, resolved: 0 },
  'prashant887__dbtlearn-udemy': { models: 2, parsed: 2, columns: 11, resolved: 11 },
  'yuvaraj91__dbt-jaffle-sl-template': { models: 0, parsed: 0, columns: 0, resolved: 0 },
};

const projects = acceptedRealProjects();

let store: Store;
let pool: ParserPool;
beforeAll(async () => {
  store = await openTestStore();
  pool = createParserPool(process.cwd(), 2);
});
afterAll(async () => {
  await pool?.close();
  await store?.close();
});

test('every accepted real project: coverage as measured, and every edge between columns that exist', async () => {
  const measured: typeof EXPECTED = {};
  for (const [index, folder] of projects.entries()) {
    const organisation = `real-lineage-${index}`;
    const catalogFile = path.join(REAL, folder, 'catalog.json');
    await ingestArtifacts(
      store.db,
      {
        manifest: await realJson(folder, 'manifest.json'),
        ...(existsSync(catalogFile) ? { catalog: await realJson(folder, 'catalog.json') } : {}),
      },
      { organisation, origin: 'upload', actor },
    );
    await computeColumnLineage(store.db, pool, organisation);
    const project = (await coverage(store.db, organisation)).projects[0];
    if (!project) throw new Error(`${folder}: no coverage`);
    measured[folder] = {
      models: project.models,
      parsed: project.modelsParsed,
      columns: project.columns,
      resolved: project.columnsResolved,
    };

    const dangling = await store.db
      .selectFrom('column_lineage_edges as e')
      .leftJoin('catalog_read_columns as c', (join) =>
        join
          .onRef('c.organisation_id', '=', 'e.organisation_id')
          .onRef('c.node_id', '=', 'e.parent_node')
          .onRef('c.name', '=', 'e.parent_column'),
      )
      .select(['e.child_node', 'e.child_column', 'e.parent_node', 'e.parent_column'])
      .where('e.organisation_id', '=', organisation)
      .where('c.name', 'is', null)
      .execute();
    expect({ folder, dangling }).toEqual({ folder, dangling: [] });
  }
  expect(measured).toEqual(EXPECTED);
});
