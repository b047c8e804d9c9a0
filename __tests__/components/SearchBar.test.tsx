import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBar, withSearchParam } from '../../src/components/SearchBar';

const tooLong = (value: string) => (value.length > 5 ? 'At most 5 characters.' : undefined);

it('sends the trimmed search once it passes the check', async () => {
  const onSearch = jest.fn();
  render(<SearchBar label="Search things" placeholder="Name" initial="ab" check={tooLong} onSearch={onSearch} formLabel="Things" />);
  const field = screen.getByRole('searchbox', { name: 'Search things' });
  expect(screen.getByRole('search', { name: 'Things' })).toContainElement(field);
  expect(field).toHaveValue('ab');
  const user = userEvent.setup();
  await user.type(field, 'c ');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(onSearch).toHaveBeenCalledWith('abc');
});

it('says what is wrong at the field and sends nothing', async () => {
  const onSearch = jest.fn();
  render(<SearchBar label="Search things" placeholder="Name" initial="" check={tooLong} onSearch={onSearch} />);
  const field = screen.getByRole('searchbox', { name: 'Search things' });
  const user = userEvent.setup();
  await user.type(field, 'abcdefg{Enter}');
  expect(onSearch).not.toHaveBeenCalled();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('At most 5 characters.');
  await user.clear(field);
  await user.type(field, 'abc{Enter}');
  expect(onSearch).toHaveBeenCalledWith('abc');
  expect(field).not.toHaveAttribute('aria-invalid');
});

it('writes the search into the address and drops what it makes stale', () => {
  const current = new URLSearchParams('search=old&member=7&tab=a');
  expect(withSearchParam(current, 'search', 'new', ['member']).toString()).toBe('search=new&tab=a');
  expect(withSearchParam(current, 'search', '').toString()).toBe('member=7&tab=a');
  expect(current.toString()).toBe('search=old&member=7&tab=a');
});
