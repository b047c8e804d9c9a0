// The help assistant in jsdom: the launcher opens a dialog with focus in the question box; an
// answer cites its sources as links in a live log; "nothing matches" is said plainly; the
// support hand-off is a link to the new-ticket form filled with the conversation; Escape closes
// and focus returns to the launcher; a vendor chatbot in config.json replaces it all.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AskResponse } from '../../../common/assistant/assistantContract';
import { getRuntimeConfig, setRuntimeConfig } from '../../../src/config/currentConfig';
import { HelpLauncher } from '../../../src/layout/assistant/HelpLauncher';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const found: AskResponse = {
  found: true,
  tookMs: 3,
  passages: [
    {
      source: 'article',
      id: 'a1',
      title: 'Uploading dbt artifacts after each run',
      text: [
        { text: 'Use a ', match: false },
        { text: 'service', match: true },
        { text: ' account.', match: false },
      ],
      link: '/app/knowledgebase?article=a1',
    },
  ],
};

let server: WorkspaceServer;
function start(roles = ['user', 'admin']) {
  server = connectWorkspaceServer({
    'POST api/assistant/ask': (_request, body) =>
      json(200, (body as { question: string }).question.includes('swallow') ? { found: false, passages: [], tookMs: 1 } : found),
  });
  return renderWithRouter(
    makeSignedInStore(roles),
    [
      { path: '/app/home', element: <HelpLauncher /> },
      { path: '/app/support', element: <h1>Support</h1> },
      { path: '/app/knowledgebase', element: <h1>Knowledge Base</h1> },
    ],
    '/app/home',
  );
}

it('answers with the article cited, says when nothing matches, and hands off to a ticket', async () => {
  const user = userEvent.setup();
  const { router } = start();
  const launcher = screen.getByRole('button', { name: 'Help assistant' });
  expect(launcher).toHaveAttribute('aria-haspopup', 'dialog');
  await user.click(launcher);
  const dialog = await screen.findByRole('dialog', { name: 'Help assistant' });
  const box = within(dialog).getByLabelText('Your question');
  await waitFor(() => expect(box).toHaveFocus());

  await user.type(box, 'How do I upload dbt artifacts?{Enter}');
  const log = within(dialog).getByRole('log', { name: 'Conversation' });
  expect(log).toHaveAttribute('aria-live', 'polite');
  const source = await within(log).findByRole('link', { name: 'Uploading dbt artifacts after each run' });
  expect(source).toHaveAttribute('href', '/app/knowledgebase?article=a1');
  expect(within(log).getByText('service').tagName).toBe('MARK');

  await user.type(box, 'What is the airspeed of a swallow?{Enter}');
  expect(await within(log).findByText(/I found nothing in the knowledge base, the FAQ or Hive that answers this/)).toBeInTheDocument();

  const ticket = within(dialog).getByRole('link', { name: 'Open a support ticket' });
  const url = new URL(ticket.getAttribute('href') ?? '', 'http://localhost');
  expect(url.pathname).toBe('/app/support');
  expect(url.searchParams.get('subject')).toBe('How do I upload dbt artifacts?');
  const description = url.searchParams.get('description') ?? '';
  expect(description).toContain('**Q:** How do I upload dbt artifacts?');
  expect(description).toContain('[Uploading dbt artifacts after each run](http://localhost/app/knowledgebase?article=a1)');
  expect(description).toContain('**Q:** What is the airspeed of a swallow?');
  expect(description).toContain('nothing in the knowledge base, FAQ or Hive matched');
  expect(server.bodies.map((b) => b.body)).toEqual([
    { question: 'How do I upload dbt artifacts?' },
    { question: 'What is the airspeed of a swallow?' },
  ]);

  await user.click(ticket);
  await waitFor(() => expect(router.state.location.pathname).toBe('/app/support'));
  expect(new URLSearchParams(router.state.location.search).get('subject')).toBe('How do I upload dbt artifacts?');
});

it('Escape closes the dialog and focus returns to the launcher; an empty question is named, not sent', async () => {
  const user = userEvent.setup();
  start();
  const launcher = screen.getByRole('button', { name: 'Help assistant' });
  await user.click(launcher);
  const dialog = await screen.findByRole('dialog', { name: 'Help assistant' });
  await user.click(within(dialog).getByRole('button', { name: 'Ask' }));
  expect(within(dialog).getByLabelText('Your question')).toHaveAccessibleDescription('Type a question first.');
  expect(server.bodies).toEqual([]);
  expect(within(dialog).queryByRole('link', { name: 'Open a support ticket' })).toBeNull();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(launcher).toHaveFocus());
  expect(launcher).toHaveAttribute('aria-expanded', 'false');
});

it('a vendor chatbot configured in config.json is loaded instead of the built-in assistant', () => {
  setRuntimeConfig({ ...getRuntimeConfig(), chatbotUrl: 'https://chat.vendor.example/widget.js' });
  start();
  expect(screen.queryByRole('button', { name: 'Help assistant' })).toBeNull();
  const script = document.querySelector('script[data-chatbot]');
  expect(script).toHaveAttribute('src', 'https://chat.vendor.example/widget.js');
  script?.remove();
});

it('says when an answer is the portal’s live figures, and links the other places to get help', async () => {
  const user = userEvent.setup();
  connectWorkspaceServer({
    'POST api/assistant/ask': json(200, {
      found: true,
      tookMs: 2,
      passages: [
        {
          source: 'figures',
          id: 'cost-page-figures',
          title: 'Cost page: this month against last month',
          text: [{ text: 'This month so far the bill is $8,576.43.', match: false }],
          link: '/app/snowflake/cost',
        },
      ],
    }),
  });
  renderWithRouter(makeSignedInStore(['user', 'admin']), [{ path: '/app/home', element: <HelpLauncher /> }], '/app/home');
  await user.click(screen.getByRole('button', { name: 'Help assistant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Help assistant' });
  await user.type(within(dialog).getByLabelText('Your question'), 'why did my bill go up?{Enter}');
  const source = await within(dialog).findByRole('link', { name: 'Cost page: this month against last month' });
  expect(source).toHaveAttribute('href', '/app/snowflake/cost');
  expect(source.parentElement).toHaveTextContent('(Live figures)');
  const help = within(dialog).getByRole('navigation', { name: 'Other ways to get help' });
  expect(within(help).getByRole('link', { name: 'Ask your colleagues in Hive' })).toHaveAttribute('href', '/app/hive');
});
