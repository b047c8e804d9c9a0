// The facet values of explore's search documents in flat typed arrays, one column per facet.
// A search counts every facet over tens of thousands of matches; reading ids out of two
// Int32Arrays costs a fraction of walking thirteen small arrays per document, and the index
// holds a few arrays instead of millions of them.

export interface FacetColumn {
  /** Every value some document has, in first-seen order: a value's id is its place here. */
  readonly values: readonly string[];
  readonly idOf: ReadonlyMap<string, number>;
  /** The value ids of the document at position p: ids[starts[p]] up to ids[starts[p + 1]]. */
  readonly starts: Int32Array;
  readonly ids: Int32Array;
}

/** One column from each document's values (given in position order; several for tags and owners). */
export function buildFacetColumn(valuesOfDocument: ReadonlyArray<readonly string[]>): FacetColumn {
  const values: string[] = [];
  const idOf = new Map<string, number>();
  const starts = new Int32Array(valuesOfDocument.length + 1);
  let total = 0;
  valuesOfDocument.forEach((list, position) => {
    starts[position] = total;
    total += list.length;
  });
  starts[valuesOfDocument.length] = total;
  const ids = new Int32Array(total);
  let next = 0;
  for (const list of valuesOfDocument) {
    for (const value of list) {
      let id = idOf.get(value);
      if (id === undefined) {
        id = values.length;
        idOf.set(value, id);
        values.push(value);
      }
      ids[next] = id;
      next += 1;
    }
  }
  return { values, idOf, starts, ids };
}

/** A filter on one facet: 1 for each wanted value id. A value no document has is not in it, so it matches nothing. */
export function filterMask(column: FacetColumn, wanted: readonly string[]): Uint8Array {
  const mask = new Uint8Array(column.values.length);
  for (const value of wanted) {
    const id = column.idOf.get(value);
    if (id !== undefined) mask[id] = 1;
  }
  return mask;
}

/** Whether the document at `position` has one of the values the mask wants. */
export function holdsAny(column: FacetColumn, position: number, mask: Uint8Array): boolean {
  const end = column.starts[position + 1] as number;
  for (let k = column.starts[position] as number; k < end; k += 1) if (mask[column.ids[k] as number] === 1) return true;
  return false;
}

/** Adds the values of the documents at `positions` to `counts` (indexed by value id). */
export function countValues(column: FacetColumn, positions: ArrayLike<number>, counts: Int32Array): void {
  const { starts, ids } = column;
  for (let i = 0; i < positions.length; i += 1) {
    const position = positions[i] as number;
    const end = starts[position + 1] as number;
    for (let k = starts[position] as number; k < end; k += 1) {
      const id = ids[k] as number;
      counts[id] = (counts[id] as number) + 1;
    }
  }
}

/** Counts of every value over all documents. */
export function countAllValues(column: FacetColumn): Int32Array {
  const counts = new Int32Array(column.values.length);
  for (const id of column.ids) counts[id] = (counts[id] as number) + 1;
  return counts;
}
