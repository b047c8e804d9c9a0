// The asset picker over the catalog's search: typing searches by name, the arrow keys and Enter
// choose, chips show the choices and remove them; the known-list picker filters as typed and
// offers what was typed when allowed.
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { apiClient } from '../../src/api/client';
import { AssetPicker, ChoicePicker, type PickerOption } from '../../src/components/AssetPicker';
import { fakeBackend } from '../helpers/fakeBackend';
import { setUpPageTests } from '../helpers/pageTest';
import { makeSignedInStore } from '../helpers/testStore';
import { searchAnswer } from '../features/catalog/catalogSearchFixture';

setUpPageTests();

let searches: URLSearchParams[] = [];
beforeEach(() => {
  searches = [];
  apiClient.defaults.adapter = fakeBackend((request) => {
    const [, search = ''] = (request.url ?? '').split('?');
    const query = new URLSearchParams(search);
    searches.push(query);
    return searchAnswer(query);
  }).adapter;
});

function Host({ multiple = true, onIds }: { multiple?: boolean; onIds: (ids: string[]) => void }) {
  const [chosen, setChosen] = useState<PickerOption[]>([]);
  const [store] = useState(() => makeSignedInStore());
  return (
    <Provider store={store}>
      <form onSubmit={(event) => event.preventDefault()}>
        <AssetPicker
          id="picked"
          label="Assets"
          multiple={multiple}
          selected={chosen}
          onSelected={(next) => {
            setChosen(next);
            onIds(next.map((option) => option.value));
          }}
        />
      </form>
    </Provider>
  );
}

it('searches by name as typed and shows each hit with its type and schema, never columns', async () => {
  const user = userEvent.setup();
  render(<Host onIds={() => undefined} />);
  const input = screen.getByRole('combobox', { name: 'Assets' });
  await user.type(input, 'orders');
  const list = await screen.findByRole('listbox', { name: 'Assets' });
  const options = within(list).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['fct_ordersmodelin ANALYTICS.marts', 'shop.orderssourcein ANALYTICS.raw']);
  expect(input).toHaveAttribute('aria-expanded', 'true');
  const asked = searches.at(-1) as URLSearchParams;
  expect(asked.get('q')).toBe('orders');
  expect(asked.getAll('kind')).toEqual(['model', 'source', 'seed', 'snapshot']);
  expect(screen.getByText('2 assets found; use the arrow keys to choose.')).toBeInTheDocument();
});

it('chooses with the arrow keys and Enter, shows chips, and removes one by its button', async () => {
  const user = userEvent.setup();
  const onIds = jest.fn();
  render(<Host onIds={onIds} />);
  const input = screen.getByRole('combobox', { name: 'Assets' });
  await user.type(input, 'fct');
  await screen.findByRole('option', { name: /fct_order_items/ });
  await user.keyboard('{ArrowDown}{ArrowDown}');
  const second = screen.getByRole('option', { name: /fct_order_items/ });
  expect(input).toHaveAttribute('aria-activedescendant', second.id);
  expect(second).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{Enter}');
  expect(onIds).toHaveBeenLastCalledWith(['model.dataworks_demo.fct_order_items']);
  expect(input).toHaveValue('');
  expect(input).toHaveFocus();

  await user.type(input, 'dim');
  await user.click(await screen.findByRole('option', { name: /dim_customers/ }));
  expect(onIds).toHaveBeenLastCalledWith(['model.dataworks_demo.fct_order_items', 'model.dataworks_demo.dim_customers']);
  const chips = screen.getByRole('list', { name: 'Chosen: Assets' });
  expect(
    within(chips)
      .getAllByRole('listitem')
      .map((chip) => chip.textContent),
  ).toEqual(['fct_order_itemsmodel', 'dim_customersmodel']);

  // What is chosen is not offered again.
  await user.type(input, 'fct');
  await screen.findByRole('option', { name: /fct_orders/ });
  expect(screen.queryByRole('option', { name: /fct_order_items/ })).not.toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(input).toHaveAttribute('aria-expanded', 'false');
  await user.keyboard('{Escape}');
  expect(input).toHaveValue('');

  await user.click(within(chips).getByRole('button', { name: 'Remove fct_order_items' }));
  expect(onIds).toHaveBeenLastCalledWith(['model.dataworks_demo.dim_customers']);
  expect(input).toHaveFocus();
  expect(screen.getByText('fct_order_items removed.')).toBeInTheDocument();
});

it('says when no asset has the name typed, and a single picker replaces its choice', async () => {
  const user = userEvent.setup();
  const onIds = jest.fn();
  render(<Host multiple={false} onIds={onIds} />);
  const input = screen.getByRole('combobox', { name: 'Assets' });
  await user.type(input, 'nothing_like_this');
  expect(await screen.findByText('No asset named like “nothing_like_this”.')).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, 'fct_orders');
  await user.click(await screen.findByRole('option', { name: /fct_orders/ }));
  await user.type(input, 'dim');
  await user.click(await screen.findByRole('option', { name: /dim_customers/ }));
  expect(onIds).toHaveBeenLastCalledWith(['model.dataworks_demo.dim_customers']);
});

it('a known-list picker filters as typed and offers what was typed when allowed', async () => {
  const user = userEvent.setup();
  const onSelected = jest.fn();
  const owners: PickerOption[] = [
    { value: 'ann', label: 'ann' },
    { value: 'data-platform', label: 'data-platform' },
  ];
  render(<ChoicePicker id="owner" label="Owner" options={owners} selected={[]} onSelected={onSelected} allowTyped />);
  const input = screen.getByRole('combobox', { name: 'Owner' });
  await user.click(input);
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['ann', 'data-platform']);
  await user.type(input, 'plat');
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['data-platform', 'platNot in the list: use as typed']);
  await user.clear(input);
  await user.type(input, 'Shop team');
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() =>
    expect(onSelected).toHaveBeenCalledWith([{ value: 'Shop team', label: 'Shop team', detail: 'Not in the list: use as typed' }]),
  );
});
