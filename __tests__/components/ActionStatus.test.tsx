import { render, screen } from '@testing-library/react';
import { ActionStatus } from '../../src/components/ActionStatus';

it('says how the last action went in a live region, and a refusal in an alert', () => {
  const { rerender } = render(<ActionStatus said="Your vote is counted." error={null} />);
  expect(screen.getByRole('status')).toHaveTextContent('Your vote is counted.');
  expect(screen.getByRole('status')).toHaveClass('small');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  rerender(<ActionStatus said="" error="Voting is closed." className="small mt-2 mb-0" />);
  expect(screen.getByRole('status')).toHaveClass('mt-2', 'mb-0');
  expect(screen.getByRole('alert')).toHaveTextContent('Voting is closed.');
});
