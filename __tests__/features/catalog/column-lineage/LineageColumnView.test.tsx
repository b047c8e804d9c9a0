// The lineage page's column view: "Show columns" asks for the columns of the nodes on the graph,
// each node lists its columns, and choosing a column (by keyboard, from the list) highlights its
// path end to end, in the graph and in the lists, by sign and pressed state as well as colour.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnGraphResponse } from '../../../../common/column-lineage/columnLineageContract';
import type { LineageNode, LineageResponse } from '../../../../common/dbt/catalogContract';
import LineagePage from '../../../../src/features/catalog/LineagePage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));
// The layout worker is a webpack chunk; here each node gets a place in a row at once.
jest.mock('../../../../src/components/lineage/createLayoutWorker', () => ({
  createLayoutWorker: () => {
    const worker = {
      onmessage: null as ((event: { data: unknown }) => void) | null,
      postMessage(request: { id: number; nodes: string[] }) {
        const positions = Object.fromEntries(request.nodes.map((node, index) => [node, { x: index * 300, y: 0 }]));
        setTimeout(() => worker.onmessage?.({ data: { id: request.id, positions, milliseconds: 0 } }), 0);
      },
      terminate: () => undefined,
    };
    return worker;
  },
}));

setUpPageTests();

// React Flow measures its pane and nodes; jsdom lays nothing out, so every box is given a size.
beforeAll(() => {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
    DOMMatrixReadOnly: class {
      m22 = 1;
    },
  });
  Object.defineProperties(HTMLElement.prototype, {
    offsetWidth: { configurable: true, get: () => 1200 },
    offsetHeight: { configurable: true, get: () => 800 },
  });
});

const node = (uniqueId: string, resourceType: LineageNode['resourceType'], depth: number): LineageNode => ({
  uniqueId,
  name: uniqueId.split('.').pop() ?? uniqueId,
  resourceType,
  projectName: 'dataworks_demo',
  missing: false,
  depth,
  hiddenUpstream: 0,
  hiddenDownstream: 0,
  testStatus: null,
  health: null,
});

const lineage: LineageResponse = {
  focus: 'model.shop.stg_orders',
  nodes: [
    node('source.shop.raw.orders', 'source', -1),
    node('model.shop.stg_orders', 'model', 0),
    node('model.shop.fct_orders', 'model', 1),
    node('exposure.shop.emails', 'exposure', 2),
  ],
  edges: [
    { from: 'source.shop.raw.orders', to: 'model.shop.stg_orders' },
    { from: 'model.shop.stg_orders', to: 'model.shop.fct_orders' },
    { from: 'model.shop.fct_orders', to: 'exposure.shop.emails' },
  ],
  truncated: false,
};

const columnGraph: ColumnGraphResponse = {
  columns: {
    'source.shop.raw.orders': ['ID', 'STATUS'],
    'model.shop.stg_orders': ['order_id', 'order_status'],
    'model.shop.fct_orders': ['order_id', 'order_status', 'is_revenue'],
  },
  edges: [
    { fromNode: 'source.shop.raw.orders', fromColumn: 'ID', toNode: 'model.shop.stg_orders', toColumn: 'order_id', transform: 'renamed' },
    {
      fromNode: 'source.shop.raw.orders',
      fromColumn: 'STATUS',
      toNode: 'model.shop.stg_orders',
      toColumn: 'order_status',
      transform: 'computed',
    },
    {
      fromNode: 'model.shop.stg_orders',
      fromColumn: 'order_id',
      toNode: 'model.shop.fct_orders',
      toColumn: 'order_id',
      transform: 'passed through',
    },
    {
      fromNode: 'model.shop.stg_orders',
      fromColumn: 'order_status',
      toNode: 'model.shop.fct_orders',
      toColumn: 'order_status',
      transform: 'passed through',
    },
    {
      fromNode: 'model.shop.stg_orders',
      fromColumn: 'order_status',
      toNode: 'model.shop.fct_orders',
      toColumn: 'is_revenue',
      transform: 'computed',
    },
  ],
};

function start() {
  const requests = serve({
    'GET api/catalog/lineage': () => json(200, lineage),
    'GET api/catalog/column-lineage/graph': () => json(200, columnGraph),
  });
  const view = renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/lineage', element: <LineagePage /> }],
    '/app/data-catalog/lineage?focus=model.shop.stg_orders',
  );
  return { requests, ...view };
}

