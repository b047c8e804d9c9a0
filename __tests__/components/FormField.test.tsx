import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormField } from '../../src/components/FormField';

it('labels the input, reports typing, and ties help to it', async () => {
  const user = userEvent.setup();
  const onValue = jest.fn();
  render(<FormField label="Name" value="" onValue={onValue} help="Up to 80 characters." />);
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).toHaveAccessibleDescription('Up to 80 characters.');
  await user.type(input, 'a');
  expect(onValue).toHaveBeenCalledWith('a');
});

it('marks the control invalid and describes it by the error first, then the help', () => {
  render(<FormField id="thing-name" label="Name" value="" onValue={jest.fn()} help="Up to 80 characters." error="Enter a name." />);
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input).toHaveAttribute('id', 'thing-name');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAttribute('aria-describedby', 'thing-name-error thing-name-help');
  expect(input).toHaveAccessibleDescription('Enter a name. Up to 80 characters.');
});

it('renders a select with its options and a textarea', async () => {
  const user = userEvent.setup();
  const onValue = jest.fn();
  render(
    <>
      <FormField control="select" label="Role" value="" onValue={onValue} error="Choose a role.">
        <option value="">Choose</option>
        <option value="ADMIN">ADMIN</option>
      </FormField>
      <FormField control="textarea" label="Comment" value="" onValue={jest.fn()} />
    </>,
  );
  const select = screen.getByRole('combobox', { name: 'Role' });
  expect(select).toHaveAccessibleDescription('Choose a role.');
  await user.selectOptions(select, 'ADMIN');
  expect(onValue).toHaveBeenCalledWith('ADMIN');
  expect(screen.getByRole('textbox', { name: 'Comment' }).tagName).toBe('TEXTAREA');
});
