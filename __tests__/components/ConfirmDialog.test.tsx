import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  render(
    <ConfirmDialog
      title="Delete it?"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      variant="danger"
      busy={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      <p>It cannot be undone.</p>
    </ConfirmDialog>,
  );
  return { onConfirm, onCancel };
}

it('is named by its title, focuses Cancel, and calls back on confirm and cancel', async () => {
  const user = userEvent.setup();
  const { onConfirm, onCancel } = renderDialog();
  const dialog = screen.getByRole('dialog', { name: 'Delete it?' });
  expect(dialog).toHaveTextContent('It cannot be undone.');
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
  await user.keyboard('{Escape}');
  expect(onCancel).toHaveBeenCalledTimes(2);
});

it('stays open while busy and shows a refusal inside', async () => {
  const user = userEvent.setup();
  const { onCancel } = renderDialog({ busy: true, error: 'Not allowed.' });
  expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  await user.keyboard('{Escape}');
  expect(onCancel).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('Not allowed.');
});

it('as a form, confirms on Enter only when allowed, and shows the outcome with Done', async () => {
  const user = userEvent.setup();
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const { rerender } = render(
    <ConfirmDialog
      title="Drop it?"
      confirmLabel="Drop"
      busyLabel="Dropping…"
      busy={false}
      confirmDisabled
      onConfirm={onConfirm}
      onCancel={onCancel}
      asForm
    >
      <input aria-label="Name" autoFocus />
    </ConfirmDialog>,
  );
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(onConfirm).not.toHaveBeenCalled();
  rerender(
    <ConfirmDialog title="Drop it?" confirmLabel="Drop" busyLabel="Dropping…" busy={false} onConfirm={onConfirm} onCancel={onCancel} asForm>
      <input aria-label="Name" autoFocus />
    </ConfirmDialog>,
  );
  await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
  expect(onConfirm).toHaveBeenCalledTimes(1);
  rerender(
    <ConfirmDialog
      title="Drop it?"
      confirmLabel="Drop"
      busyLabel="Dropping…"
      busy={false}
      onConfirm={onConfirm}
      onCancel={onCancel}
      outcome={<p>Dropped.</p>}
    >
      <p>Before.</p>
    </ConfirmDialog>,
  );
  expect(screen.getByRole('dialog')).toHaveTextContent('Dropped.');
  expect(screen.queryByText('Before.')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Done' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});
