import type { ColumnGraphEdge } from '../../../common/column-lineage/columnLineageContract';
import { columnKey, columnPath, columnsByNode, edgeKey } from '../../../src/components/lineage/columnGraphModel';
import { columnFlowEdges } from '../../../src/components/lineage/flowEdges';

const edge = (from: string, to: string, transform: ColumnGraphEdge['transform'] = 'passed through'): ColumnGraphEdge => {
  const [fromNode = '', fromColumn = ''] = from.split('.');
  const [toNode = '', toColumn = ''] = to.split('.');
  return { fromNode, fromColumn, toNode, toColumn, transform };
};

// raw.ID → stg.order_id → fct.order_id → mart.order_id; raw.STATUS → stg.status → fct.order_id (filter);
// stg.order_id → other.order_id (a branch below); raw.ID → side.id (a branch off the top, not through stg).
const edges = [
  edge('raw.ID', 'stg.order_id', 'renamed'),
  edge('stg.order_id', 'fct.order_id'),
  edge('fct.order_id', 'mart.order_id', 'aggregated'),
  edge('raw.STATUS', 'stg.status', 'computed'),
  edge('stg.status', 'fct.order_id', 'filtered'),
  edge('stg.order_id', 'other.order_id'),
  edge('raw.ID', 'side.id'),
];

it('traces a column end to end: everything it comes from and everything computed from it, and only the edges between them', () => {
  const path = columnPath(edges, { node: 'stg', column: 'order_id' });
  expect([...path.columns].sort()).toEqual(
    [
      columnKey('raw', 'ID'),
      columnKey('stg', 'order_id'),
      columnKey('fct', 'order_id'),
      columnKey('mart', 'order_id'),
      columnKey('other', 'order_id'),
    ].sort(),
  );
  expect(path.upstream).toBe(1);
  expect(path.downstream).toBe(3);
  // The filter feeds fct.order_id but is not on stg.order_id's path; neither is raw.ID's other branch.
  expect(path.edges.has(edgeKey(edges[4]!))).toBe(false);
  expect(path.edges.has(edgeKey(edges[6]!))).toBe(false);
  expect(path.edges.has(edgeKey(edges[0]!))).toBe(true);
  expect(path.edges.has(edgeKey(edges[2]!))).toBe(true);
  expect(path.edges.size).toBe(4);
});

it('follows a column down from the top and up from the bottom', () => {
  const fromSource = columnPath(edges, { node: 'raw', column: 'STATUS' });
  expect(fromSource.upstream).toBe(0);
  expect(fromSource.columns.has(columnKey('mart', 'order_id'))).toBe(true);
  const fromMart = columnPath(edges, { node: 'mart', column: 'order_id' });
  expect(fromMart.downstream).toBe(0);
  expect(fromMart.columns.has(columnKey('raw', 'STATUS'))).toBe(true);
  expect(fromMart.columns.has(columnKey('side', 'id'))).toBe(false);
  expect(columnPath(edges, null).columns.size).toBe(0);
});

it("lists a column an edge names even when the node's column list left it out", () => {
  expect(columnsByNode({ columns: { stg: ['order_id'], fct: [] }, edges: [edge('stg.order_id', 'fct.total')] })).toEqual({
    stg: ['order_id'],
    fct: ['total'],
  });
});

it('draws column edges between row handles, lights the path, and keeps node edges no column edge explains', () => {
  const path = columnPath(edges, { node: 'stg', column: 'order_id' });
  const drawn = columnFlowEdges(
    [
      { from: 'stg', to: 'fct' },
      { from: 'fct', to: 'exposure.x' },
    ],
    edges,
    new Set(['raw', 'stg', 'fct', 'exposure.x']),
    path,
  );
  const renamed = drawn.find((flow) => flow.id === edgeKey(edges[0]!));
  expect(renamed).toMatchObject({ source: 'raw', target: 'stg', sourceHandle: 'out:ID', targetHandle: 'in:order_id' });
  expect(renamed?.style?.strokeWidth).toBe(3);
  expect(drawn.find((flow) => flow.id === edgeKey(edges[4]!))?.style).toMatchObject({ strokeDasharray: '2 3' });
  // mart, other and side are not on the graph: their edges are not drawn.
  expect(drawn.some((flow) => flow.target === 'mart')).toBe(false);
  // stg→fct is explained by column edges; fct→exposure.x is not, so it stays (dashed).
  expect(drawn.filter((flow) => !flow.sourceHandle).map((flow) => flow.id)).toEqual(['fct→exposure.x']);
});
