/**
 * SQL-side randomness for the sample account: one draw per query attribute from DuckDB's hash()
 * of (row, attribute, seed), so a million rows are drawn inside DuckDB without a JS loop.
 * JS-side choices (names, jitter) use the platform's seeded generator (platform/random). Same
 * org id + same "now" + same size ⇒ the same account, on a given DuckDB version.
 */

/** SQL: a uniform draw in [0, 1) for row `i`, attribute `k`, from a seed known when the SQL is built. */
export function sqlUniform(row: string, attribute: number, seed: number): string {
  return `((hash(${row}, ${attribute}, ${seed}) >> 11) / 9007199254740992.0)`;
}
