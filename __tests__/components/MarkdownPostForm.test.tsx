import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MarkdownPostForm } from '../../src/components/MarkdownPostForm';

function renderForm(post: jest.Mock) {
  const onPosted = jest.fn();
  render(
    <MarkdownPostForm
      heading={{ id: 'answer-title', text: 'Your answer' }}
      label="Answer (markdown)"
      rows={4}
      submitLabel="Post answer"
      busyLabel="Posting…"
      emptyMessage="Write your answer first."
      maxLength={10}
      post={post}
      onPosted={onPosted}
    />,
  );
  return onPosted;
}

it('checks the text before sending: not empty, not too long', async () => {
  const user = userEvent.setup();
  const post = jest.fn();
  renderForm(post);
  expect(screen.getByRole('form', { name: 'Your answer' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Post answer' }));
  expect(screen.getByRole('textbox', { name: 'Answer (markdown)' })).toHaveAccessibleDescription('Write your answer first.');
  await user.type(screen.getByRole('textbox', { name: 'Answer (markdown)' }), 'Far too long a text');
  await user.click(screen.getByRole('button', { name: 'Post answer' }));
  expect(screen.getByText('At most 10 characters.')).toBeInTheDocument();
  expect(post).not.toHaveBeenCalled();
});

it('sends the text, empties the box once posted, and shows a refusal at the box', async () => {
  const user = userEvent.setup();
  const post = jest
    .fn()
    .mockResolvedValueOnce({ error: { status: 400, data: { error: 'invalid', message: 'The question is closed.' } } })
    .mockResolvedValueOnce({ data: null });
  const onPosted = renderForm(post);
  const box = screen.getByRole('textbox', { name: 'Answer (markdown)' });
  await user.type(box, 'Use dbt');
  await user.click(screen.getByRole('button', { name: 'Post answer' }));
  expect(post).toHaveBeenCalledWith('Use dbt');
  expect(box).toHaveAccessibleDescription('The question is closed.');
  expect(onPosted).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Post answer' }));
  expect(onPosted).toHaveBeenCalledTimes(1);
  expect(box).toHaveValue('');
});
