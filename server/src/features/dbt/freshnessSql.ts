// The statement `dbt source freshness` runs, for the portal's own checks:
//   select max(<loaded_at_field>) as max_loaded_at from <database>.<schema>.<identifier> [where <filter>]
// Names come from the organisation's manifest and are quoted (platform/warehouse/sql.ts). The
// loaded-at field and the filter are SQL that dbt pastes in as written; here they must pass a
// strict check first: no statement separators or comments, no sub-queries or statements, and
// only the date, time and comparison functions a freshness filter uses, so a manifest can never
// make the portal read files or run anything but this one SELECT.
import { quoteIdentifier } from '../../platform/warehouse/identifiers.js';
import { raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import { resolvedName } from '@common/warehouse/identifierRules';

export class UncheckableSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UncheckableSourceError';
  }
}

const PLAIN_COLUMN = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const QUOTED_COLUMN = /^"((?:[^"]|"")+)"$/;

const ALLOWED_FUNCTIONS = new Set([
  'cast',
  'try_cast',
  'convert_timezone',
  'to_timestamp',
  'to_timestamp_ntz',
  'to_timestamp_tz',
  'to_timestamp_ltz',
  'to_date',
  'timestamp',
  'date',
  'dateadd',
  'date_add',
  'datediff',
  'date_diff',
  'date_sub',
  'date_trunc',
  'timestampadd',
  'timestampdiff',
  'current_date',
  'current_timestamp',
  'sysdate',
  'getdate',
  'now',
  'coalesce',
  'greatest',
  'least',
  'lower',
  'upper',
  'trim',
  'interval',
  'in',
  'and',
  'or',
  'not',
  'is',
  'between',
  'like',
  'ilike',
  'epoch_ms',
  'to_timestamp_seconds',
  'make_timestamp',
]);
const FORBIDDEN_WORDS =
  /\b(select|from|union|into|insert|update|delete|merge|drop|create|alter|attach|detach|copy|pragma|install|load|call|exec|execute|grant|revoke|set|use|export|import|truncate|vacuum|checkpoint|with|returning)\b/i;

/** Refuses SQL text that could be more than an expression over the source's own columns. */
export function checkExpression(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 1000) throw new UncheckableSourceError(`The ${what} must be between 1 and 1000 characters.`);
  // String literals may hold anything harmless; look at what is outside them.
  const outside = trimmed.replace(/'(?:[^']|'')*'/g, "''");
  if (/'/.test(outside.replace(/''/g, ''))) throw new UncheckableSourceError(`The ${what} has an unterminated string.`);
  if (/;|--|\/\*|\*\/|\$\$|\\/.test(outside))
    throw new UncheckableSourceError(`The ${what} may not contain ";", comments, "$$" or backslashes.`);
  const withoutQuoted = outside.replace(/"(?:[^"]|"")*"/g, 'x');
  if (FORBIDDEN_WORDS.test(withoutQuoted)) throw new UncheckableSourceError(`The ${what} may not contain statements or sub-queries.`);
  for (const match of withoutQuoted.matchAll(/([A-Za-z_][A-Za-z0-9_$.]*)\s*\(/g)) {
    const name = (match[1] ?? '').toLowerCase().split('.').pop() ?? '';
    if (!ALLOWED_FUNCTIONS.has(name))
      throw new UncheckableSourceError(`The ${what} calls ${name}(), which the portal's freshness check does not run.`);
  }
  return trimmed;
}

/** A column name (quoted) or a checked expression, as dbt's loaded_at_field may be either. */
export function loadedAtSql(field: string): Sql {
  const trimmed = field.trim();
  if (PLAIN_COLUMN.test(trimmed)) return raw(quoteIdentifier(resolvedName(trimmed)));
  const quoted = QUOTED_COLUMN.exec(trimmed);
  if (quoted?.[1]) return raw(quoteIdentifier(quoted[1].replace(/""/g, '"')));
  return raw(`(${checkExpression(trimmed, 'loaded_at_field')})`);
}

/**
 * A name as the warehouse holds it: Snowflake keeps unquoted names upper-case (dbt does not
 * quote them by default), DuckDB matches quoted names without regard to case.
 */
function part(name: string): string {
  return quoteIdentifier(resolvedName(name));
}

export function relationSql(parts: { database: string | null; schema: string | null; identifier: string }): Sql {
  const names = [parts.database, parts.schema, parts.identifier].filter((name): name is string => Boolean(name && name.trim()));
  for (const name of names) {
    if (name.length > 255 || [...name].some((char) => char.charCodeAt(0) < 32))
      throw new UncheckableSourceError(`The relation name ${JSON.stringify(name)} is not a name the warehouse can hold.`);
  }
  return raw(names.map(part).join('.'));
}

export function freshnessQuery(relation: Sql, loadedAtField: string, filter: string | null): Sql {
  const where = filter ? raw(` WHERE (${checkExpression(filter, 'freshness filter')})`) : raw('');
  return sql`SELECT MAX(${loadedAtSql(loadedAtField)}) AS "max_loaded_at" FROM ${relation}${where}`;
}
