// Column types shared by the row types of every table (schema.ts and the files beside this one).
import type { ColumnType } from 'kysely';

export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** JSON columns are written as JSON text so PGlite and node-postgres store the same thing. */
export type Json<T> = ColumnType<T, string, string>;
/** bigint columns: PGlite answers numbers, node-postgres strings; read them through Number(). */
export type BigIntColumn = ColumnType<number | string, number | string | undefined, number | string>;
