import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VoteButton } from '../../src/components/VoteButton';

it('says whether the user voted, the count and what it counts, and votes on a press', async () => {
  const onVote = jest.fn();
  const { rerender } = render(<VoteButton voted={false} votes={3} countFor="votes for this question" busy={false} onVote={onVote} />);
  const button = screen.getByRole('button', { name: 'Vote · 3 votes for this question' });
  expect(button).toHaveAttribute('aria-pressed', 'false');
  await userEvent.setup().click(button);
  expect(onVote).toHaveBeenCalledTimes(1);
  rerender(<VoteButton voted votes={4} countFor="votes for this question" busy onVote={onVote} />);
  const pressed = screen.getByRole('button', { name: 'Voted · 4 votes for this question' });
  expect(pressed).toHaveAttribute('aria-pressed', 'true');
  expect(pressed).toBeDisabled();
});