/** A node of the drawing, by its accessible name. */
const drawnNode = async (name: string | RegExp) =>
  within(await screen.findByRole('group', { name: /^Lineage of / })).findByRole('group', { name });

it('shows columns on request, asks only for the nodes that have columns, and highlights a column’s path chosen by keyboard', async () => {
  const user = userEvent.setup();
  const { requests, router } = start();
  await drawnNode('model stg_orders, the focus');
  const toggle = screen.getByRole('button', { name: 'Show columns' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(router.state.location.search).toContain('columns=1');

  expect(await screen.findByText(/^5 column edges\./)).toBeInTheDocument();
  const asked = requests.filter((request) => request.route.startsWith('GET api/catalog/column-lineage/graph'));
  expect(asked).toHaveLength(1);
  // Nearest the focus first; the exposure has no columns and is not asked for.
  expect(asked[0]!.route).toBe(
    'GET api/catalog/column-lineage/graph?node=model.shop.stg_orders&node=model.shop.fct_orders&node=source.shop.raw.orders',
  );
  // Each drawn node lists its columns.
  const fct = await drawnNode('model fct_orders');
  await waitFor(() =>
    expect(
      within(fct)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['order_id', 'order_status', 'is_revenue']),
  );
  expect(within(screen.getByRole('table', { name: 'Column edges' })).getAllByRole('row')).toHaveLength(6);

  // Open stg_orders in the column list (jsdom opens a disclosure on a click only), then Tab to
  // its second column and choose it with Space.
  await user.click(screen.getByText('stg_orders', { selector: 'summary' }));
  const list = screen.getByRole('region', { name: 'Columns of the graph' });
  await within(list).findByRole('button', { name: 'order_id' });
  await user.tab();
  await user.tab();
  expect(within(list).getByRole('button', { name: 'order_status' })).toHaveFocus();
  await user.keyboard(' ');

  expect(within(list).getByRole('button', { name: 'order_status ◆ chosen' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText(/^Chosen column:/).parentElement).toHaveTextContent(
    'Chosen column: stg_orders.order_status ◆ — 1 column upstream and 2 columns downstream',
  );
  // Only the path's edges are listed: STATUS → order_status → order_status and is_revenue.
  const pathEdges = screen.getByRole('table', { name: 'Column edges on the path of stg_orders.order_status' });
  expect(
    within(pathEdges)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['stg_orders.order_status', 'fct_orders.order_status', 'fct_orders.is_revenue']);
  // The drawing marks the path by sign, not only colour, and leaves other columns unmarked.
  const fctRows = within(await drawnNode('model fct_orders, on the highlighted path')).getAllByRole('listitem');
  expect(fctRows.map((item) => item.textContent)).toEqual(['order_id', '●order_status (on the path)', '●is_revenue (on the path)']);
  const rawRows = within(await drawnNode('source orders, on the highlighted path')).getAllByRole('listitem');
  expect(rawRows.map((item) => item.textContent)).toEqual(['ID', '●STATUS (on the path)']);
  expect(
    within(await drawnNode('model stg_orders, the focus, on the highlighted path'))
      .getByText('order_status')
      .closest('li'),
  ).toHaveClass('is-chosen');
  // The exposure reads fct_orders as a whole, not a column of it: it is not on the column's path.
  expect(await drawnNode('exposure emails')).toBeInTheDocument();

  // Choosing the column again clears the path.
  await user.click(within(list).getByRole('button', { name: 'order_status ◆ chosen' }));
  expect(within(list).getByRole('button', { name: 'order_status' })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByRole('table', { name: 'Column edges' })).toBeInTheDocument();
});

it('says why the columns could not be loaded, and offers Retry', async () => {
  const user = userEvent.setup();
  serve({
    'GET api/catalog/lineage': () => json(200, lineage),
    'GET api/catalog/column-lineage/graph': () =>
      json(400, { error: 'invalid_request', message: 'node: must name at most 300 nodes', field: 'node' }),
  });
  renderWithRouter(
    makeSignedInStore(['user', 'admin']),
    [{ path: '/app/data-catalog/lineage', element: <LineagePage /> }],
    '/app/data-catalog/lineage?focus=model.shop.stg_orders&columns=1',
  );
  expect(await screen.findByText('The columns could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('node: must name at most 300 nodes')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Show columns' }));
  expect(screen.queryByText('The columns could not be loaded')).toBeNull();
});
