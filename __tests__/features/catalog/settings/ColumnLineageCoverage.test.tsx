// Catalog Settings' column lineage coverage: per dbt project, the share of model columns traced,
// models parsed and waiting, and the models that could not be parsed with the parser's reason.
import { screen, within } from '@testing-library/react';
import type { CoverageResponse } from '../../../../common/column-lineage/columnLineageContract';
import { ColumnLineageCoverageSection } from '../../../../src/features/catalog/settings/ColumnLineageCoverageSection';
import { json } from '../../../helpers/fakeBackend';
import { fakeWarehouseServer } from '../../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';

setUpPageTests();

const coverage: CoverageResponse = {
  projects: [
    {
      projectName: 'dataworks_demo',
      models: 20,
      modelsParsed: 18,
      modelsPending: 1,
      columns: 200,
      columnsResolved: 183,
      share: 0.915,
      failures: [
        { uniqueId: 'model.dataworks_demo.customer_pivot', name: 'customer_pivot', reason: "Unsupported syntax at line 3: 'pivot'" },
      ],
      computedAt: '2026-11-24T08:00:00.000Z',
    },
    {
      projectName: 'jaffle_shop',
      models: 5,
      modelsParsed: 5,
      modelsPending: 0,
      columns: 40,
      columnsResolved: 40,
      share: 1,
      failures: [],
      computedAt: '2026-11-24T08:00:00.000Z',
    },
  ],
};

function start(answer: CoverageResponse) {
  connectFakeServer(fakeWarehouseServer({ 'GET api/catalog/column-lineage/coverage': json(200, answer) }));
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/settings', element: <ColumnLineageCoverageSection /> }], '/settings');
}

it('shows each project’s share of traced columns, models parsed and waiting, and the models that could not be parsed with why', async () => {
  start(coverage);
  const demo = (await screen.findByRole('heading', { level: 3, name: 'dataworks_demo' })).parentElement as HTMLElement;
  expect(demo).toHaveTextContent('Column lineage: 91.5% of model columns (183 of 200)');
  expect(demo).toHaveTextContent('Models parsed: 18 of 20, 1 waiting to be parsed');
  const failures = within(demo).getByRole('table', { name: 'Models of dataworks_demo whose SQL could not be parsed' });
  const row = within(failures).getByRole('row', { name: /customer_pivot/ });
  expect(within(row).getByRole('link', { name: 'customer_pivot' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.dataworks_demo.customer_pivot',
  );
  expect(row).toHaveTextContent("Unsupported syntax at line 3: 'pivot'");

  const jaffle = screen.getByRole('heading', { level: 3, name: 'jaffle_shop' }).parentElement as HTMLElement;
  expect(jaffle).toHaveTextContent('Column lineage: 100% of model columns (40 of 40)');
  expect(jaffle).toHaveTextContent('Models parsed: 5 of 5, none waiting');
  expect(jaffle).toHaveTextContent('Every model with compiled SQL could be parsed.');
  expect(within(jaffle).queryByRole('table')).toBeNull();
});

it('says so when no project has been ingested', async () => {
  start({ projects: [] });
  expect(await screen.findByText('No dbt project has been ingested yet, so there is no column lineage.')).toBeInTheDocument();
});
