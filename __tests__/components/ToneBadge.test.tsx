import { render, screen } from '@testing-library/react';
import { ToneBadge } from '../../src/components/ToneBadge';

type Status = 'open' | 'closed';
const tones: Record<Status, string> = { open: 'text-bg-primary', closed: 'text-bg-light border' };
const labels: Record<Status, string> = { open: 'Open', closed: 'Closed' };

it('says the value in words with its tone', () => {
  render(<ToneBadge tones={tones} labels={labels} value="open" />);
  expect(screen.getByText('Open')).toHaveClass('badge', 'text-bg-primary');
});

it('adds the extra classes and every class of a tone', () => {
  render(<ToneBadge tones={tones} labels={labels} value="closed" className="fw-normal" />);
  expect(screen.getByText('Closed')).toHaveClass('badge', 'fw-normal', 'text-bg-light', 'border');
});
