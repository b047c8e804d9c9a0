// The settings panel closes by unmounting; focus must come back to the button that opened it.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../src/app/store';
import { Header } from '../../../src/layout/header/Header';
import { layoutActions } from '../../../src/layout/layoutSlice';
import { installFakeAuthClient } from '../../helpers/fakeAuthClient';

it('gives focus back to the settings button when the panel closes', async () => {
  installFakeAuthClient();
  const store = makeStore();
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
