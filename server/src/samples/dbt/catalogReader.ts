/**
 * `dbt docs generate`'s catalog query: what the warehouse says each relation is (table or
 * view), its columns with their types in order, and for tables the row count.
 */
import type { Engine } from '../../platform/warehouse/engine.js';
import { num, str } from '../../platform/warehouse/engine.js';
import { join, raw, sql } from '../../platform/warehouse/sql.js';
import type { Relation } from './compiledTypes.js';

export interface CatalogColumn {
  name: string;
  type: string;
  index: number;
}

export interface CatalogRelation {
  relation: Relation;
  type: string;
  columns: CatalogColumn[];
  rowCount: number | null;
}

const key = (schema: string, name: string): string => `${schema.toLowerCase()}.${name.toLowerCase()}`;

/** Relations of `wanted` that exist in the warehouse (missing ones are left out, as dbt does). */
export async function readCatalog(engine: Engine, database: string, wanted: readonly Relation[]): Promise<Map<Relation, CatalogRelation>> {
  const schemas = [...new Set(wanted.map((relation) => relation.schema))];
  const out = new Map<Relation, CatalogRelation>();
  if (schemas.length === 0) return out;
  const inSchemas = join(schemas.map((schema) => sql`${schema}`));
  const tables = await engine.query(sql`SELECT table_schema, table_name, table_type FROM information_schema.tables
    WHERE table_catalog = ${database} AND table_schema IN (${inSchemas})`);
  const columns =
    await engine.query(sql`SELECT table_schema, table_name, column_name, data_type, ordinal_position FROM information_schema.columns
    WHERE table_catalog = ${database} AND table_schema IN (${inSchemas}) ORDER BY table_schema, table_name, ordinal_position`);
  const typeOf = new Map(tables.map((row) => [key(str(row, 'table_schema'), str(row, 'table_name')), str(row, 'table_type')]));
  const columnsOf = new Map<string, CatalogColumn[]>();
  for (const row of columns) {
    const id = key(str(row, 'table_schema'), str(row, 'table_name'));
    columnsOf.set(id, [
      ...(columnsOf.get(id) ?? []),
      { name: str(row, 'column_name'), type: str(row, 'data_type'), index: num(row, 'ordinal_position') },
    ]);
  }
  for (const relation of wanted) {
    const id = key(relation.schema, relation.identifier);
    const type = typeOf.get(id);
    if (type === undefined) continue;
    let rowCount: number | null = null;
    if (type === 'BASE TABLE') {
      const counted = await engine.query(sql`SELECT COUNT(*) AS n FROM ${raw(relation.rendered)}`);
      rowCount = counted[0] ? num(counted[0], 'n') : 0;
    }
    out.set(relation, { relation, type, columns: columnsOf.get(id) ?? [], rowCount });
  }
  return out;
}
