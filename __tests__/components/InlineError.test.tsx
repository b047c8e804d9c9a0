import { render, screen } from '@testing-library/react';
import { InlineError } from '../../src/components/InlineError';

it('is an alert with the message and the spacing asked for', () => {
  render(<InlineError className="mt-3 mb-0">Not allowed.</InlineError>);
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Not allowed.');
  expect(alert).toHaveClass('alert', 'alert-danger', 'mt-3', 'mb-0');
});
