// The ways to get help, linked wherever people look for it: each only for those who may open it,
// without the page the links sit on, and following one tells the caller (the assistant closes).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HelpLinks } from '../../src/layout/HelpLinks';
import { renderWithRouter } from '../helpers/renderWithRouter';
import { makeSignedInStore } from '../helpers/testStore';

function linksFor(roles: string[], element: JSX.Element) {
  renderWithRouter(makeSignedInStore(roles), [{ path: '*', element }], '/app/home');
  const nav = screen.getByRole('navigation', { name: 'Other ways to get help' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

it('offers an administrator every place, the support page included', () => {
  expect(linksFor(['user', 'admin'], <HelpLinks />)).toEqual([
    ['Knowledge base', '/app/knowledgebase'],
    ['Frequently asked questions', '/app/faq'],
    ['Ask your colleagues in Hive', '/app/hive'],
    ['Feature requests', '/app/features'],
    ['Contact support', '/app/support'],
  ]);
});

it('leaves out the page it sits on and the places the user may not open', () => {
  expect(linksFor(['user', 'Integration_Engineer'], <HelpLinks here="support" />)).toEqual([
    ['Knowledge base', '/app/knowledgebase'],
    ['Frequently asked questions', '/app/faq'],
    ['Ask your colleagues in Hive', '/app/hive'],
  ]);
});

it('tells the caller when a link is followed', async () => {
  const followed = jest.fn();
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '*', element: <HelpLinks onFollow={followed} /> }], '/app/home');
  await userEvent.click(screen.getByRole('link', { name: 'Ask your colleagues in Hive' }));
  expect(followed).toHaveBeenCalledTimes(1);
});

it('shows nothing to a user who may open none of them', () => {
  renderWithRouter(makeSignedInStore([]), [{ path: '*', element: <HelpLinks /> }], '/app/home');
  expect(screen.queryByRole('navigation')).toBeNull();
});
