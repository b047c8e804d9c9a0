// The inbox and the preferences in jsdom, against a fake API: unread first with links to what
// changed, filters, mark read and all read, and e-mail switches disabled with the reason when
// the portal has no SMTP server.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NotificationsPage from '../../../src/features/notifications/NotificationsPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';

setUpPageTests();

const notice = (
  id: string,
  title: string,
  read: boolean,
  type = 'ticket_update',
  link: string | null = `/app/support/tickets/t-${id}`,
) => ({
  id,
  type,
  title,
  body: `Body of **${title}**`,
  link,
  createdAt: '2026-11-24T08:00:00.000Z',
  read,
});

const preferences = (available: boolean) => ({
  preferences: [
    { type: 'freshness_status_change', inApp: true, email: false },
    { type: 'alert', inApp: true, email: false },
    { type: 'connector_sync_failure', inApp: true, email: false },
    { type: 'ticket_update', inApp: true, email: false },
    { type: 'feature_status_change', inApp: true, email: false },
    { type: 'system', inApp: true, email: false },
  ],
  email: { available, address: 'ada@acme.test' },
});

let server: WorkspaceServer;
function start(options: { smtp?: boolean } = {}) {
  let notifications = [
    notice('3', 'New reply on ticket #3', false),
    notice('2', 'Source shop.orders is stale', false, 'freshness_status_change', '/app/freshness'),
    notice('1', 'Old news', true),
  ];
  server = connectWorkspaceServer({
    'GET api/notifications': (request) => {
      const type = (request.params as Record<string, string>).type;
      const shown = notifications.filter((n) => !type || n.type === type);
      return json(200, { notifications: shown, total: shown.length, unread: shown.filter((n) => !n.read).length });
    },
    'GET api/notifications/unread-count': () => json(200, { unread: notifications.filter((n) => !n.read).length }),
    'PATCH api/notifications/3': (_request, body) => {
      notifications = notifications.map((n) => (n.id === '3' ? { ...n, read: (body as { read: boolean }).read } : n));
      return json(200, { notification: notifications.find((n) => n.id === '3') });
    },
    'POST api/notifications/read-all': () => {
      const updated = notifications.filter((n) => !n.read).length;
      notifications = notifications.map((n) => ({ ...n, read: true }));
      return json(200, { updated });
    },
    'GET api/notifications/preferences': json(200, preferences(options.smtp ?? false)),
    'PUT api/notifications/preferences': (_request, body) =>
      json(200, { ...preferences(options.smtp ?? false), preferences: (body as { preferences: unknown }).preferences }),
  });
  return renderWithRouter(
    makeSignedInStore(['user', 'Client-Dataworks-docs']),
    [
      { path: '/app/notifications', element: <NotificationsPage /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    '/app/notifications',
  );
}

it('lists notifications unread first with links to what changed, and marks one read, then all', async () => {
  start();
  expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  const list = await screen.findByRole('list', { name: 'Notifications' });
  const items = within(list).getAllByRole('listitem');
  expect(items.map((item) => item.querySelector('a, span.fw-semibold, span:not(.badge)')?.textContent)).toEqual([
    'New reply on ticket #3',
    'Source shop.orders is stale',
    'Old news',
  ]);
  expect(within(list).getByRole('link', { name: 'New reply on ticket #3' })).toHaveAttribute('href', '/app/support/tickets/t-3');
  expect(within(list).getByRole('link', { name: 'Source shop.orders is stale' })).toHaveAttribute('href', '/app/freshness');
  expect(screen.getByRole('heading', { name: /Inbox · 2 unread/ })).toBeInTheDocument();
  // Bodies are markdown, shown formatted (not with their asterisks); times as the portal writes them.
  expect(within(items[0] as HTMLElement).getByText('New reply on ticket #3', { selector: 'strong' })).toBeInTheDocument();
  expect(items[0]).not.toHaveTextContent('**');
  expect(items[0]).toHaveTextContent('2026-11-24 08:00 UTC');

  await userEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Mark read: New reply on ticket #3' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: /Inbox · 1 unread/ })).toBeInTheDocument());
  expect(server.bodies).toContainEqual({ route: 'PATCH api/notifications/3', body: { read: true } });

  await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: /Inbox · 0 unread/ })).toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

it('filters by type on the server', async () => {
  start();
  await screen.findByRole('list', { name: 'Notifications' });
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Source freshness changes');
  await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(1));
  expect(server.requests).toContain('GET api/notifications?type=freshness_status_change&limit=25&offset=0');
});

it('without SMTP, the e-mail switches are disabled and the page says why; in-app choices are saved', async () => {
  start({ smtp: false });
  const reason = await screen.findByText(/E-mail is off: no mail server \(SMTP\) is configured/);
  const email = screen.getByRole('switch', { name: 'Support ticket updates by e-mail' });
  expect(email).toBeDisabled();
  expect(email).toHaveAccessibleDescription(reason.textContent ?? '');
  await userEvent.click(screen.getByRole('switch', { name: 'Alerts in the portal' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
  expect(await screen.findByText('Your preferences are saved.')).toBeInTheDocument();
  const saved = server.bodies.find((entry) => entry.route === 'PUT api/notifications/preferences')?.body as {
    preferences: { type: string; inApp: boolean }[];
  };
  expect(saved.preferences.find((p) => p.type === 'alert')).toEqual({ type: 'alert', inApp: false, email: false });
});

it('with SMTP, e-mail can be turned on per type', async () => {
  start({ smtp: true });
  const email = await screen.findByRole('switch', { name: 'Support ticket updates by e-mail' });
  expect(email).toBeEnabled();
  expect(screen.getByText('E-mails go to ada@acme.test.')).toBeInTheDocument();
  await userEvent.click(email);
  await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
  await screen.findByText('Your preferences are saved.');
  const saved = server.bodies.find((entry) => entry.route === 'PUT api/notifications/preferences')?.body as {
    preferences: { type: string; email: boolean }[];
  };
  expect(saved.preferences.find((p) => p.type === 'ticket_update')?.email).toBe(true);
});
