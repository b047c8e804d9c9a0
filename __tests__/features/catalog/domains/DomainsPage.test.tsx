import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssetDomainControl } from '../../../../src/features/catalog/domains/AssetDomainControl';
import DomainsPage from '../../../../src/features/catalog/domains/DomainsPage';
import { json } from '../../../helpers/fakeBackend';
import { setUpPageTests } from '../../../helpers/pageTest';
import { renderWithRouter } from '../../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../../helpers/testStore';
import { serve } from '../observability/qualityFixtures';
import { pickerRoutes } from '../catalogSearchFixture';
import { domainsAnswer, unreadAnswer } from './domainsFixtures';

jest.mock('../../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

const PATH = '/app/data-catalog/domain';

function start(roles: string[]) {
  const requests = serve({
    ...pickerRoutes,
    'GET api/catalog/domains': () => json(200, domainsAnswer),
    'GET api/catalog/costs/unread-models': () => json(200, unreadAnswer),
    'PUT api/catalog/domains/sales': (request) => {
      const body = JSON.parse(String(request.data)) as { owners: string[] };
      return body.owners.includes('')
        ? json(400, { error: 'invalid_request', message: 'must not be empty', field: 'owners.0' })
        : { status: 204, data: '' };
    },
    // dim_customers stands for an asset gone from the project since the search found it.
    'PUT api/catalog/domains/assets/model.dataworks_demo.dim_customers': () =>
      json(404, {
        error: 'not_found',
        field: 'assetId',
        message:
          "model.dataworks_demo.dim_customers is not an asset of your organisation's current dbt project: choose an asset from the list by its name.",
      }),
    'PUT api/catalog/domains/assets/model.dataworks_demo.fct_orders': () => ({ status: 204, data: '' }),
  });
  renderWithRouter(makeSignedInStore(roles), [{ path: PATH, element: <DomainsPage /> }], PATH);
  return requests;
}

it('shows each domain with its people, tests, freshness and assets, and the models nobody read with their build cost', async () => {
  start(['user', 'Client-dataworks-business-users']);
  const sales = await screen.findByRole('region', { name: 'sales' });
  expect(sales).toHaveTextContent('Orders and revenue');
  expect(sales).toHaveTextContent('ann');
  expect(sales).toHaveTextContent('bob');
  expect(sales).toHaveTextContent('0 of 1, 1 warning');
  const marts = screen.getByRole('region', { name: 'marts' });
  expect(marts).toHaveTextContent('75%');
  expect(within(marts).getByRole('link', { name: 'dim_customers' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.dataworks_demo.dim_customers',
  );
  expect(marts).toHaveTextContent('by hand');
  const unread = await screen.findByRole('region', { name: 'Models nobody read in 30 days' });
  expect(within(unread).getByRole('row', { name: /fct_storage_daily/ })).toHaveTextContent('$12.50');
  // Business users read only.
  expect(screen.queryByRole('button', { name: 'Edit sales' })).toBeNull();
  expect(screen.queryByRole('form', { name: 'Place an asset in a domain' })).toBeNull();
});

it('shows every asset of a domain whose list was cut, asking the server for the rest', async () => {
  const user = userEvent.setup();
  const first = Array.from({ length: 3 }, (_, index) => ({
    uniqueId: `model.dataworks_demo.m${index}`,
    name: `m${index}`,
    resourceType: 'model',
    assignedBy: 'tag' as const,
  }));
  const all = [
    ...first,
    { uniqueId: 'model.dataworks_demo.placed', name: 'placed_by_hand', resourceType: 'model', assignedBy: 'hand' as const },
  ];
  const requests = serve({
    'GET api/catalog/domains': () =>
      json(200, { ...domainsAnswer, domains: [{ ...domainsAnswer.domains[0], name: 'finance', assetCount: all.length, assets: first }] }),
    'GET api/catalog/costs/unread-models': () => json(200, unreadAnswer),
    'GET api/catalog/domains/members': (_request, query) => json(200, { assets: query.get('domain') === 'finance' ? all : [] }),
  });
  renderWithRouter(makeSignedInStore(['user', 'Client-dataworks-business-users']), [{ path: PATH, element: <DomainsPage /> }], PATH);
  const finance = await screen.findByRole('region', { name: 'finance' });
  expect(within(finance).queryByRole('link', { name: 'placed_by_hand' })).toBeNull();
  const toggle = within(finance).getByRole('button', { name: 'Show all 4 assets' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(await within(finance).findByRole('link', { name: 'placed_by_hand' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/model.dataworks_demo.placed',
  );
  expect(finance).toHaveTextContent('placed_by_hand (model, by hand)');
  expect(within(finance).getByRole('button', { name: 'Show the first 3' })).toHaveAttribute('aria-expanded', 'true');
  expect(requests.filter((request) => request.route.startsWith('GET api/catalog/domains/members'))).toEqual([
    { route: 'GET api/catalog/domains/members?domain=finance', body: undefined },
  ]);
  await user.click(within(finance).getByRole('button', { name: 'Show the first 3' }));
  expect(within(finance).queryByRole('link', { name: 'placed_by_hand' })).toBeNull();
});

it('lets an editor describe a domain and place an asset by hand, saying what the server refused', async () => {
  const user = userEvent.setup();
  const requests = start(['user', 'Client-Dataworks-docs']);
  await user.click(await screen.findByRole('button', { name: 'Edit sales' }));
  const dialog = await screen.findByRole('dialog', { name: 'Domain sales' });
  const owners = within(dialog).getByRole('combobox', { name: 'Owners' });
  expect(within(dialog).getByRole('list', { name: 'Chosen: Owners' })).toHaveTextContent('ann');
  // A catalog owner picked from the list, and a person the catalog does not list, typed.
  await user.type(owners, 'platf');
  await user.click(within(dialog).getByRole('option', { name: /data-platform/ }));
  await user.type(owners, 'carol');
  await user.keyboard('{ArrowDown}{Enter}');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(requests.find((request) => request.route === 'PUT api/catalog/domains/sales')?.body).toEqual({
    description: 'Orders and revenue',
    owners: ['ann', 'data-platform', 'carol'],
    experts: ['bob'],
  });

  const form = screen.getByRole('form', { name: 'Place an asset in a domain' });
  expect(form).not.toHaveTextContent('my_project');
  const asset = within(form).getByRole('combobox', { name: 'Asset' });
  await user.type(asset, 'dim_c');
  await user.click(await within(form).findByRole('option', { name: /dim_customers/ }));
  await user.type(within(form).getByRole('combobox', { name: 'Domain' }), 'sal');
  await user.click(within(form).getByRole('option', { name: 'sales' }));
  await user.click(within(form).getByRole('button', { name: 'Place' }));
  expect(await within(form).findByText(/dim_customers is not an asset of your organisation's current dbt project/)).toBeInTheDocument();
  await user.click(within(form).getByRole('button', { name: 'Remove dim_customers' }));
  await user.type(asset, 'fct_orders');
  await user.click(await within(form).findByRole('option', { name: /fct_orders/ }));
  await user.click(within(form).getByRole('button', { name: 'Place' }));
  expect(await within(form).findByText('fct_orders is now in sales.')).toBeInTheDocument();
  expect(requests.filter((request) => request.route.startsWith('PUT api/catalog/domains/assets')).map((request) => request.route)).toEqual([
    'PUT api/catalog/domains/assets/model.dataworks_demo.dim_customers',
    'PUT api/catalog/domains/assets/model.dataworks_demo.fct_orders',
  ]);
});

it("the asset page's domain control says which rule placed the asset, and lets an editor place it by hand and hand it back", async () => {
  const user = userEvent.setup();
  let current = { assetId: 'model.dataworks_demo.fct_orders', domain: 'sales', assignedBy: 'meta' };
  const requests = serve({
    'GET api/catalog/domains/assets/model.dataworks_demo.fct_orders': () => json(200, current),
    'PUT api/catalog/domains/assets/model.dataworks_demo.fct_orders': (request) => {
      const { domain } = JSON.parse(String(request.data)) as { domain: string | null };
      current = { ...current, domain: domain ?? 'sales', assignedBy: domain ? 'hand' : 'meta' };
      return { status: 204, data: '' };
    },
  });
  renderWithRouter(
    makeSignedInStore(['user', 'Client-Dataworks-docs']),
    [{ path: '/asset', element: <AssetDomainControl assetId="model.dataworks_demo.fct_orders" mayEdit /> }],
    '/asset',
  );
  expect(await screen.findByText('(from its dbt meta.domain)')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Place in domain'), 'finance');
  await user.click(screen.getByRole('button', { name: 'Place' }));
  expect(await screen.findByText('(placed by hand in the portal)')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'finance' })).toHaveAttribute('href', '/app/data-catalog/domain');
  await user.click(screen.getByRole('button', { name: 'Back to the dbt rule' }));
  expect(await screen.findByText('(from its dbt meta.domain)')).toBeInTheDocument();
  expect(requests.filter((request) => request.route.startsWith('PUT')).map((request) => request.body)).toEqual([
    { domain: 'finance' },
    { domain: null },
  ]);
});
