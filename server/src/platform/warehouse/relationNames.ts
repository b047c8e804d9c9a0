// Matching the relations a parser reports to catalog nodes. The SQL names a relation the way the
// adapter quotes it (`"db"."main"."orders"`, `` `project.dataset.orders` ``, `ANALYTICS.DBT.ORDERS`);
// the catalog keeps dbt's `relation_name`. Both are compared unquoted and lower-cased, and a name
// with fewer parts (`main.orders`) matches when only one relation ends that way.

/** `"DB"."Main".orders` → `db.main.orders`. */
export function normaliseRelation(name: string): string {
  return name
    .split('.')
    .map((part) => part.trim().replace(/^["`[]|["`\]]$/g, ''))
    .join('.')
    .toLowerCase();
}

export interface RelationIndex {
  /** The node a relation names, or null when none or several match. */
  find(relation: string): string | null;
}

export function relationIndex(relations: Iterable<{ nodeId: string; relationName: string }>): RelationIndex {
  const byName = new Map<string, string | null>();
  const add = (key: string, nodeId: string) => {
    const known = byName.get(key);
    byName.set(key, known === undefined || known === nodeId ? nodeId : null);
  };
  const exact = new Map<string, string>();
  for (const { nodeId, relationName } of relations) {
    const parts = normaliseRelation(relationName).split('.');
    exact.set(parts.join('.'), nodeId);
    // The shorter spellings: schema.table and table alone.
    for (let start = 1; start < parts.length; start += 1) add(parts.slice(start).join('.'), nodeId);
  }
  return {
    find(relation) {
      const key = normaliseRelation(relation);
      return exact.get(key) ?? byName.get(key) ?? null;
    },
  };
}
