// The menu's reads start as the shell's chunk arrives (src/menu/prefetchMenu.ts): the dashboards
// list and the products, each once, and the menu's hooks then read those answers without asking
// again; each demo account is asked for exactly the lists its menu would ask for.
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { apiClient } from '../../src/api/client';
import { makeStore, type AppStore } from '../../src/app/store';
import { connectSignedInServices } from '../../src/app/signedInServices';
import { useMenuProducts } from '../../src/menu/menuProducts';
import { prefetchMenu } from '../../src/menu/prefetchMenu';
import { useMenuDashboards } from '../../src/menu/useMenuDashboards';
import { demoAccounts, demoRoles } from '../auth/demoAccounts';
import { installFakeAuthClient } from '../helpers/fakeAuthClient';
import { fakeBackend, json, type FakeBackend } from '../helpers/fakeBackend';
import { installTestConfig } from '../helpers/testConfig';
import { makeSignedInStore } from '../helpers/testStore';

const DASHBOARDS = 'api/config/client-dashboards';
const PRODUCTS = 'api/catalog/products/menu';
let backend: FakeBackend;

const callsTo = (url: string) => backend.calls.filter((call) => call.url === url).length;

beforeEach(() => {
  installTestConfig();
  installFakeAuthClient();
  backend = fakeBackend((request) => {
    if (request.url === DASHBOARDS) return json(200, { dashboards: [{ name: 'Sales', url: 'https://bi.example.com/sales', order: 1 }] });
    if (request.url === PRODUCTS) return json(200, { products: [{ id: 'p1', name: 'Revenue' }] });
    return json(404, { error: 'not_found', message: `No ${request.url}` });
  });
  apiClient.defaults.adapter = backend.adapter;
});

function readMenu(store: AppStore) {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => ({ dashboards: useMenuDashboards(), products: useMenuProducts() }), { wrapper });
}

it('asks for the dashboards and the products before the menu renders, and the menu reads those answers', async () => {
  const store = makeSignedInStore(demoRoles.admin);
  prefetchMenu(store);
  await waitFor(() => expect(callsTo(DASHBOARDS)).toBe(1));
  await waitFor(() => expect(callsTo(PRODUCTS)).toBe(1));

  const { result } = readMenu(store);
  await waitFor(() => expect(result.current.dashboards.status).toBe('loaded'));
  await waitFor(() => expect(result.current.products).toEqual([{ id: 'p1', name: 'Revenue' }]));
  expect(result.current.dashboards.dashboards.map((dashboard) => dashboard.name)).toEqual(['Sales']);
  expect(callsTo(DASHBOARDS)).toBe(1);
  expect(callsTo(PRODUCTS)).toBe(1);
});

it.each(demoAccounts)('asks %s for exactly the lists the menu itself asks for', (account) => {
  // The cache's entries are made as the requests start: what each would ask for, without waiting for answers.
  const asked = (store: AppStore) => Object.keys(store.getState().api?.queries ?? {}).sort();
  const byMenu = makeSignedInStore(demoRoles[account]);
  readMenu(byMenu).unmount();
  const early = makeSignedInStore(demoRoles[account]);
  prefetchMenu(early);
  expect(asked(early)).toEqual(asked(byMenu));
});

it('asks for nothing before anyone is signed in', () => {
  const store = makeStore();
  connectSignedInServices(store);
  prefetchMenu(store);
  expect(backend.calls).toHaveLength(0);
});
