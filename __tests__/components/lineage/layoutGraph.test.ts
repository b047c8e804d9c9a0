/**
 * The layout runs in a web worker, where structuredClone exists (jsdom has none).
 * @jest-environment node
 */
import { layoutGraph, NODE_WIDTH } from '../../../src/components/lineage/layoutGraph';

it('lays sources out left of what they feed, and answers for the request it was given', () => {
  const answer = layoutGraph({
    id: 7,
    nodes: ['a', 'b', 'c'],
    edges: [
      { from: 'a', to: 'b' },
      { from: 'b', to: 'c' },
    ],
  });
  expect(answer.id).toBe(7);
  const { a, b, c } = answer.positions;
  expect(a!.x + NODE_WIDTH).toBeLessThan(b!.x + 1);
  expect(b!.x + NODE_WIDTH).toBeLessThan(c!.x + 1);
});

it('lays out 2,000 nodes, the largest graph a page draws (its time: npm run bench:catalog)', () => {
  const nodes = Array.from({ length: 2000 }, (_, index) => `n${index}`);
  // A layered DAG: each node reads one or two of the previous layer's.
  const edges = nodes
    .slice(50)
    .flatMap((node, index) => [{ from: `n${index}`, to: node }, ...(index % 3 === 0 ? [{ from: `n${index + 1}`, to: node }] : [])]);
  const answer = layoutGraph({ id: 1, nodes, edges });
  expect(Object.keys(answer.positions)).toHaveLength(2000);
});

it("leaves a taller node (one listing its columns) room, so nodes of a layer don't overlap", () => {
  const answer = layoutGraph({
    id: 2,
    nodes: ['a', 'b', 'c'],
    edges: [
      { from: 'a', to: 'c' },
      { from: 'b', to: 'c' },
    ],
    heights: { a: 400, b: 400 },
  });
  const { a, b } = answer.positions;
  const [top, bottom] = a!.y < b!.y ? [a!, b!] : [b!, a!];
  expect(bottom.y - top.y).toBeGreaterThanOrEqual(400);
});
