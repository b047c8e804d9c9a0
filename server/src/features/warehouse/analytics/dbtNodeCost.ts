/**
 * Cost per dbt node, over the usage copy: which queries built which dbt model, seed or snapshot,
 * what they cost, and which relations other queries read.
 *
 * Builds. dbt marks the statements it runs for a node in one of two ways, and both are read:
 * - its query comment, `/* {"app": "dbt", …, "node_id": "model.pkg.name", …} *\/`, prepended to
 *   QUERY_TEXT by default (or appended with `query-comment: {append: true}`, so the end of the
 *   text is looked at too);
 * - a QUERY_TAG holding the node id, either as JSON with a `node_id` key or as the bare id
 *   (`+query_tag: "{{ model.unique_id }}"`).
 * Only the text's first and last 2,000 characters are searched: the comment is at one end, and
 * a long compiled model never has its whole text scanned.
 *
 * Cost. Each query's cost is Optimize's own attribution (attribution.ts, DATAWORKS.QUERY_COST):
 * its share of its warehouse-hours' metered credits plus its billable cloud services. A model's
 * build cost is the sum over its build statements.
 *
 * Reads. A query reads a relation when its text names it: every dotted name in the text
 * (`db.schema.table` or `schema.table`, quotes dropped, upper-cased) is reduced to its last two
 * parts, `SCHEMA.TABLE`, and counted once per query. Matching on schema and table rather than the
 * full name keeps a session's database prefix (or its absence) from hiding a read; a name that
 * is not a relation (an alias and a column, `o.amount`) matches no model and is dropped by the
 * caller. The answer keeps, per relation, which dbt node's statements read it, so the catalog can
 * leave a model's own build statements out of its reads.
 *
 * Everything is grouped in the warehouse: a 60-day window of millions of queries comes back as
 * one row per node and day and one row per relation and reader.
 */
import { addUtcDays, startOfUtcDay } from '@common/time/utcDay';
import { day, iso, num, strOrNull } from '../../../platform/warehouse/engine.js';
import { raw, sql, type Sql } from '../../../platform/warehouse/sql.js';
import { ts, windowText } from '../../../platform/warehouse/attribution.js';
import { usageDays, type AnalyticsContext } from './context.js';

export interface NodeBuildDay {
  day: string;
  nodeId: string;
  queries: number;
  credits: number;
}

export interface RelationReads {
  /** `SCHEMA.TABLE`, upper-case. */
  relation: string;
  /** The dbt node whose statements read it (a downstream build), or null for everyone else. */
  readerNodeId: string | null;
  queries: number;
  lastRead: string;
}

export interface DbtNodeCostRollup {
  /** Days of the window, inclusive (YYYY-MM-DD); null bounds when the copy holds no usage yet. */
  from: string | null;
  to: string | null;
  pricePerCredit: number;
  builds: NodeBuildDay[];
  /** Reads in the last `readDays` days of the window only. */
  reads: RelationReads[];
  readDays: number;
}

// RE2 patterns (DuckDB's regexp engine), inlined as SQL literals: they hold no quote.
const COMMENT_AT_START = String.raw`^\s*/\*(?:[^*]|\*[^/])*?"node_id"\s*:\s*"([^"]+)"`;
const COMMENT_AT_END = String.raw`"node_id"\s*:\s*"([^"]+)"(?:[^*]|\*[^/])*\*/\s*;?\s*$`;
const TAG_JSON = String.raw`"node_id"\s*:\s*"([^"]+)"`;
const TAG_BARE = String.raw`^\s*((?:model|seed|snapshot)\.[^\s"]+)\s*$`;
const DOTTED_NAME = String.raw`[A-Z0-9_$]+\.[A-Z0-9_$]+(?:\.[A-Z0-9_$]+)?`;

const literal = (pattern: string): Sql => {
  if (pattern.includes("'")) throw new Error('a pattern with a quote cannot be inlined');
  return raw(`'${pattern}'`);
};

