// The lineage graph built from several answers: exact counts of what lies beyond each node
// after any expansion, and the path between the focus and a selected node.
import type { LineageResponse } from '@common/dbt/catalogContract';
import { emptyGraph, mergeLineage, pathBetween, visibleEdges } from '../../../src/components/lineage/graphModel';

const node = (uniqueId: string, depth: number, hiddenUpstream: number, hiddenDownstream: number) => ({
  uniqueId,
  name: uniqueId.split('.').pop() as string,
  resourceType: uniqueId.startsWith('source.') ? ('source' as const) : ('model' as const),
  projectName: 'p',
  missing: false,
  depth,
  hiddenUpstream,
  hiddenDownstream,
  testStatus: null,
  health: null,
});

// raw_a, raw_b → stg → orders → (mart_1, mart_2); focus = orders at depth 1 each way.
const first: LineageResponse = {
  focus: 'model.p.orders',
  truncated: false,
  nodes: [node('model.p.stg', -1, 2, 0), node('model.p.orders', 0, 0, 0), node('model.p.mart_1', 1, 0, 0), node('model.p.mart_2', 1, 0, 3)],
  edges: [
    { from: 'model.p.stg', to: 'model.p.orders' },
    { from: 'model.p.orders', to: 'model.p.mart_1' },
    { from: 'model.p.orders', to: 'model.p.mart_2' },
  ],
};

it('takes the first answer as it is', () => {
  const model = mergeLineage(emptyGraph('model.p.orders'), first);
  expect(model.nodes.size).toBe(4);
  expect(model.nodes.get('model.p.stg')).toMatchObject({ hiddenUpstream: 2, hiddenDownstream: 0, totalParents: 2, totalChildren: 1 });
  expect(visibleEdges(model)).toHaveLength(3);
});

it('after expanding a node, what lies beyond it drops by what arrived, and depths stay relative to the focus', () => {
  const model = mergeLineage(emptyGraph('model.p.orders'), first);
  const expanded = mergeLineage(model, {
    focus: 'model.p.stg',
    truncated: false,
    nodes: [node('source.p.raw.a', -1, 0, 0), node('model.p.stg', 0, 0, 1), node('source.p.raw.b', -1, 0, 2)],
    edges: [
      { from: 'source.p.raw.a', to: 'model.p.stg' },
      { from: 'source.p.raw.b', to: 'model.p.stg' },
    ],
  });
  expect(expanded.nodes.get('model.p.stg')).toMatchObject({ hiddenUpstream: 0, hiddenDownstream: 0, depth: -1 });
  // raw_b feeds two models we have not seen besides stg.
  expect(expanded.nodes.get('source.p.raw.b')).toMatchObject({ hiddenDownstream: 2 });
  expect(expanded.nodes.size).toBe(6);
  // The original stays untouched (React compares by reference).
  expect(model.nodes.size).toBe(4);
});

it('lights the path from a selected node to the focus, either direction, and nothing for unconnected nodes', () => {
  const model = mergeLineage(emptyGraph('model.p.orders'), first);
  expect([...pathBetween(model, 'model.p.mart_2')].sort()).toEqual(['model.p.mart_2', 'model.p.orders']);
  expect([...pathBetween(model, 'model.p.stg')].sort()).toEqual(['model.p.orders', 'model.p.stg']);
  expect(pathBetween(model, 'model.p.orders').size).toBe(0);
  const sibling = mergeLineage(model, { focus: 'model.p.mart_1', truncated: false, nodes: [node('model.p.other', 5, 0, 0)], edges: [] });
  expect(pathBetween(sibling, 'model.p.other').size).toBe(0);
});
