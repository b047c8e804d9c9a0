import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckField } from '../../src/components/CheckField';

it('is a checkbox named by its words, ticked by a click on them', async () => {
  const onChecked = jest.fn();
  render(<CheckField label="Mutually exclusive" checked={false} onChecked={onChecked} className="mb-3" labelClassName="small" />);
  const box = screen.getByRole('checkbox', { name: 'Mutually exclusive' });
  expect(box).not.toBeChecked();
  expect(box.parentElement).toHaveClass('form-check', 'mb-3');
  expect(screen.getByText('Mutually exclusive')).toHaveClass('form-check-label', 'small');
  await userEvent.setup().click(screen.getByText('Mutually exclusive'));
  expect(onChecked).toHaveBeenCalledWith(true);
});

it('is a switch when asked, keeps the id given, and says why it is off', async () => {
  const onChecked = jest.fn();
  render(
    <>
      <p id="why">No mail server.</p>
      <CheckField id="pref-email" label="By e-mail" checked asSwitch disabled describedBy="why" onChecked={onChecked} />
    </>,
  );
  const box = screen.getByRole('switch', { name: 'By e-mail' });
  expect(box).toHaveAttribute('id', 'pref-email');
  expect(box).toBeChecked();
  expect(box).toBeDisabled();
  expect(box).toHaveAccessibleDescription('No mail server.');
  expect(box.parentElement).toHaveClass('form-check', 'form-switch');
  await userEvent.setup().click(box);
  expect(onChecked).not.toHaveBeenCalled();
});

it('shows its help under the box and has the box described by it', () => {
  render(<CheckField id="share" label="Share my layout" help="Nothing else is shared." checked={false} onChecked={jest.fn()} />);
  expect(screen.getByRole('checkbox', { name: 'Share my layout' })).toHaveAccessibleDescription('Nothing else is shared.');
  expect(screen.getByText('Nothing else is shared.')).toHaveAttribute('id', 'share-help');
});
