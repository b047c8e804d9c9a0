import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExplorePage from '../../../src/features/catalog/ExplorePage';
import { hit, searchAnswer, withArtifacts } from '../../helpers/dbtFixtures';
import { json } from '../../helpers/fakeBackend';
import { fakeWarehouseServer, type FakeWarehouseServer } from '../../helpers/fakeWarehouseServer';
import { connectFakeServer, setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

// The live channel has its own tests; here nothing arrives on it.
jest.mock('../../../src/api/live/liveEvents', () => ({ subscribeLive: () => () => undefined }));

setUpPageTests();

let server: FakeWarehouseServer;
const searches = () => server.requests.filter((request) => request.startsWith('GET api/catalog/search'));

function start(path = '/app/data-catalog/explore') {
  server = fakeWarehouseServer({ 'GET api/dbt/ingestions': json(200, withArtifacts) });
  const answer = (request: { url?: string }) => {
    const query = new URLSearchParams((request.url ?? '').split('?')[1] ?? '');
    if (query.get('q') === 'bad') return json(400, { error: 'invalid_request', message: 'q: must be at most 200 characters' });
    if (query.get('q') === 'revenue') return json(200, revenueAnswer());
    const hits = query.get('q')
      ? [
          hit('orders', {
            nameHighlight: [
              { text: 'ord', match: true },
              { text: 'ers', match: false },
            ],
            descriptionHighlight: [
              { text: 'One row per ', match: false },
              { text: 'order', match: true },
            ],
          }),
          hit('customers', { kind: 'column', column: 'ORDER_COUNT', nameHighlight: [{ text: 'ORDER_COUNT', match: true }] }),
        ]
      : [hit('orders'), hit('customers'), hit('payments')];
    return json(200, searchAnswer(hits));
  };
  const original = server.handler;
  server.handler = (request) => {
    if ((request.url ?? '').startsWith('api/catalog/search')) {
      server.requests.push(`GET ${request.url}`);
      return answer(request);
    }
    return original(request);
  };
  connectFakeServer(server);
  return renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/data-catalog/explore', element: <ExplorePage /> }], path);
}

it('searches on the server, keeps the search in the address and marks the matched words', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await screen.findByText('3 matches (3 ms)');
  await user.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'ord');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(router.state.location.search).toBe('?q=ord'));
  expect(await screen.findByText('2 matches (3 ms)')).toBeInTheDocument();
  expect(searches()).toContain('GET api/catalog/search?q=ord&limit=25&offset=0');
  const results = screen.getByRole('list');
  expect(
    within(results)
      .getAllByText('ord')
      .map((node) => node.tagName),
  ).toEqual(['MARK']);
  // A column hit names its table and leads to the table's page.
  const column = within(results)
    .getAllByRole('link')
    .find((link) => link.textContent === 'customers.ORDER_COUNT');
  expect(column).toHaveAttribute('href', '/app/data-catalog/assets/model.acme_shop.customers');
});

it('narrows by a facet, sent to the server and kept in the address; the search box is a keystroke away', async () => {
  const user = userEvent.setup();
  const { router } = start('/app/data-catalog/explore?q=ord');
  await screen.findByText('2 matches (3 ms)');
  await user.click(screen.getByRole('checkbox', { name: 'finance (1)' }));
  await waitFor(() => expect(router.state.location.search).toBe('?q=ord&tag=finance'));
  await waitFor(() => expect(searches()).toContain('GET api/catalog/search?q=ord&tag=finance&limit=25&offset=0'));
  (document.activeElement as HTMLElement | null)?.blur();
  await user.keyboard('/');
  expect(screen.getByRole('searchbox', { name: 'Search the catalog' })).toHaveFocus();
});

it("shows the server's reason when a search is refused", async () => {
  start('/app/data-catalog/explore?q=bad');
  expect(await screen.findByText('q: must be at most 200 characters')).toBeInTheDocument();
});

it('refuses an over-long search in the page, naming the limit', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByText('3 matches (3 ms)');
  const box = screen.getByRole('searchbox', { name: 'Search the catalog' });
  await user.click(box);
  await user.paste('x'.repeat(201));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(box).toHaveAccessibleDescription('must be at most 200 characters (this has 201)');
});

