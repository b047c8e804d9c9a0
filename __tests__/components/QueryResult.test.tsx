import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryResult } from '../../src/components/QueryResult';

const show = (data: { name: string }) => <p>{data.name}</p>;

it('takes an RTK Query read as it is and shows only the current request’s data', () => {
  const query = { currentData: undefined, data: { name: 'Old range' }, isFetching: true, refetch: jest.fn() };
  const { rerender } = render(
    <QueryResult query={query} loadingLabel="Loading the range…" errorTitle="The range could not be loaded">
      {show}
    </QueryResult>,
  );
  expect(screen.getByText('Loading the range…')).toBeInTheDocument();
  expect(screen.queryByText('Old range')).not.toBeInTheDocument();
  rerender(
    <QueryResult query={query} keepWhileRefetching loadingLabel="Loading the range…" errorTitle="The range could not be loaded">
      {show}
    </QueryResult>,
  );
  expect(screen.getByText('Old range')).toBeInTheDocument();
});

it('says why a read failed and retries it', async () => {
  const refetch = jest.fn();
  render(
    <QueryResult
      query={{ isFetching: false, refetch, error: { status: 403, data: undefined } }}
      loadingLabel="Loading…"
      errorTitle="The keys could not be loaded"
    >
      {show}
    </QueryResult>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('The keys could not be loaded');
  expect(screen.getByRole('alert')).toHaveTextContent('You do not have permission to do this.');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(refetch).toHaveBeenCalledTimes(1);
});

it('still takes the parts one by one', () => {
  render(
    <QueryResult
      data={{ name: 'Combined' }}
      error={undefined}
      isFetching={false}
      refetch={jest.fn()}
      loadingLabel="Loading…"
      errorTitle="x"
    >
      {show}
    </QueryResult>,
  );
  expect(screen.getByText('Combined')).toBeInTheDocument();
});