/** The dbt node id a statement was run for, or NULL. */
export function nodeIdExpression(): Sql {
  return sql`COALESCE(
    NULLIF(regexp_extract(LEFT(QUERY_TEXT, 2000), ${literal(COMMENT_AT_START)}, 1), ''),
    NULLIF(regexp_extract(RIGHT(QUERY_TEXT, 2000), ${literal(COMMENT_AT_END)}, 1), ''),
    NULLIF(regexp_extract(COALESCE(QUERY_TAG, ''), ${literal(TAG_JSON)}, 1), ''),
    NULLIF(regexp_extract(COALESCE(QUERY_TAG, ''), ${literal(TAG_BARE)}, 1), ''))`;
}

/**
 * Builds per node and day over the `windowDays` days up to the copy's last day with usage, and
 * reads per relation over the last `readDays` of them.
 */
export async function dbtNodeCost(context: AnalyticsContext, windowDays: number, readDays: number): Promise<DbtNodeCostRollup> {
  const days = await usageDays(context);
  const empty = { pricePerCredit: context.prices.pricePerCredit, builds: [], reads: [], readDays };
  if (!days) return { from: null, to: null, ...empty };
  const from = addUtcDays(days.to, 1 - windowDays);
  const start = windowText(startOfUtcDay(from));
  const end = windowText(startOfUtcDay(addUtcDays(days.to, 1)));
  const readStart = windowText(startOfUtcDay(addUtcDays(days.to, 1 - readDays)));

  const builds = await context.engine.query(sql`
    WITH Q AS (
      SELECT QUERY_ID, START_TIME, ${nodeIdExpression()} AS NODE_ID
      FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= ${ts(start)} AND START_TIME < ${ts(end)}
        AND (contains(QUERY_TEXT, 'node_id') OR COALESCE(QUERY_TAG, '') <> '')
    )
    SELECT CAST(Q.START_TIME AS DATE) AS "day", Q.NODE_ID AS "nodeId", COUNT(*) AS "queries", COALESCE(SUM(C.CREDITS), 0) AS "credits"
    FROM Q LEFT JOIN DATAWORKS.QUERY_COST C ON C.QUERY_ID = Q.QUERY_ID
    WHERE Q.NODE_ID IS NOT NULL
    GROUP BY 1, 2`);

  const reads = await context.engine.query(sql`
    WITH Q AS (
      SELECT START_TIME, ${nodeIdExpression()} AS NODE_ID,
             list_distinct(list_transform(
               regexp_extract_all(upper(replace(QUERY_TEXT, '"', '')), ${literal(DOTTED_NAME)}),
               name -> array_to_string(list_slice(string_split(name, '.'), -2, -1), '.'))) AS RELATIONS
      FROM ACCOUNT_USAGE.QUERY_HISTORY
      WHERE START_TIME >= ${ts(readStart)} AND START_TIME < ${ts(end)}
    )
    SELECT R.RELATION AS "relation", Q.NODE_ID AS "readerNodeId", COUNT(*) AS "queries", MAX(Q.START_TIME) AS "lastRead"
    FROM Q, UNNEST(Q.RELATIONS) AS R(RELATION)
    GROUP BY 1, 2`);

  return {
    from,
    to: days.to,
    pricePerCredit: context.prices.pricePerCredit,
    readDays,
    builds: builds.map((row) => ({
      day: day(row, 'day'),
      nodeId: strOrNull(row, 'nodeId') ?? '',
      queries: num(row, 'queries'),
      credits: num(row, 'credits'),
    })),
    reads: reads.map((row) => ({
      relation: strOrNull(row, 'relation') ?? '',
      readerNodeId: strOrNull(row, 'readerNodeId'),
      queries: num(row, 'queries'),
      lastRead: iso(row, 'lastRead'),
    })),
  };
}
