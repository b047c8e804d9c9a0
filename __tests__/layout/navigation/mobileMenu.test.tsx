// The menu under 992 px: an overlay with a close button, closed by Escape, focus back on the
// header button; crossing the breakpoint never leaves the wide menu shrunk to icons.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiClient } from '../../../src/api/client';
import SignedInShell from '../../../src/app/SignedInShell';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { fakeBackend, json } from '../../helpers/fakeBackend';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { installTestConfig } from '../../helpers/testConfig';
import { makeSignedInStore } from '../../helpers/testStore';

const routes = [
  {
    path: '/app',
    element: <SignedInShell />,
    children: [{ path: 'home', element: <h1>Home page</h1>, handle: { title: 'Home' } }],
  },
];

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function renderShell() {
  const store = makeSignedInStore();
  renderWithRouter(store, routes, '/app/home');
  return store;
}

const shell = () => document.querySelector('.dw-shell')!;

beforeEach(() => {
  localStorage.clear();
  installTestConfig();
  installFakeAuthClient();
  apiClient.defaults.adapter = fakeBackend(() => json(200, { dashboards: [] })).adapter;
});

afterEach(() => resizeTo(1024));

it('opens over the page with a close button that has focus, and the page behind is inert', async () => {
  resizeTo(900);
  renderShell();
  await userEvent.click(await screen.findByRole('button', { name: 'Expand menu' }));
  const close = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Close menu' });
  await waitFor(() => expect(close).toHaveFocus());
  expect(shell()).toHaveClass('dw-menu-open');
  expect(document.querySelector('.dw-main')).toHaveAttribute('inert');

  await userEvent.click(close);
  expect(shell()).not.toHaveClass('dw-menu-open');
  expect(document.querySelector('.dw-main')).not.toHaveAttribute('inert');
  expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveFocus();
});

it('closes on Escape and gives focus back to the menu button', async () => {
  resizeTo(900);
  renderShell();
  await userEvent.click(await screen.findByRole('button', { name: 'Expand menu' }));
  expect(shell()).toHaveClass('dw-menu-open');
  await userEvent.keyboard('{Escape}');
  expect(shell()).not.toHaveClass('dw-menu-open');
  expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveFocus();
});

it('has no close button when the menu is part of the page (992 px and wider)', async () => {
  resizeTo(1200);
  renderShell();
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  expect(within(nav).queryByRole('button', { name: 'Close menu' })).toBeNull();
});

it('a menu opened on a narrow window is the full menu again once the window is widened', async () => {
  resizeTo(900);
  const store = renderShell();
  await userEvent.click(await screen.findByRole('button', { name: 'Expand menu' }));
  expect(store.getState().layout.collapseMenu).toBe(true);
  resizeTo(1200);
  await waitFor(() => expect(shell()).not.toHaveClass('dw-menu-collapsed'));
  expect(store.getState().layout.collapseMenu).toBe(false);
  expect(screen.getByRole('button', { name: 'Collapse menu' })).toBeInTheDocument();
});

it('a menu shrunk to icons on a wide window does not open over the page once the window narrows', async () => {
  resizeTo(1200);
  renderShell();
  await userEvent.click(await screen.findByRole('button', { name: 'Collapse menu' }));
  expect(shell()).toHaveClass('dw-menu-collapsed');
  resizeTo(900);
  await waitFor(() => expect(shell()).not.toHaveClass('dw-menu-open'));
  expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
});
