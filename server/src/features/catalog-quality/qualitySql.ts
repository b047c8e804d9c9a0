// SQL pieces the Data Quality queries share: dbt's result statuses as the catalog's test
// statuses, the one-letter codes of a test's recent runs, and the domain and owner rules
// (common/catalog-quality/qualityContract.ts says them in words).
import { sql, type RawBuilder } from 'kysely';

/** dbt's result status → p f e w s u (pass, fail, error, warn, skipped, unknown). */
export const statusCode = (column: RawBuilder<unknown>) =>
  sql<string>`CASE ${column} WHEN 'pass' THEN 'p' WHEN 'success' THEN 'p' WHEN 'fail' THEN 'f' WHEN 'error' THEN 'e' WHEN 'runtime error' THEN 'e' WHEN 'warn' THEN 'w' WHEN 'skipped' THEN 's' ELSE 'u' END`;

/** dbt's result status → the catalog's TestStatus (as projectIndex.asTestStatus does). */
export const testStatus = (column: RawBuilder<unknown>) =>
  sql<string>`CASE ${column} WHEN 'pass' THEN 'pass' WHEN 'success' THEN 'pass' WHEN 'fail' THEN 'fail' WHEN 'error' THEN 'error' WHEN 'runtime error' THEN 'error' WHEN 'warn' THEN 'warn' WHEN 'skipped' THEN 'skipped' ELSE 'unknown' END`;

/** Status changes between consecutive letters of a recent-runs string. */
export const flipsOf = (recent: RawBuilder<unknown>) =>
  sql<number>`(SELECT count(*)::integer FROM generate_series(1, length(${recent}) - 1) AS i WHERE substr(${recent}, i, 1) <> substr(${recent}, i + 1, 1))`;

/** The node's `meta.domain`, else the first folder of its file under the project (`models/<folder>/…`). */
export const domainOf = (alias: string) =>
  sql<
    string | null
  >`COALESCE(${sql.ref(`${alias}.domain`)}, CASE WHEN ${sql.ref(`${alias}.original_file_path`)} LIKE '%/%/%' THEN split_part(${sql.ref(`${alias}.original_file_path`)}, '/', 2) END)`;

/** The node's first owner (meta.owner, else its group's owner: the manifest reader's rule). */
export const ownerOf = (alias: string) => sql<string | null>`(${sql.ref(`${alias}.owners`)} ->> 0)`;

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** How many letters of history a test state keeps. */
export const RECENT_RUNS = 20;
