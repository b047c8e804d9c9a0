import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharedLayoutSettings } from '../../src/components/SharedLayoutSettings';

it('shows the settings read-only and applies them once they pass the check', async () => {
  const onApply = jest.fn();
  render(<SharedLayoutSettings settings={{ rtlLayout: true }} id="json" maxRows={12} owner="ana" onApply={onApply} />);
  const json = screen.getByRole('textbox', { name: 'Settings (JSON, read-only)' });
  expect(json).toHaveAttribute('readonly');
  expect(json).toHaveValue(JSON.stringify({ rtlLayout: true }, null, 2));
  expect(json).toHaveAttribute('rows', '3');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Apply to my session' }));
  expect(onApply).toHaveBeenCalledWith({ rtlLayout: true });
  expect(screen.getByRole('status')).toHaveTextContent('The layout of ana is now applied to your session.');
});

it('says why settings cannot be applied and applies nothing', async () => {
  const onApply = jest.fn();
  render(<SharedLayoutSettings settings={{ rtlLayout: 'yes', isOpen: [] }} id="json" maxRows={2} owner="ana" small onApply={onApply} />);
  expect(screen.getByRole('textbox', { name: 'Settings (JSON, read-only)' })).toHaveAttribute('rows', '2');
  const button = screen.getByRole('button', { name: 'Apply to my session' });
  expect(button).toHaveClass('btn-sm');
  await userEvent.setup().click(button);
  expect(onApply).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent(/^These settings cannot be applied: /);
});
