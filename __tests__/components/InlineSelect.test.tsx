import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InlineSelect } from '../../src/components/InlineSelect';

it('labels a small select with the extra choices first, then each option in words', async () => {
  const onValue = jest.fn();
  render(
    <InlineSelect
      label="Rank by"
      value="cost"
      onValue={onValue}
      options={['cost', 'runs'] as const}
      optionLabel={(option) => (option === 'cost' ? 'Cost' : 'Runs')}
    >
      <option value="">Anything</option>
    </InlineSelect>,
  );
  const select = screen.getByRole('combobox', { name: 'Rank by' });
  expect(select).toHaveValue('cost');
  expect(select).toHaveClass('form-select-sm', 'w-auto');
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => [option.getAttribute('value'), option.textContent]),
  ).toEqual([
    ['', 'Anything'],
    ['cost', 'Cost'],
    ['runs', 'Runs'],
  ]);
  await userEvent.setup().selectOptions(select, 'runs');
  expect(onValue).toHaveBeenCalledWith('runs');
});

it('shows the values themselves where there are no words, under the id given', () => {
  render(
    <InlineSelect id="by" label="Warehouse" value="WH_B" onValue={jest.fn()} options={['WH_A', 'WH_B']} selectClassName="form-select" />,
  );
  const select = screen.getByRole('combobox', { name: 'Warehouse' });
  expect(select).toHaveAttribute('id', 'by');
  expect(select).not.toHaveClass('w-auto');
  expect(screen.getByRole('option', { name: 'WH_B' })).toHaveProperty('selected', true);
});