it('pages through many matches on the server, the page kept in the address', async () => {
  const user = userEvent.setup();
  const { router } = start();
  await screen.findByText('3 matches (3 ms)', undefined, { timeout: 10_000 });
  server.handler = ((previous) => (request) => {
    if ((request.url ?? '').startsWith('api/catalog/search')) {
      server.requests.push(`GET ${request.url}`);
      return json(200, searchAnswer([hit('orders')], { total: 60 }));
    }
    return previous(request);
  })(server.handler);
  connectFakeServer(server);
  await user.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'o');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  // A loaded machine may take a while to answer; nothing here depends on how long.
  const slow = { timeout: 10_000 };
  const pages = await screen.findByRole('navigation', { name: 'Result pages' }, slow);
  expect(pages).toHaveTextContent('Page 1 of 3');
  await user.click(within(pages).getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(router.state.location.search).toBe('?q=o&page=2'), slow);
  await waitFor(() => expect(searches()).toContain('GET api/catalog/search?q=o&limit=25&offset=25'), slow);
  // Page 2's answer replaces the loading state, with its own pager.
  expect(
    within(await screen.findByRole('navigation', { name: 'Result pages' }, slow)).getByRole('button', { name: 'Previous' }),
  ).toBeEnabled();
});

it('sends a part of a word as typed, and shows each asset with its own health', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByText('3 matches (3 ms)');
  await user.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'ustomer');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(searches()).toContain('GET api/catalog/search?q=ustomer&limit=25&offset=0'));
  const results = await screen.findByRole('list');
  // The fixture's model hit is Healthy; a column hit shows no health of its own.
  expect(within(results).getAllByText('Healthy')).toHaveLength(1);
});

it('marks certified results with a Certified badge in words, and lists semantic models, saved queries and macros with their kind, each opening its asset page', async () => {
  const user = userEvent.setup();
  start();
  await screen.findByText('3 matches (3 ms)');
  await user.type(screen.getByRole('searchbox', { name: 'Search the catalog' }), 'revenue');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('4 matches (3 ms)');
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  // The badge is the word itself, not a colour: only the certified model has it.
  expect(within(items[0] as HTMLElement).getByText('Certified')).toBeInTheDocument();
  expect(items.slice(1).every((item) => within(item).queryByText('Certified') === null)).toBe(true);
  expect(items.map((item) => within(item).getByText(/model|query|macro/).textContent)).toEqual([
    'model',
    'semantic model',
    'saved query',
    'macro',
  ]);
  expect(within(items[3] as HTMLElement).getByRole('link', { name: 'revenue_cents' })).toHaveAttribute(
    'href',
    '/app/data-catalog/assets/macro.acme_shop.revenue_cents',
  );
  // The new kinds and certification are facets.
  expect(screen.getByRole('checkbox', { name: 'semantic model (1)' })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'macro (1)' })).toBeInTheDocument();
  const certification = screen.getByRole('group', { name: 'Certification' });
  await user.click(within(certification).getByRole('checkbox', { name: 'certified (1)' }));
  await waitFor(() => expect(searches()).toContain('GET api/catalog/search?q=revenue&certified=certified&limit=25&offset=0'));
});

/** A search for "revenue": a certified model, and one semantic model, saved query and macro. */
function revenueAnswer() {
  return searchAnswer(
    [
      hit('revenue', { certified: true }),
      hit('revenue', {
        kind: 'semantic_model',
        resourceType: 'semantic_model',
        uniqueId: 'semantic_model.acme_shop.revenue',
        health: null,
      }),
      hit('revenue_by_region', {
        kind: 'saved_query',
        resourceType: 'saved_query',
        uniqueId: 'saved_query.acme_shop.revenue_by_region',
        health: null,
      }),
      hit('revenue_cents', { kind: 'macro', resourceType: 'macro', uniqueId: 'macro.acme_shop.revenue_cents', health: null }),
    ],
    {
      facets: {
        ...searchAnswer([]).facets,
        kind: [
          { value: 'model', count: 1 },
          { value: 'semantic_model', count: 1 },
          { value: 'saved_query', count: 1 },
          { value: 'macro', count: 1 },
        ],
        certified: [
          { value: 'certified', count: 1 },
          { value: 'not certified', count: 3 },
        ],
      },
    },
  );
}
