import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WarehousesPage from '../../../src/features/snowflake/warehouses/WarehousesPage';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { recommendation, sampleInfo, warehouseUsage } from '../../helpers/warehouseFixtures';

jest.mock('../../../src/components/charts/BarChartCanvas', () => jest.requireActual('../../helpers/chartStub'));

setUpPageTests();

let server: FakeWarehouseServer;

const before = {
  warehouses: [
    warehouseUsage('ANALYTICS_WH'),
    warehouseUsage('ELT_WH', { size: 'Small', sizeLabel: 'Small', autoSuspendSeconds: 60, meteredCredits: 90, cost: 270 }),
  ],
  settings: [],
  recommendations: [
    recommendation('ANALYTICS_WH'),
    recommendation('ANALYTICS_WH', {
      id: 'ANALYTICS_WH:downsize',
      kind: 'downsize',
      title: 'Downsize ANALYTICS_WH to Medium',
      estimatedMonthlySavings: 120,
      estimatedMonthlySavingsCredits: 40,
      change: { kind: 'alterWarehouse', warehouseName: 'ANALYTICS_WH', size: 'Medium' },
      statement: 'ALTER WAREHOUSE "ANALYTICS_WH" SET WAREHOUSE_SIZE = MEDIUM',
    }),
  ],
};
const after = {
  ...before,
  warehouses: [warehouseUsage('ANALYTICS_WH', { autoSuspendSeconds: 60 }), before.warehouses[1]],
  recommendations: [before.recommendations[1]],
};

function start(roles: string[] = ['user', 'admin']) {
  server = fakeWarehouseServer({
    'GET api/warehouse/info': json(200, sampleInfo),
    'GET api/warehouse/warehouses': json(200, before),
    'GET api/warehouse/warehouses/ANALYTICS_WH/utilisation': json(200, {
      warehouseName: 'ANALYTICS_WH',
      range: sampleInfo.dataRange,
      bucket: 'day',
      buckets: [],
    }),
  });
  connectFakeServer(server);
  return renderWithRouter(
    makeSignedInStore(roles),
    [{ path: '/app/snowflake/warehouses', element: <WarehousesPage /> }],
    '/app/snowflake/warehouses',
  );
}

// The list and its recommendations (each warehouse's utilisation is OptimizeInsights.test.tsx's).
const warehouseRequests = () =>
  server.requests.filter((request) => request.startsWith('GET api/warehouse/warehouses') && !request.includes('/utilisation'));

it('shows each warehouse with its settings, load and idle share, and charts the load', async () => {
  start();
  const table = await screen.findByRole('table', { name: 'Warehouses: settings and usage' });
  expect(within(table).getByRole('row', { name: /ANALYTICS_WH/ })).toHaveTextContent(
    'ANALYTICS_WHLarge10 min1300.0$900.000.120.0010%80%1,00000',
  );
  expect(await screen.findByRole('img', { name: 'Load by warehouse: queries running and queued' })).toHaveAttribute(
    'data-series',
    'Average running|Average queued',
  );
  expect(warehouseRequests()).toEqual(['GET api/warehouse/warehouses?from=2026-11-01&to=2026-11-21']);
});

it('applies a recommendation after a confirmation that shows the ALTER, then refreshes the list', async () => {
  const user = userEvent.setup();
  start();
  const recommendations = await screen.findByRole('table', { name: 'Warehouse recommendations' });
  expect(within(recommendations).getByRole('row', { name: /Suspend ANALYTICS_WH after 60 seconds/ })).toHaveTextContent(
    'Auto-suspend: 10 min → 1 min$240.0080.0 credits',
  );

  await user.click(within(recommendations).getByRole('button', { name: 'Apply: Suspend ANALYTICS_WH after 60 seconds' }));
  const dialog = await screen.findByRole('dialog', { name: 'Suspend ANALYTICS_WH after 60 seconds' });
  expect(within(dialog).getByLabelText('Statement')).toHaveTextContent('ALTER WAREHOUSE "ANALYTICS_WH" SET AUTO_SUSPEND = 60');
  expect(within(dialog).getByRole('row', { name: /Auto-suspend/ })).toHaveTextContent('Auto-suspend10 min1 min');
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  expect(server.posted).toEqual([]);

  server.reply('POST api/warehouse/recommendations/apply', () => {
    server.reply('GET api/warehouse/warehouses', json(200, after));
    return json(200, {
      applied: {
        change: before.recommendations[0]!.change,
        engine: 'duckdb',
        statements: ['ALTER WAREHOUSE "ANALYTICS_WH" SET AUTO_SUSPEND = 60'],
        noop: false,
        before: { autoSuspendSeconds: 600 },
        appliedAt: '2026-11-22T10:00:00.000Z',
      },
    });
  });
  await user.click(within(dialog).getByRole('button', { name: 'Apply change' }));

  const outcome = await within(dialog).findByRole('status');
  expect(outcome).toHaveTextContent('Applied 2026-11-22 10:00 UTC');
  expect(outcome).toHaveTextContent('ALTER WAREHOUSE "ANALYTICS_WH" SET AUTO_SUSPEND = 60');
  expect(outcome).toHaveTextContent('Before: Auto-suspend 10 min.');
  expect(server.posted).toEqual([{ from: '2026-11-01', to: '2026-11-21', id: 'ANALYTICS_WH:auto_suspend' }]);

  await waitFor(() => expect(warehouseRequests()).toHaveLength(2));
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const refreshed = screen.getByRole('table', { name: 'Warehouse recommendations' });
  expect(within(refreshed).queryByRole('row', { name: /Suspend ANALYTICS_WH/ })).toBeNull();
  expect(
    within(screen.getByRole('table', { name: 'Warehouses: settings and usage' })).getByRole('row', { name: /ANALYTICS_WH/ }),
  ).toHaveTextContent('1 min');
});

it('keeps the dialog open with the reason when the change is refused, and changes nothing', async () => {
  const user = userEvent.setup();
  start();
  await user.click(await screen.findByRole('button', { name: 'Apply: Downsize ANALYTICS_WH to Medium' }));
  const dialog = await screen.findByRole('dialog', { name: 'Downsize ANALYTICS_WH to Medium' });
  expect(within(dialog).getByLabelText('Statement')).toHaveTextContent('ALTER WAREHOUSE "ANALYTICS_WH" SET WAREHOUSE_SIZE = MEDIUM');
  server.failNext('POST api/warehouse/recommendations/apply', {
    status: 404,
    data: { error: 'not_found', message: 'Recommendation ANALYTICS_WH:downsize was not found.' },
  });
  await user.click(within(dialog).getByRole('button', { name: 'Apply change' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Recommendation ANALYTICS_WH:downsize was not found.');
  expect(warehouseRequests()).toHaveLength(1);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

it('shows recommendations without Apply to people who may not change the account', async () => {
  start(['user', 'Client-Dataworks-docs']);
  const recommendations = await screen.findByRole('table', { name: 'Warehouse recommendations' });
  expect(within(recommendations).getAllByRole('row')).toHaveLength(3);
  expect(within(recommendations).queryByRole('button', { name: /^Apply/ })).toBeNull();
});

it('counts only the best saving of each warehouse in the total, as its changes overlap', async () => {
  start();
  // ANALYTICS_WH: 240 (shorter auto-suspend) and 120 (downsize) → 240, not 360.
  expect(await screen.findByText(/^At least \$240\.00 a month to save/)).toBeInTheDocument();
});
