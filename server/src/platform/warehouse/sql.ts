/**
 * A statement as text with `?` placeholders plus the values bound to them, built with the `sql`
 * tagged template. Interpolated values are always bound, never spliced into the text; only
 * other `Sql` fragments (constant text, quoted identifiers that passed validation, validated
 * integers) become text. Both engines take `?` positional parameters, so one statement runs on
 * either.
 *
 *   sql`SELECT * FROM ACCOUNT_USAGE.USERS WHERE NAME = ${userName}`
 *   sql`SELECT ${raw('COUNT(*)')} FROM ${ident(tableName, 'table')}`
 */
import { parseObjectName, quoteIdentifier } from './identifiers.js';

/** A value bound to a `?` placeholder. */
export type SqlParam = string | number | boolean | null;

export class Sql {
  private constructor(
    readonly text: string,
    readonly params: readonly SqlParam[],
  ) {}

  /** Internal constructor: callers use `sql`, `raw`, `ident`, `int`, `join`. */
  static of(text: string, params: readonly SqlParam[]): Sql {
    return new Sql(text, params);
  }

  toString(): string {
    return this.text;
  }
}

export function sql(strings: TemplateStringsArray, ...values: ReadonlyArray<SqlParam | Sql>): Sql {
  let text = strings[0] ?? '';
  const params: SqlParam[] = [];
  values.forEach((value, index) => {
    if (value instanceof Sql) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[index + 1] ?? '';
  });
  return Sql.of(text, params);
}

/** Constant SQL text written in this code base; never pass request input. */
export function raw(text: string): Sql {
  return Sql.of(text, []);
}

/** A validated, upper-cased, double-quoted identifier. Throws InvalidIdentifierError naming `field`. */
export function ident(name: string, field: string): Sql {
  return Sql.of(quoteIdentifier(parseObjectName(name, field)), []);
}

/** An integer written as text, for places that take no parameter (LIMIT, DDL numbers). */
export function int(value: number): Sql {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return Sql.of(String(value), []);
}

export function join(parts: readonly Sql[], separator = ', '): Sql {
  return Sql.of(
    parts.map((part) => part.text).join(separator),
    parts.flatMap((part) => part.params),
  );
}

/** `WHERE a AND b` from the non-empty conditions, or nothing. */
export function where(conditions: ReadonlyArray<Sql | null | undefined | false>): Sql {
  const present = conditions.filter((condition): condition is Sql => condition instanceof Sql);
  return present.length === 0 ? raw('') : sql`WHERE ${join(present, ' AND ')}`;
}
