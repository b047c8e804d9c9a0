// The settings panel closes by unmounting; focus must come back to the button that opened it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { Header } from '../../../src/layout/header/Header';
import { layoutActions } from '../../../src/layout/layoutSlice';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';
import { json } from '../../helpers/fakeBackend';
import { installTestConfig } from '../../helpers/testConfig';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer } from '../../helpers/workspaceServer';

it('gives focus back to the settings button when the panel closes', async () => {
  installTestConfig();
  installFakeAuthClient();
  // The header belongs to the signed-in shell: its bell asks for the unread count.
  connectWorkspaceServer({ 'GET api/notifications/unread-count': json(200, { unread: 0 }) });
  const store = makeSignedInStore(['user']);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <Header menuOpen />
      </MemoryRouter>
    </Provider>,
  );
  const button = screen.getByRole('button', { name: 'Layout settings' });
  await userEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  act(() => (document.activeElement as HTMLElement).blur());
  act(() => {
    store.dispatch(layoutActions.toggleConfigBlock());
  });
  expect(button).toHaveFocus();
});
