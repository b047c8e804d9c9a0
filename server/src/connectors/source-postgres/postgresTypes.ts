// From PostgreSQL column types to the JSON schema of a stream's field, and the value parsers that
// make rows match it. Timestamps stay text (ISO 8601, microseconds kept) rather than becoming
// JavaScript dates: a Date loses microseconds and reads a timestamp without time zone in the
// process's local zone, and the same text is what the incremental cursor is bound back with.
import pg from 'pg';

const { types } = pg;

const nullable = (schema: Record<string, unknown>) => ({ ...schema, type: ['null', schema.type as string] });

/** The JSON schema of a column, from information_schema's `data_type` (and `udt_name` for arrays). */
export function fieldSchema(dataType: string, udtName: string): Record<string, unknown> {
  if (dataType === 'ARRAY') {
    const element = udtName.replace(/^_/, '');
    return { type: ['null', 'array'], items: fieldSchema(ELEMENT_TYPES[element] ?? 'text', element) };
  }
  switch (dataType) {
    case 'smallint':
    case 'integer':
    case 'bigint':
      return nullable({ type: 'integer' });
    case 'numeric':
    case 'real':
    case 'double precision':
      return nullable({ type: 'number' });
    case 'boolean':
      return nullable({ type: 'boolean' });
    case 'date':
      return nullable({ type: 'string', format: 'date' });
    case 'timestamp without time zone':
      return nullable({ type: 'string', format: 'date-time', airbyte_type: 'timestamp_without_timezone' });
    case 'timestamp with time zone':
      return nullable({ type: 'string', format: 'date-time', airbyte_type: 'timestamp_with_timezone' });
    case 'json':
    case 'jsonb':
      return nullable({ type: 'object' });
    default:
      // text, varchar, char, uuid, time, interval, bytea, enums, network types…: their text form.
      return nullable({ type: 'string' });
  }
}

/** information_schema data types of array elements, by udt_name. */
const ELEMENT_TYPES: Record<string, string> = {
  int2: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  numeric: 'numeric',
  float4: 'real',
  float8: 'double precision',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp without time zone',
  timestamptz: 'timestamp with time zone',
  json: 'json',
  jsonb: 'jsonb',
};

/** `2026-01-02 03:04:05.123456` → `2026-01-02T03:04:05.123456`; `…+00` → `…+00:00`. */
export function isoTimestamp(text: string): string {
  const iso = text.replace(' ', 'T');
  return /[+-]\d{2}$/.test(iso) ? `${iso}:00` : iso;
}

const OID = { int8: 20, numeric: 1700, timestamp: 1114, timestamptz: 1184, date: 1082 } as const;

const bigint = (text: string): number | string => {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
};
const numeric = (text: string): number | string => {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};

/** The pg `types` option for this connector's connections. */
export const rowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format === 'binary') return types.getTypeParser(oid, format);
    switch (oid) {
      case OID.int8:
        return bigint;
      case OID.numeric:
        return numeric;
      case OID.timestamp:
      case OID.timestamptz:
        return isoTimestamp;
      case OID.date:
        return (text: string) => text;
      default:
        return types.getTypeParser(oid, 'text');
    }
  }) as typeof types.getTypeParser,
};
