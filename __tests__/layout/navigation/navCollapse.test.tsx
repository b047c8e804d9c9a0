// Menu sections are disclosure buttons: Enter and Space toggle them, Escape inside an open one
// closes it and puts focus back on its button.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeStore } from '../../../src/app/store';
import { NavCollapse } from '../../../src/layout/navigation/NavCollapse';
import type { MenuItem } from '../../../src/menu/menuTypes';

const section: MenuItem = {
  id: 'optimize',
  title: 'Optimize',
  type: 'collapse',
  children: [
    { id: 'cost', title: 'Cost', type: 'item', routeId: 'snowflakeCost', url: '/app/snowflake/cost' },
    { id: 'queries', title: 'Queries', type: 'item', routeId: 'snowflakeQueries', url: '/app/snowflake/queries' },
  ],
};

function renderSection() {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ul>
          <NavCollapse item={section} nested={false} onNavigate={() => undefined} />
        </ul>
      </MemoryRouter>
    </Provider>,
  );
  return screen.getByRole('button', { name: 'Optimize' });
}

it('opens and closes with Enter and Space', async () => {
  const button = renderSection();
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'Cost' })).toBeVisible();
  await userEvent.keyboard(' ');
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

it('closes on Escape from inside and gives focus back to its button', async () => {
  const button = renderSection();
  await userEvent.click(button);
  const list = document.getElementById('dw-nav-optimize')!;
  within(list).getByRole('link', { name: 'Queries' }).focus();
  await userEvent.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
});
