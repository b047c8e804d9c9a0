// The API creator in jsdom: the endpoint list, the editor opened from the address with the
// latest version, saving a draft, a run with inputs and its refusal naming the parameter,
// publishing, the diff between versions with roll back, and the OpenAPI documentation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApiCreatorPage from '../../../src/features/data-api/ApiCreatorPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { detail, ENDPOINT_ID, openApi, summary } from './dataApiFixtures';

setUpPageTests();
jest.setTimeout(30_000);

let server: WorkspaceServer;
function start(path = '/app/api-creator', endpoint = detail) {
  server = connectWorkspaceServer({
    'GET api/data-api/endpoints': json(200, { endpoints: [summary] }),
    [`GET api/data-api/endpoints/${ENDPOINT_ID}`]: json(200, { endpoint }),
    'GET api/data-api/openapi.json': json(200, openApi),
    [`PUT api/data-api/endpoints/${ENDPOINT_ID}/draft`]: json(200, { endpoint: detail }),
    [`POST api/data-api/endpoints/${ENDPOINT_ID}/versions/2/publish`]: json(200, { endpoint: { ...detail, liveVersion: 2 } }),
    [`POST api/data-api/endpoints/${ENDPOINT_ID}/versions/1/publish`]: json(200, { endpoint: detail }),
    [`DELETE api/data-api/endpoints/${ENDPOINT_ID}`]: { status: 204 },
    'POST api/data-api/run': (_request, body) =>
      (body as { inputs: Record<string, string> }).inputs.country === 'Germany'
        ? json(400, { error: 'invalid_parameter', message: 'country: must be at most 2 characters long.', field: 'country' })
        : json(200, {
            columns: ['country', 'orders'],
            rows: [{ country: 'DE', orders: 42 }],
            rowCount: 1,
            hasMore: false,
            elapsedMs: 3.2,
            statement: 'SELECT …',
          }),
  });
  return renderWithRouter(makeSignedInStore(['user', 'product']), [{ path: '/app/api-creator', element: <ApiCreatorPage /> }], path);
}

it('lists endpoints and documents what is published', async () => {
  start();
  expect(screen.getByRole('heading', { level: 1, name: 'API Creator' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Endpoints' });
  expect(within(table).getByRole('rowheader', { name: 'orders_by_country' })).toBeInTheDocument();
  expect(within(table).getByRole('row', { name: /orders_by_country/ })).toHaveTextContent('v1');
  expect(await screen.findByRole('heading', { name: 'GET /api/data/v1/orders_by_country' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /\.csv$/ })).toBeNull();
  expect(screen.getByLabelText('curl example for /api/data/v1/orders_by_country')).toHaveTextContent('orders_by_country?country=value');
});

it('opens the latest version, saves the draft, runs it and publishes it', async () => {
  start(`/app/api-creator?endpoint=${ENDPOINT_ID}`);
  const form = await screen.findByRole('form', { name: 'Edit orders_by_country' }, { timeout: 10_000 });
  expect(within(form).getByRole('textbox', { name: 'SQL' })).toHaveValue(detail.versions[0]?.definition.sql);
  expect(within(form).getByRole('textbox', { name: 'Row cap' })).toHaveValue('500');
  expect(within(form).getByRole('textbox', { name: 'Name of parameter country' })).toHaveValue('country');

  await userEvent.clear(within(form).getByRole('textbox', { name: 'Description' }));
  await userEvent.type(within(form).getByRole('textbox', { name: 'Description' }), 'Per country');
  expect(within(form).getByRole('button', { name: 'Publish v2' })).toBeDisabled();
  await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
  expect(await within(form).findByRole('status')).toHaveTextContent('Draft v2 saved.');
  const saved = server.bodies.find((entry) => entry.route.startsWith('PUT'))?.body as {
    definition: { description: string; rowCap: number; parameters: { name: string; maxLength: number }[] };
  };
  expect(saved.definition).toMatchObject({ description: 'Per country', rowCap: 500, parameters: [{ name: 'country', maxLength: 2 }] });

  const run = screen.getByRole('form', { name: 'Run the query' });
  await userEvent.type(within(run).getByLabelText(/^country/), 'Germany');
  await userEvent.click(within(run).getByRole('button', { name: 'Run' }));
  expect(await within(run).findByRole('alert')).toHaveTextContent('country: must be at most 2 characters long.');
  expect(within(run).getByLabelText(/^country/)).toHaveAttribute('aria-invalid', 'true');
  await userEvent.clear(within(run).getByLabelText(/^country/));
  await userEvent.type(within(run).getByLabelText(/^country/), 'DE');
  await userEvent.click(within(run).getByRole('button', { name: 'Run' }));
  const preview = await within(run).findByRole('table', { name: 'Result preview' });
  expect(within(preview).getByRole('cell', { name: '42' })).toBeInTheDocument();
  expect(within(run).getByRole('status')).toHaveTextContent('1 row, 2 columns, 3.2 ms');

  await userEvent.click(within(form).getByRole('button', { name: 'Publish v2' }));
  await waitFor(() => expect(server.requests).toContain(`POST api/data-api/endpoints/${ENDPOINT_ID}/versions/2/publish`));
});

it('shows the diff between versions and rolls back to a frozen one', async () => {
  const v2Live = {
    ...detail,
    liveVersion: 2,
    hasDraft: false,
    versions: detail.versions.map((v) => ({ ...v, status: 'published' as const, publishedAt: v.publishedAt ?? '2026-01-02T11:00:00Z' })),
  };
  start(`/app/api-creator?endpoint=${ENDPOINT_ID}`, v2Live);
  const diff = await screen.findByLabelText('Changes from v1 to v2', {}, { timeout: 10_000 });
  expect(diff.querySelector('del')).toHaveTextContent('- row cap: 100');
  expect(diff.querySelector('ins')).toHaveTextContent('+ row cap: 500');
  await userEvent.click(screen.getByRole('button', { name: 'Publish v1 again (roll back)' }));
  await waitFor(() => expect(server.requests).toContain(`POST api/data-api/endpoints/${ENDPOINT_ID}/versions/1/publish`));
});

it('deletes an endpoint after confirmation and closes the editor', async () => {
  start(`/app/api-creator?endpoint=${ENDPOINT_ID}`);
  const form = await screen.findByRole('form', { name: 'Edit orders_by_country' }, { timeout: 10_000 });
  await userEvent.click(within(form).getByRole('button', { name: 'Delete endpoint' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete orders_by_country?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
  await waitFor(() => expect(server.requests).toContain(`DELETE api/data-api/endpoints/${ENDPOINT_ID}`));
  await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit orders_by_country' })).toBeNull());
});
