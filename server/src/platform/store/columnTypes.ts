// Column types shared by the row types of every table (schema.ts and each area's tables.ts).
import type { ColumnType } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSON columns are written as JSON text so PGlite and node-postgres store the same thing. */
export type Json<T> = ColumnType<T, string, string>;
/** bigint columns: PGlite answers numbers, node-postgres strings; read them through Number(). */
export type BigIntColumn = ColumnType<number | string, number | string | undefined, number | string>;
/** The full-text search document a table keeps of its rows: written by the database, never by us. */
export type SearchDocument = ColumnType<string, never, never>;
/** JSON columns with a database default: optional on insert. */
export type OptionalJson<T> = ColumnType<T, string | undefined, string>;
/** JSON columns that may be null. */
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
