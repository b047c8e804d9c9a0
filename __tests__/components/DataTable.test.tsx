import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable } from '../../src/components/DataTable';
import type { DataColumn } from '../../src/components/dataColumn';
import { downloadTextFile } from '../../src/components/downloadFile';

jest.mock('../../src/components/downloadFile', () => ({ downloadTextFile: jest.fn() }));

interface Person {
  name: string;
  cost: number | null;
  team: string;
}

const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', value: (row) => row.name, rowHeader: true },
  { id: 'team', header: 'Team', value: (row) => row.team },
  { id: 'cost', header: 'Cost', value: (row) => row.cost, numeric: true, cell: (row) => (row.cost === null ? 'none' : `$${row.cost}`) },
];

const people: Person[] = Array.from({ length: 23 }, (_, index) => ({
  name: `user ${index + 1}`,
  cost: index === 4 ? null : (index * 7) % 23,
  team: index % 2 === 0 ? 'even' : 'odd',
}));

function renderTable(rows: Person[] = people, extra: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  return render(
    <DataTable
      caption="People and their cost"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.name}
      exportFileName="people.csv"
      {...extra}
    />,
  );
}

const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

beforeEach(() => jest.mocked(downloadTextFile).mockClear());

it('is named by its caption and shows the first page of rows in the given order', () => {
  renderTable();
  expect(screen.getByRole('table', { name: 'People and their cost' })).toBeInTheDocument();
  expect(names()).toEqual(['user 1', 'user 2', 'user 3', 'user 4', 'user 5', 'user 6', 'user 7', 'user 8', 'user 9', 'user 10']);
  expect(screen.getByText('Rows 1–10 of 23, page 1 of 3')).toBeInTheDocument();
  for (const name of ['Name', 'Team', 'Cost']) expect(header(name)).not.toHaveAttribute('aria-sort');
});

it('sorts by a column on click, figures largest first, and says so with aria-sort', async () => {
  const user = userEvent.setup();
  renderTable();
  await user.click(screen.getByRole('button', { name: 'Cost' }));
  expect(header('Cost')).toHaveAttribute('aria-sort', 'descending');
  expect(names().slice(0, 3)).toEqual(['user 14', 'user 4', 'user 17']);

  await user.click(screen.getByRole('button', { name: 'Cost' }));
  expect(header('Cost')).toHaveAttribute('aria-sort', 'ascending');
  expect(names().slice(0, 3)).toEqual(['user 1', 'user 11', 'user 21']);

  // Text sorts A to Z first; the previously sorted column lets go of aria-sort.
  await user.click(screen.getByRole('button', { name: 'Name' }));
  expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
  expect(header('Cost')).not.toHaveAttribute('aria-sort');
  expect(names().slice(0, 4)).toEqual(['user 1', 'user 2', 'user 3', 'user 4']);
});

it('puts empty values last whichever way a column is sorted', async () => {
  const user = userEvent.setup();
  renderTable(people.slice(0, 6));
  await user.click(screen.getByRole('button', { name: 'Cost' }));
  expect(names().at(-1)).toBe('user 5');
  await user.click(screen.getByRole('button', { name: 'Cost' }));
  expect(names().at(-1)).toBe('user 5');
  expect(screen.getByRole('rowheader', { name: 'user 5' }).parentElement).toHaveTextContent('none');
});

it('pages through the rows and changes the page size', async () => {
  const user = userEvent.setup();
  renderTable();
  const pages = screen.getByRole('navigation', { name: 'Pages of People and their cost' });
  expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await user.click(within(pages).getByRole('button', { name: 'Next' }));
  expect(names()[0]).toBe('user 11');
  expect(screen.getByText('Rows 11–20 of 23, page 2 of 3')).toBeInTheDocument();
  await user.click(within(pages).getByRole('button', { name: 'Last' }));
  expect(names()).toEqual(['user 21', 'user 22', 'user 23']);
  expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

  await user.selectOptions(within(pages).getByLabelText('Rows per page'), '25');
  expect(names()).toHaveLength(23);
  expect(screen.getByText('Rows 1–23 of 23, page 1 of 1')).toBeInTheDocument();
});

it('goes back to the first page when the order changes', async () => {
  const user = userEvent.setup();
  renderTable();
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Name' }));
  expect(screen.getByText('Rows 1–10 of 23, page 1 of 3')).toBeInTheDocument();
});

it('has no page controls when every row fits on one page', () => {
  renderTable(people.slice(0, 10));
  expect(screen.queryByRole('navigation')).toBeNull();
});

it('exports every row, not just the page, in the current order, as quoted CSV', async () => {
  const user = userEvent.setup();
  const rows: Person[] = [
    { name: 'plain', cost: 2.5, team: 'a' },
    { name: '=HYPERLINK("http://evil.example","click")', cost: -3, team: 'b, c' },
    { name: '@SUM(A1)', cost: null, team: 'line\nbreak' },
    ...people,
  ];
  renderTable(rows);
  await user.click(screen.getByRole('button', { name: 'Cost' }));
  await user.click(screen.getByRole('button', { name: 'Export CSV: People and their cost' }));
  expect(downloadTextFile).toHaveBeenCalledTimes(1);
  const [fileName, csv] = jest.mocked(downloadTextFile).mock.calls[0]!;
  expect(fileName).toBe('people.csv');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Name,Team,Cost');
  expect(lines).toHaveLength(rows.length + 2);
  expect(lines.at(-1)).toBe('');
  // Cost descending: the negative figure and the empty one come last, numbers stay numbers.
  expect(csv.endsWith(`"'=HYPERLINK(""http://evil.example"",""click"")","b, c",-3\r\n'@SUM(A1),"line\nbreak",\r\nuser 5,even,\r\n`)).toBe(
    true,
  );
});

it('says when there is nothing to show and offers no empty export', () => {
  renderTable([], { emptyText: 'No users in this range.' });
  expect(screen.getByText('No users in this range.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Export CSV: People and their cost' })).toBeDisabled();
});

it('exports columns kept off the screen, and leaves control columns out of the file', async () => {
  const user = userEvent.setup();
  const withExtras: DataColumn<Person>[] = [
    ...columns,
    { id: 'id', header: 'Id', value: (row) => `id-${row.name}`, exportOnly: true },
    { id: 'action', header: 'Action', value: () => null, sortable: false, exported: false, cell: () => <button type="button">Act</button> },
  ];
  render(
    <DataTable caption="People" columns={withExtras} rows={people.slice(0, 1)} rowKey={(row) => row.name} exportFileName="people.csv" />,
  );
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Team', 'Cost', 'Action']);
  expect(screen.getByRole('columnheader', { name: 'Action' })).not.toContainElement(screen.queryByRole('button', { name: 'Action' }));
  await user.click(screen.getByRole('button', { name: 'Export CSV: People' }));
  expect(jest.mocked(downloadTextFile).mock.calls[0]![1]).toBe('Name,Team,Cost,Id\r\nuser 1,even,0,id-user 1\r\n');
});
