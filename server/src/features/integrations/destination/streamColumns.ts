// From a stream's JSON schema to the typed columns of its table, the way Airbyte's warehouse
// destinations type their final tables: one column per top-level property, named in the
// warehouse's unquoted form (upper case, other characters as underscores), plus Airbyte's own
// columns. A value that does not fit its column's type becomes NULL, and the record's
// `_airbyte_meta.changes` says so (DESTINATION_TYPECAST_ERROR), as Airbyte's destinations do.
import type { AirbyteStream } from '@common/integrations/airbyteProtocol';
import type { EngineKind } from '@common/warehouse/warehouseInfo';
import { parseIdentifier } from '../../../platform/warehouse/identifiers.js';
import { InvalidIdentifierError } from '../../../platform/warehouse/errors.js';
import { RESERVED_SCHEMAS } from './portalSchemas.js';
import { DomainError } from '../../../platform/errors/domainError.js';

export type ColumnType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp_tz' | 'timestamp' | 'json';

export interface StreamColumn {
  /** The property in the record's data. */
  property: string;
  /** The column's name in the warehouse (unquoted form, upper case). */
  name: string;
  type: ColumnType;
}

/** Airbyte's columns on every table a sync writes. */
export const AIRBYTE_COLUMNS = {
  rawId: '_AIRBYTE_RAW_ID',
  extractedAt: '_AIRBYTE_EXTRACTED_AT',
  meta: '_AIRBYTE_META',
  generationId: '_AIRBYTE_GENERATION_ID',
} as const;

const SQL_TYPES: Record<EngineKind, Record<ColumnType, string>> = {
  duckdb: {
    string: 'VARCHAR',
    integer: 'BIGINT',
    number: 'DOUBLE',
    boolean: 'BOOLEAN',
    date: 'DATE',
    timestamp_tz: 'TIMESTAMPTZ',
    timestamp: 'TIMESTAMP',
    json: 'JSON',
  },
  snowflake: {
    string: 'VARCHAR',
    integer: 'NUMBER(38,0)',
    number: 'FLOAT',
    boolean: 'BOOLEAN',
    date: 'DATE',
    timestamp_tz: 'TIMESTAMP_TZ',
    timestamp: 'TIMESTAMP_NTZ',
    json: 'VARIANT',
  },
};

export const sqlType = (kind: EngineKind, type: ColumnType): string => SQL_TYPES[kind][type];

function schemaTypes(property: Record<string, unknown>): string[] {
  const type = property.type;
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string' && entry !== 'null');
  if (typeof type === 'string') return type === 'null' ? [] : [type];
  // anyOf / oneOf of simple types (e.g. [{type: 'string'}, {type: 'null'}]).
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = property[key];
    if (Array.isArray(options))
      return options.flatMap((option) => (option && typeof option === 'object' ? schemaTypes(option as Record<string, unknown>) : []));
  }
  return [];
}

export function columnType(property: Record<string, unknown>): ColumnType {
  const types = [...new Set(schemaTypes(property))];
  if (types.length !== 1)
    return types.length === 0 ? 'json' : types.every((type) => type === 'integer' || type === 'number') ? 'number' : 'json';
  switch (types[0]) {
    case 'string':
      if (property.format === 'date') return 'date';
      if (property.format === 'date-time') return property.airbyte_type === 'timestamp_without_timezone' ? 'timestamp' : 'timestamp_tz';
      return 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return property.airbyte_type === 'integer' ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

/** The warehouse name for a property: Snowflake's unquoted form (what `select order_id` finds). */
export function columnName(property: string): string {
  let name = property.replace(/[^A-Za-z0-9_$]/g, '_');
  if (!/^[A-Za-z_]/.test(name)) name = `_${name}`;
  return name.toUpperCase();
}

export class StreamSchemaError extends DomainError {
  constructor(
    readonly stream: string,
    message: string,
  ) {
    super(`Stream ${stream}: ${message}`, { status: 400, code: 'invalid_stream', field: 'streams' });
    this.name = 'StreamSchemaError';
  }
}

/** The stream's columns, refusing two properties that would share a column and names Airbyte keeps for itself. */
export function streamColumns(stream: AirbyteStream): StreamColumn[] {
  const properties = (stream.json_schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const byName = new Map<string, string>();
  const reserved = new Set<string>(Object.values(AIRBYTE_COLUMNS));
  return Object.entries(properties).map(([property, schema]) => {
    const name = columnName(property);
    if (name.length > 255)
      throw new StreamSchemaError(stream.name, `the field "${property.slice(0, 40)}…" is longer than a column name may be.`);
    if (reserved.has(name))
      throw new StreamSchemaError(stream.name, `the field "${property}" would take the name of Airbyte's own column ${name}.`);
    const other = byName.get(name);
    if (other !== undefined)
      throw new StreamSchemaError(stream.name, `the fields "${other}" and "${property}" would both become the column ${name}.`);
    byName.set(name, property);
    return { property, name, type: columnType(schema ?? {}) };
  });
}

/** Where a stream lands: namespace → schema, name → table, both refused unless valid unquoted identifiers. */
export function streamTable(
  stream: { name: string; namespace?: string | undefined },
  defaultSchema: string,
): { schema: string; table: string } {
  return {
    schema: streamSchema(stream.namespace ?? defaultSchema, `namespace of stream ${stream.name}`),
    table: parseIdentifier(stream.name, 'stream name'),
  };
}

/** A schema streams may be written into, as the warehouse holds it; never one of the portal's own. */
export function streamSchema(value: string, field: string): string {
  const schema = parseIdentifier(value, field);
  if (RESERVED_SCHEMAS.includes(schema)) {
    throw new InvalidIdentifierError(
      field,
      `is ${schema}, a schema the portal keeps for its own tables (sync state, usage copies); choose another schema`,
    );
  }
  return schema;
}

export interface TypecastChange {
  field: string;
  change: 'NULLED';
  reason: 'DESTINATION_TYPECAST_ERROR';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// The ISO forms DuckDB and Snowflake both read (seconds required: DuckDB refuses `T03:04Z`).
const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `YYYY-MM-DD` is a real calendar day (Date.parse would roll 2026-02-30 over to March).
 * Counted rather than parsed: every date and timestamp of every record comes through here.
 */
export function validDate(day: string): boolean {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const date = Number(day.slice(8, 10));
  if (month < 1 || month > 12 || date < 1) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return date <= (DAYS_IN_MONTH[month - 1] ?? 0) + (leap ? 1 : 0);
}

/** The value as its column holds it, or `undefined` when it does not fit (the caller nulls it and notes the change). */
export function castValue(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'integer': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
    }
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return undefined;
    case 'date': {
      return typeof value === 'string' && ISO_DATE.test(value) && validDate(value) ? value : undefined;
    }
    case 'timestamp':
    case 'timestamp_tz': {
      if (typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : undefined;
      if (typeof value !== 'string') return undefined;
      // ISO 8601 text goes to the warehouse as it is (its zone kept, a zone-less time not moved
      // into the server's zone); other text JavaScript can read is converted.
      const iso = ISO_TIMESTAMP.exec(value);
      if (iso) return validDate(iso[1] ?? '') ? value : undefined;
      const time = Date.parse(value);
      return Number.isNaN(time) ? undefined : new Date(time).toISOString();
    }
    case 'json':
      return value;
  }
}
