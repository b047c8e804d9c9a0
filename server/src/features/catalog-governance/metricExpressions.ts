// A measure's or dimension's `expr` from the manifest turned into SQL the portal may run on the
// warehouse: only a small, read-only expression language is accepted (column names of the
// model, numbers, quoted text, arithmetic and comparison operators, CASE/WHEN and a few
// functions). Column names are validated and quoted with the warehouse helpers and text is
// bound as a parameter, so nothing from the manifest is spliced into SQL as written. Anything
// else (a subquery, a semicolon, an unknown function) is refused with the token that was not
// understood.
import { raw, sql, type Sql } from '../../platform/warehouse/sql.js';
import { parseObjectName, quoteIdentifier } from '../../platform/warehouse/identifiers.js';

const KEYWORDS = new Set([
  'case',
  'when',
  'then',
  'else',
  'end',
  'and',
  'or',
  'not',
  'is',
  'null',
  'true',
  'false',
  'in',
  'between',
  'like',
  'as',
  'distinct',
]);
const FUNCTIONS = new Set([
  'coalesce',
  'nullif',
  'abs',
  'round',
  'floor',
  'ceil',
  'cast',
  'lower',
  'upper',
  'least',
  'greatest',
  'date_trunc',
]);
const TYPES = new Set([
  'integer',
  'int',
  'bigint',
  'numeric',
  'decimal',
  'float',
  'double',
  'real',
  'varchar',
  'text',
  'boolean',
  'date',
  'timestamp',
]);
const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|('(?:[^']|'')*')|([A-Za-z_][A-Za-z0-9_]*)|(<>|<=|>=|!=|[-+*/%(),<>=]))/y;

export type ExpressionResult = { sql: Sql } | { problem: string };

/** `expr` (or the part's name when it has none) as warehouse SQL over the model's columns. */
export function expressionSql(expr: string, columns: ReadonlySet<string>): ExpressionResult {
  const parts: Sql[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < expr.length) {
    if (expr.slice(at).trim() === '') break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(expr);
    if (!match) return { problem: `"${expr.slice(at).trim().slice(0, 20)}" is not something the portal runs` };
    at = TOKEN.lastIndex;
    const [, number, text, word, operator] = match;
    if (number !== undefined) parts.push(raw(number));
    else if (text !== undefined) parts.push(sql`${text.slice(1, -1).replace(/''/g, "'")}`);
    else if (operator !== undefined) parts.push(raw(operator));
    else if (word !== undefined) {
      const lower = word.toLowerCase();
      if (KEYWORDS.has(lower) || FUNCTIONS.has(lower) || TYPES.has(lower)) parts.push(raw(lower.toUpperCase()));
      else if (columns.has(lower)) parts.push(raw(quoteIdentifier(parseObjectName(word, 'expr'))));
      else return { problem: `"${word}" is not a column of the model` };
    }
  }
  if (parts.length === 0) return { problem: 'the expression is empty' };
  return { sql: sql`${joinSpaced(parts)}` };
}

function joinSpaced(parts: readonly Sql[]): Sql {
  return parts.reduce((all, part, index) => (index === 0 ? part : sql`${all} ${part}`));
}
