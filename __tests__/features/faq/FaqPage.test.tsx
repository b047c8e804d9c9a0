// The FAQ in jsdom: entries grouped by topic in an accordion that works from the keyboard
// (buttons with aria-expanded and aria-controls naming the answer's region), answers rendered
// inert, server-side search, and a linked entry (#faq-<id>) opened with focus on it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FaqPage from '../../../src/features/faq/FaqPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const entry = (id: string, topic: string, question: string, answer: string) => ({
  id,
  topic,
  question,
  answer,
  position: 1,
  updatedAt: '2026-11-23T10:00:00.000Z',
  hiveQuestionId: null,
});
const entries = [
  entry('a1', 'Cost', 'What is idle cost?', 'Credits billed while **no query** ran. <img src=x onerror="window.hacked=1">'),
  entry('b2', 'Getting started', 'Why can I not see a page?', 'Pages follow your roles.'),
];

let server: WorkspaceServer;
function start(path = '/app/faq', roles = ['user']) {
  server = connectWorkspaceServer({ 'GET api/faq': json(200, { entries, canManage: roles.includes('admin') }) });
  return renderWithRouter(makeSignedInStore(roles), [{ path: '/app/faq', element: <FaqPage /> }], path);
}

it('groups entries by topic; the accordion opens and closes from the keyboard', async () => {
  const user = userEvent.setup();
  start();
  const button = await screen.findByRole('button', { name: 'What is idle cost?' });
  expect(screen.getByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Getting started' })).toBeInTheDocument();
  expect(button).toHaveAttribute('aria-expanded', 'false');
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
  expect(panel).not.toBeVisible();

  for (let step = 0; step < 10 && document.activeElement !== button; step += 1) await user.tab();
  expect(button).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(panel).toBeVisible();
  expect(within(panel).getByText('no query').tagName).toBe('STRONG');
  expect(panel.querySelector('img')).toBeNull();
  expect(screen.getByRole('region', { name: 'What is idle cost?' })).toBe(panel);

  await user.tab();
  expect(screen.getByRole('button', { name: 'Why can I not see a page?' })).toHaveFocus();
  await user.keyboard(' ');
  expect(screen.getByRole('button', { name: 'Why can I not see a page?' })).toHaveAttribute('aria-expanded', 'true');
  await user.tab({ shift: true });
  await user.keyboard(' ');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('button', { name: 'New entry' })).toBeNull();
});

it('searches on the server and opens a linked entry with focus on it', async () => {
  const user = userEvent.setup();
  start('/app/faq#faq-b2', ['user', 'admin']);
  const linked = await screen.findByRole('button', { name: 'Why can I not see a page?' });
  await waitFor(() => expect(linked).toHaveAttribute('aria-expanded', 'true'));
  expect(linked).toHaveFocus();
  expect(screen.getByRole('button', { name: 'New entry' })).toBeInTheDocument();
  await user.type(screen.getByLabelText('Search the FAQ'), 'idle');
  await waitFor(() => expect(server.requests).toContain('GET api/faq?q=idle'));
});
