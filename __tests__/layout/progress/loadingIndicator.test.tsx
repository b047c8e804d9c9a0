// The progress bar is decoration; the header's live region says when loading starts and ends.
import { act, render, screen } from '@testing-library/react';
import { LoadingSpinner } from '../../../src/layout/progress/LoadingIndicator';
import { finishLoading, startLoading } from '../../../src/components/progress/progressTracker';

it('announces the start and the end of loading in a live region', () => {
  render(<LoadingSpinner />);
  const status = screen.getByRole('status');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(status).toHaveTextContent('');

  act(() => startLoading());
  expect(status).toHaveTextContent('Loading…');
  act(() => finishLoading());
  expect(status).toHaveTextContent('Finished loading');
});

it('draws the bar without the invalid role nprogress gives it', () => {
  act(() => startLoading());
  const bar = document.querySelector('#nprogress .bar');
  expect(bar).not.toBeNull();
  expect(bar).not.toHaveAttribute('role');
  act(() => finishLoading());
});
