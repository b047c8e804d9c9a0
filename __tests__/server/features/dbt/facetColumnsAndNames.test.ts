// The flat arrays explore's search counts facets and finds in-word names in: each document's
// values and group come back as given, counts and filters agree with a plain recount, and an
// in-word match lists each name once, never across two names.
import { buildFacetColumn, countAllValues, countValues, filterMask, holdsAny } from '../../../../server/src/features/dbt/facetColumns';
import { buildNameGroups, groupsHolding } from '../../../../server/src/features/dbt/nameGroups';

describe('facet columns', () => {
  const valuesOfDocument = [['finance', 'pii'], [], ['pii'], ['marketing', 'finance', 'pii'], ['finance']];
  const column = buildFacetColumn(valuesOfDocument);
  const valuesOf = (position: number) =>
    Array.from(column.ids.subarray(column.starts[position], column.starts[position + 1]), (id) => column.values[id]);

  it('keeps every document’s values, in order, with an id per distinct value', () => {
    expect(valuesOfDocument.map((_, position) => valuesOf(position))).toEqual(valuesOfDocument);
    expect(column.values).toEqual(['finance', 'pii', 'marketing']);
    expect(column.idOf.get('marketing')).toBe(2);
  });

  it('counts values over all documents and over a subset', () => {
    expect(Array.from(countAllValues(column))).toEqual([3, 3, 1]);
    const counts = new Int32Array(column.values.length);
    countValues(column, [1, 2, 3], counts);
    expect(Array.from(counts)).toEqual([1, 2, 1]);
  });

  it('filters on any of the wanted values; a value no document has matches nothing', () => {
    const finance = filterMask(column, ['finance']);
    expect(valuesOfDocument.map((_, position) => holdsAny(column, position, finance))).toEqual([true, false, false, true, true]);
    const either = filterMask(column, ['marketing', 'pii']);
    expect(valuesOfDocument.map((_, position) => holdsAny(column, position, either))).toEqual([true, false, true, true, false]);
    const unknown = filterMask(column, ['nobody has this']);
    expect(valuesOfDocument.some((_, position) => holdsAny(column, position, unknown))).toBe(false);
  });

  it('builds an empty column for no documents', () => {
    const empty = buildFacetColumn([]);
    expect(empty.values).toEqual([]);
    expect(Array.from(empty.starts)).toEqual([0]);
  });
});

describe('name groups', () => {
  const names = ['order_id', 'customers', 'order_id', 'stg_orders', 'customer_orders', 'id', 'order_id'];
  const groups = buildNameGroups(names);
  const membersOf = (group: number) => Array.from(groups.members.subarray(groups.memberStarts[group], groups.memberStarts[group + 1]));
  const holding = (...words: string[]) => groupsHolding(groups, words).map((group) => groups.names[group]);

  it('groups documents sharing a name, with each group’s positions ascending', () => {
    expect(groups.names).toEqual(['order_id', 'customers', 'stg_orders', 'customer_orders', 'id']);
    expect(Array.from(groups.groupOf)).toEqual([0, 1, 0, 2, 3, 4, 0]);
    expect(membersOf(0)).toEqual([0, 2, 6]);
    expect(membersOf(4)).toEqual([5]);
    expect(groups.words[3]).toEqual(['customer', 'orders']);
  });

  it('finds a word inside names, each name once however often the word is in it', () => {
    expect(holding('rder')).toEqual(['order_id', 'stg_orders', 'customer_orders']);
    expect(holding('ustomer')).toEqual(['customers', 'customer_orders']);
    // "o" is twice in "customer_orders": still one group.
    expect(holding('o').filter((name) => name === 'customer_orders')).toHaveLength(1);
    expect(holding('id')).toEqual(['order_id', 'id']);
  });

  it('wants every word in the same name, and never matches across two names', () => {
    expect(holding('ustomer', 'rder')).toEqual(['customer_orders']);
    expect(holding('rder', 'stg')).toEqual(['stg_orders']);
    // The end of "customers" and the start of "stg_orders" are neighbours in the joined names.
    expect(holding('sstg')).toEqual([]);
    expect(holding('missing')).toEqual([]);
    expect(groupsHolding(groups, [])).toEqual([]);
    expect(groupsHolding(buildNameGroups([]), ['a'])).toEqual([]);
  });
});
