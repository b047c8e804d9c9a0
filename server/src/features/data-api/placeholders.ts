/**
 * Endpoint SQL is written with named placeholders, `{{region}}` or `:region`. They become `?`
 * positional binds (each wrapped in a CAST to the parameter's type, so both engines bind a typed
 * value), never text: a value can only ever be a value. A placeholder where a table or column
 * name goes cannot be bound, and is refused with that reason.
 */
import type { EndpointParameter } from '@common/data-api/dataApiContract';
import type { ParameterType } from '@common/data-api/dataApiRules';
import { DomainError } from '../../platform/errors/domainError.js';

export class PlaceholderError extends DomainError {
  override readonly name = 'PlaceholderError';
  constructor(
    message: string,
    readonly field: string = 'definition.sql',
  ) {
    super(message, { status: 400, code: 'invalid_sql', field });
  }
}

const CAST_TYPE: Record<ParameterType, string> = {
  string: 'VARCHAR',
  enum: 'VARCHAR',
  integer: 'BIGINT',
  number: 'DOUBLE',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'TIMESTAMP',
};

/** Keywords after which a name (not a value) follows. */
const IDENTIFIER_BEFORE = new Set(['FROM', 'JOIN', 'INTO', 'TABLE', 'AS', 'BY', 'UPDATE', 'SCHEMA', 'DATABASE']);

export interface CompiledStatement {
  /** The statement with `?` binds. */
  text: string;
  /** The parameter name bound to each `?`, in order. */
  binds: string[];
}

function previousWord(text: string, end: number): string {
  const before = text.slice(0, end).trimEnd();
  if (before.endsWith('.')) return '.';
  const match = /([A-Za-z_]+)$/.exec(before);
  return match?.[1]?.toUpperCase() ?? '';
}

/** Turns named placeholders into typed `?` binds. Throws PlaceholderError naming what is wrong. */
export function compilePlaceholders(source: string, parameters: readonly EndpointParameter[]): CompiledStatement {
  const byName = new Map(parameters.map((param) => [param.name, param]));
  const binds: string[] = [];
  let out = '';
  let i = 0;
  const placeholder = (name: string, start: number, end: number) => {
    const param = byName.get(name);
    if (!param) throw new PlaceholderError(`The placeholder ${name} has no parameter: add "${name}" to the parameter table.`);
    const before = previousWord(source, start);
    const after = source.slice(end).trimStart();
    if (IDENTIFIER_BEFORE.has(before) || before === '.' || after.startsWith('.') || after.startsWith('(')) {
      throw new PlaceholderError(
        `The placeholder ${name} stands where a table, column or function name goes; identifiers cannot be parameters (only values can be bound).`,
      );
    }
    binds.push(name);
    out += `CAST(? AS ${CAST_TYPE[param.type]})`;
  };
  while (i < source.length) {
    const ch = source[i] ?? '';
    const next = source[i + 1] ?? '';
    // Quoted text, quoted identifiers and comments are copied as they are.
    if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < source.length) {
        if (source[j] === ch && source[j + 1] === ch) j += 2;
        else if (source[j] === ch) break;
        else j += 1;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (ch === '-' && next === '-') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      out += source.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === '{' && next === '{') {
      const match = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/.exec(source.slice(i));
      if (!match?.[1]) throw new PlaceholderError('A {{ placeholder }} must hold a parameter name, e.g. {{region}}.');
      placeholder(match[1], i, i + match[0].length);
      i += match[0].length;
      continue;
    }
    if (ch === ':' && next === ':') {
      out += '::';
      i += 2;
      continue;
    }
    if (ch === ':' && /[A-Za-z_]/.test(next)) {
      const match = /^:([A-Za-z_][A-Za-z0-9_]*)/.exec(source.slice(i));
      if (match?.[1]) {
        placeholder(match[1], i, i + match[0].length);
        i += match[0].length;
        continue;
      }
    }
    if (ch === '?' || (ch === '$' && /[0-9A-Za-z_]/.test(next))) {
      throw new PlaceholderError('Use named placeholders such as {{region}} or :region; bare ? or $n parameters are not accepted.');
    }
    out += ch;
    i += 1;
  }
  return { text: out, binds };
}
