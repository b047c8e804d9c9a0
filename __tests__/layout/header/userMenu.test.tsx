// The user menu: who is signed in, and for the organisation's administrators the way to its
// settings (Security), which the side menu shows to product roles only.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserMenu } from '../../../src/layout/header/UserMenu';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';

async function openMenu(roles: string[]) {
  installFakeAuthClient();
  renderWithRouter(makeSignedInStore(roles), [{ path: '*', element: <UserMenu /> }], '/app/home');
  await userEvent.click(screen.getByRole('button', { expanded: false }));
}

it.each([['admin'], ['Client-Admin']])('offers %s the organisation settings', async (role) => {
  await openMenu(['user', role]);
  expect(screen.getByRole('link', { name: 'Organisation settings' })).toHaveAttribute('href', '/app/security/identity-management');
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});

it('does not offer them to a user who may not open them', async () => {
  await openMenu(['user', 'Client-dataworks-business-users']);
  expect(screen.queryByRole('link', { name: 'Organisation settings' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
});
