import { fireEvent, render, screen } from '@testing-library/react';
import { FilterForm } from '../../src/components/FilterForm';

it('is a search landmark named by its label that never submits', () => {
  const outer = jest.fn((event: { defaultPrevented: boolean }) => event.defaultPrevented);
  render(
    <div onSubmit={(event) => outer(event)}>
      <FilterForm label="Filter things">
        <label htmlFor="q">Search</label>
        <input id="q" type="search" />
      </FilterForm>
    </div>,
  );
  const form = screen.getByRole('search', { name: 'Filter things' });
  expect(form).toHaveClass('d-flex', 'flex-wrap', 'align-items-end');
  expect(form).toContainElement(screen.getByRole('searchbox', { name: 'Search' }));
  fireEvent.submit(form);
  expect(outer).toHaveReturnedWith(true);
});

it('takes the classes it is given instead of the row', () => {
  render(
    <FilterForm label="FAQ search" className="mb-3">
      <span>field</span>
    </FilterForm>,
  );
  expect(screen.getByRole('search', { name: 'FAQ search' })).toHaveAttribute('class', 'mb-3');
});
