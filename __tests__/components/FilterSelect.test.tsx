import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FilterSelect } from '../../src/components/FilterSelect';

it('offers any, the extra choices, then each value in words, and says the one chosen', async () => {
  const onValue = jest.fn();
  render(
    <FilterSelect
      label="Status"
      value="open"
      onValue={onValue}
      anyLabel="Any status"
      values={['open', 'closed'] as const}
      labels={{ open: 'Open', closed: 'Closed' }}
    >
      <option value="open,pending">Open or pending</option>
    </FilterSelect>,
  );
  const select = screen.getByRole('combobox', { name: 'Status' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => [option.getAttribute('value'), option.textContent]),
  ).toEqual([
    ['', 'Any status'],
    ['open,pending', 'Open or pending'],
    ['open', 'Open'],
    ['closed', 'Closed'],
  ]);
  expect(select).toHaveValue('open');
  await userEvent.setup().selectOptions(select, '');
  expect(onValue).toHaveBeenCalledWith('');
});

it('shows the values themselves where there are no words for them', () => {
  render(<FilterSelect label="Type" value="" onValue={jest.fn()} anyLabel="All types" values={['dashboard', 'ml']} small />);
  expect(screen.getByRole('option', { name: 'ml' })).toHaveValue('ml');
  expect(screen.getByRole('combobox', { name: 'Type' })).toHaveClass('form-select-sm');
});

it('offers only the values where the choice may not be left open, under the id and label classes given', () => {
  render(
    <FilterSelect
      id="reason"
      label="Reason"
      labelClassName="small mb-1"
      value="fixed"
      onValue={jest.fn()}
      values={['fixed', 'expected'] as const}
      labels={{ fixed: 'Fixed', expected: 'Expected' }}
      disabled
    />,
  );
  const select = screen.getByRole('combobox', { name: 'Reason' });
  expect(select).toHaveAttribute('id', 'reason');
  expect(select).toBeDisabled();
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Fixed', 'Expected']);
  expect(screen.getByText('Reason')).toHaveClass('form-label', 'small', 'mb-1');
});
