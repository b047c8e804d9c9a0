import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from '../../src/components/FormDialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = jest.fn();
  const onCancel = jest.fn();
  render(
    <FormDialog title="Add a thing" submitLabel="Add" busyLabel="Adding…" busy={false} onSubmit={onSubmit} onCancel={onCancel} {...props}>
      <label htmlFor="thing-name">Name</label>
      <input id="thing-name" required />
    </FormDialog>,
  );
  return { onSubmit, onCancel };
}

it('is named by its title, submits without the browser checks, and cancels', async () => {
  const user = userEvent.setup();
  const { onSubmit, onCancel } = renderDialog();
  expect(screen.getByRole('dialog', { name: 'Add a thing' })).toBeInTheDocument();
  // The field is required and empty: noValidate leaves the checking to the form's own code.
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(onSubmit.mock.calls[0][0].defaultPrevented).toBe(true);
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
  expect(onSubmit).toHaveBeenCalledTimes(2);
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledTimes(1);
});

it('stays open while busy and shows a form-level error', async () => {
  const user = userEvent.setup();
  const { onCancel } = renderDialog({ busy: true, error: 'The server is down.' });
  expect(screen.getByRole('button', { name: 'Adding…' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  await user.keyboard('{Escape}');
  expect(onCancel).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('The server is down.');
});

it('does not submit a form that holds it in the component tree', async () => {
  const user = userEvent.setup();
  const outer = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onSubmit = jest.fn();
  render(
    <form onSubmit={outer}>
      <FormDialog title="Add a thing" submitLabel="Add" busyLabel="Adding…" busy={false} onSubmit={onSubmit} onCancel={jest.fn()}>
        <p>Nothing to fill in.</p>
      </FormDialog>
    </form>,
  );
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
  expect(outer).not.toHaveBeenCalled();
});
