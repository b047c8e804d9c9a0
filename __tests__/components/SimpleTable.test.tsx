import { render, screen, within } from '@testing-library/react';
import { SimpleTable, type SimpleColumn } from '../../src/components/SimpleTable';

interface Fruit {
  name: string;
  count: number;
}
const rows: Fruit[] = [
  { name: 'Apple', count: 3 },
  { name: 'Pear', count: 12 },
];
const columns: (SimpleColumn<Fruit> | false)[] = [
  { header: 'Fruit', cell: (row) => row.name, rowHeader: true },
  { header: 'Count', cell: (row) => row.count, className: 'text-end' },
  false,
  { header: 'Actions', headerHidden: true, cell: (row) => <button type="button">Eat {row.name}</button> },
];

it('is a table named by its caption, with column headers and a row header per row', () => {
  render(<SimpleTable caption="Fruit in stock" columns={columns} rows={rows} rowKey={(row) => row.name} />);
  const table = screen.getByRole('table', { name: 'Fruit in stock' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Fruit', 'Count', 'Actions']);
  expect(within(table).getByRole('rowheader', { name: 'Pear' })).toBeInTheDocument();
  expect(within(table).getByRole('cell', { name: '12' })).toHaveClass('text-end');
  expect(within(table).getByText('Actions')).toHaveClass('visually-hidden');
  expect(within(table).getByRole('button', { name: 'Eat Apple' })).toBeInTheDocument();
  expect(table.parentElement).toHaveClass('table-responsive');
});

it('shows the empty message instead of the table when there are no rows', () => {
  render(<SimpleTable caption="Fruit" columns={columns} rows={[]} rowKey={(row) => row.name} empty={<p>No fruit yet.</p>} />);
  expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows a visible caption, row attributes and its own classes when asked', () => {
  render(
    <SimpleTable
      caption="Fruit"
      captionClassName="small"
      responsive={false}
      className="table mb-0"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      rowProps={(row) => ({ 'aria-current': row.name === 'Pear' ? 'true' : undefined, 'data-fruit': row.name })}
    />,
  );
  const table = screen.getByRole('table', { name: 'Fruit' });
  expect(table).toHaveClass('table', 'mb-0');
  expect(table.parentElement).not.toHaveClass('table-responsive');
  expect(screen.getByText('Fruit', { selector: 'caption' })).toHaveClass('small');
  expect(screen.getByRole('rowheader', { name: 'Pear' }).parentElement).toHaveAttribute('aria-current', 'true');
  expect(screen.getByRole('rowheader', { name: 'Apple' }).parentElement).not.toHaveAttribute('aria-current');
  expect(screen.getByRole('rowheader', { name: 'Apple' }).parentElement).toHaveAttribute('data-fruit', 'Apple');
});
