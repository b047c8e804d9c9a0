// Cost per asset: the warehouse's builds and reads of dbt nodes (the warehouse access port, handed in by area.ts
// from the warehouse feature's usage copy) laid over the organisation's current project.
// - A model's (seed's, snapshot's) cost is the cost of its build statements over the window.
// - An exposure's or a product's cost is the cost of every model it needs: its models and all
//   models upstream of them. A model shared by two exposures counts in both: each figure says
//   what that one consumer costs to keep built.
// - Reads are queries naming the model's relation (schema and table), other than its own build
//   statements; a downstream model's build counts as a read. "Nobody read it" = no read in the
//   read window.
// - The trend compares the window with the one before it, when the copy reaches back that far.
import { sql } from 'kysely';
import { COST_WINDOW_DAYS } from '@common/catalog-domains/catalogOrganisationRules';
import type { CostFigures, CostWindow } from '@common/catalog-domains/costContract';
import { CURRENCY } from '@common/warehouse/warehouseInfo';
import type { StoreDb } from '../../platform/store/openStore.js';

/** What the warehouse feature answers (analytics/dbtNodeCost.ts), as this area reads it. */
export interface CostRollup {
  from: string | null;
  to: string | null;
  pricePerCredit: number;
  builds: ReadonlyArray<{ day: string; nodeId: string; queries: number; credits: number }>;
  reads: ReadonlyArray<{ relation: string; readerNodeId: string | null; queries: number; lastRead: string }>;
  readDays: number;
}

/** The organisation's rollup over two cost windows of builds and one of reads. */
export type CostSource = (organisation: string) => Promise<CostRollup>;

export const BUILD_TYPES = ['model', 'seed', 'snapshot'] as const;

interface CostIndex {
  window: CostWindow;
  days: string[];
  previousFrom: string | null;
  builds: Map<string, Map<string, { queries: number; credits: number }>>;
  reads: Map<string, Array<{ readerNodeId: string | null; queries: number; lastRead: string }>>;
  /** Relations read whoever their model is: by someone outside dbt, or by two or more nodes. */
  readByOthers: string[];
  pricePerCredit: number;
}

const indexes = new WeakMap<CostRollup, CostIndex>();

const addDays = (text: string, days: number): string => {
  const date = new Date(`${text}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** `"db"."Schema".tbl` parts → `SCHEMA.TBL`, as the warehouse side reduces names in query texts. */
export function relationKey(schema: string | null, identifier: string | null): string | null {
  if (!schema || !identifier) return null;
  return `${schema.replaceAll('"', '')}.${identifier.replaceAll('"', '')}`.toUpperCase();
}

export function costIndex(rollup: CostRollup): CostIndex {
  const known = indexes.get(rollup);
  if (known) return known;
  const to = rollup.to ?? new Date().toISOString().slice(0, 10);
  const from = addDays(to, 1 - COST_WINDOW_DAYS);
  const previousFrom = addDays(from, -COST_WINDOW_DAYS);
  const builds = new Map<string, Map<string, { queries: number; credits: number }>>();
  for (const row of rollup.builds) {
    const days = builds.get(row.nodeId) ?? new Map<string, { queries: number; credits: number }>();
    const current = days.get(row.day) ?? { queries: 0, credits: 0 };
    days.set(row.day, { queries: current.queries + row.queries, credits: current.credits + row.credits });
    builds.set(row.nodeId, days);
  }
  const reads = new Map<string, Array<{ readerNodeId: string | null; queries: number; lastRead: string }>>();
  for (const row of rollup.reads) {
    const list = reads.get(row.relation) ?? [];
    list.push({ readerNodeId: row.readerNodeId, queries: row.queries, lastRead: row.lastRead });
    reads.set(row.relation, list);
  }
  const index: CostIndex = {
    window: { from, to, currency: CURRENCY },
    days: Array.from({ length: COST_WINDOW_DAYS }, (_, i) => addDays(from, i)),
    previousFrom: rollup.from !== null && rollup.from <= previousFrom ? previousFrom : null,
    builds,
    reads,
    readByOthers: [...reads]
      .filter(
        ([, readers]) => readers.some((read) => read.readerNodeId === null) || new Set(readers.map((read) => read.readerNodeId)).size > 1,
      )
      .map(([key]) => key),
    pricePerCredit: rollup.pricePerCredit,
  };
  indexes.set(rollup, index);
  return index;
}

/** Build cost of a set of nodes over the window, with the window before and one point per day. */
export function costOf(index: CostIndex, nodeIds: Iterable<string>): CostFigures {
  const daily = new Map(index.days.map((day) => [day, 0]));
  let credits = 0;
  let builds = 0;
  let previous = 0;
  for (const id of new Set(nodeIds)) {
    for (const [day, figures] of index.builds.get(id) ?? []) {
      if (day >= index.window.from && day <= index.window.to) {
        credits += figures.credits;
        builds += figures.queries;
        daily.set(day, (daily.get(day) ?? 0) + figures.credits * index.pricePerCredit);
      } else if (index.previousFrom !== null && day >= index.previousFrom && day < index.window.from) previous += figures.credits;
    }
  }
  return {
    credits,
    cost: credits * index.pricePerCredit,
    builds,
    previousCost: index.previousFrom === null ? null : previous * index.pricePerCredit,
    daily: [...daily].map(([day, cost]) => ({ day, cost })),
  };
}

/** Reads of an asset's relation by anyone but its own build statements. */
export function readsOf(
  index: CostIndex,
  asset: { unique_id: string; schema_name: string | null; identifier: string | null },
): { reads: number; lastRead: string | null } {
  const key = relationKey(asset.schema_name, asset.identifier);
  let reads = 0;
  let lastRead: string | null = null;
  for (const read of (key && index.reads.get(key)) || []) {
    if (read.readerNodeId === asset.unique_id) continue;
    reads += read.queries;
    if (lastRead === null || read.lastRead > lastRead) lastRead = read.lastRead;
  }
  return { reads, lastRead };
}

/**
 * For each root, the models, seeds and snapshots it needs (itself included when it is one),
 * walking the project's edges upstream in one recursive statement.
 */
export async function upstreamBuilds(db: StoreDb, organisation: string, roots: readonly string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>(roots.map((root) => [root, new Set<string>()]));
  if (roots.length === 0) return result;
  const { rows } = await sql<{ root: string; id: string }>`
    WITH RECURSIVE up(root, id) AS (
      SELECT r.root, r.root FROM unnest(${sql.val([...roots])}::text[]) AS r(root)
      UNION
      SELECT up.root, e.parent_id FROM catalog_read_edges e JOIN up ON e.child_id = up.id WHERE e.organisation_id = ${organisation}
    )
    SELECT up.root, up.id FROM up
    JOIN catalog_read_nodes n ON n.organisation_id = ${organisation} AND n.unique_id = up.id
    WHERE n.resource_type IN (${sql.join(BUILD_TYPES.map((type) => sql`${type}`))})`.execute(db);
  for (const row of rows) result.get(row.root)?.add(row.id);
  return result;
}
