// The dbt catalog as other areas read it (the catalog read model port): answers from the dbt
// tables, which only this area queries.
import { sql } from 'kysely';
import type { CatalogNode, CatalogReadModel } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { ofCurrentResources } from './resultQueries.js';

const toNode = (row: { unique_id: string; name: string; resource_type: string }): CatalogNode => ({
  uniqueId: row.unique_id,
  name: row.name,
  resourceType: row.resource_type,
});

/** The node and, when `upstream`, every node upstream of it (the lineage edges, walked to the sources). */
async function judgedIds(db: StoreDb, organisation: string, uniqueId: string, upstream: boolean): Promise<string[]> {
  if (!upstream) return [uniqueId];
  const rows = await sql<{ id: string }>`
    WITH RECURSIVE up(id) AS (
      SELECT ${uniqueId}::text
      UNION
      SELECT e.parent_id FROM dbt_edges e JOIN up ON e.child_id = up.id WHERE e.organisation_id = ${organisation}
    )
    SELECT id FROM up`.execute(db);
  return rows.rows.map((row) => row.id);
}

/** A JSON list column as text or parsed, whichever the driver answers. */
const asArray = (value: unknown): string[] => {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
};

export function catalogReadModel(db: StoreDb): CatalogReadModel {
  return {
    async assetFacts(organisation, uniqueId) {
      const row = await db
        .selectFrom('dbt_nodes')
        .select(['unique_id', 'tags', 'domain', 'owners'])
        .where('organisation_id', '=', organisation)
        .where('unique_id', '=', uniqueId)
        .executeTakeFirst();
      if (!row) return null;
      return { id: row.unique_id, tags: asArray(row.tags), domain: row.domain, owners: asArray(row.owners) };
    },
    async nodes(organisation, uniqueIds) {
      if (uniqueIds.length === 0) return [];
      const rows = await db
        .selectFrom('dbt_nodes')
        .select(['unique_id', 'name', 'resource_type'])
        .where('organisation_id', '=', organisation)
        .where('unique_id', 'in', [...uniqueIds])
        .execute();
      return rows.map(toNode);
    },
    async nodesOfTypes(organisation, resourceTypes, limit) {
      if (resourceTypes.length === 0) return [];
      const rows = await db
        .selectFrom('dbt_nodes')
        .select(['unique_id', 'name', 'resource_type'])
        .where('organisation_id', '=', organisation)
        .where('resource_type', 'in', [...resourceTypes])
        .orderBy('name')
        .limit(limit)
        .execute();
      return rows.map(toNode);
    },
    async healthEvidence(organisation, uniqueId, { upstream }) {
      const nodeIds = await judgedIds(db, organisation, uniqueId, upstream);
      const tests = await db
        .selectFrom('dbt_tests')
        .select('unique_id')
        .where('organisation_id', '=', organisation)
        .where('attached_to', 'in', nodeIds)
        .execute();
      const testIds = tests.map((test) => test.unique_id);
      const [results, freshness] = await Promise.all([
        sql<{ unique_id: string; status: string }>`
          SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status FROM dbt_run_results r
          WHERE r.organisation_id = ${organisation} AND r.unique_id = ANY(${[...nodeIds, ...testIds]}::text[]) ${ofCurrentResources}
          ORDER BY r.unique_id, r.executed_at DESC NULLS LAST, r.id DESC`.execute(db),
        sql<{ unique_id: string; status: string }>`
          SELECT DISTINCT ON (r.unique_id) r.unique_id, r.status FROM dbt_freshness_results r
          WHERE r.organisation_id = ${organisation} AND r.unique_id = ANY(${nodeIds}::text[]) ${ofCurrentResources}
          ORDER BY r.unique_id, r.checked_at DESC, r.id DESC`.execute(db),
      ]);
      return {
        nodeIds,
        testIds,
        results: results.rows.map((row) => ({ uniqueId: row.unique_id, status: row.status })),
        freshness: freshness.rows.map((row) => ({ uniqueId: row.unique_id, status: row.status })),
      };
    },
    async recentIngestions(organisation, limit) {
      const rows = await db
        .selectFrom('dbt_ingestions')
        .select(['id', 'origin', 'ingested_at', 'project_name'])
        .where('organisation_id', '=', organisation)
        .orderBy('ingested_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        origin: row.origin,
        ingestedAt: new Date(row.ingested_at).toISOString(),
        projectName: row.project_name,
      }));
    },
  };
}
