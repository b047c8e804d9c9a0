// The header's bell, for every signed-in user: its name says the unread count, a live notification
// makes it fetch the count again and the rise is announced; it opens a panel of the latest
// notifications, each opening what it is about and marked read, with "Mark all read"; the full
// page is linked only for those who may open it.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NotificationBell } from '../../../src/layout/header/NotificationBell';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer } from '../../helpers/workspaceServer';

const handlers = new Map<string, (data: unknown) => void>();
jest.mock('../../../src/api/live/liveEvents', () => ({
  subscribeLive: (topic: string, handler: (data: unknown) => void) => {
    handlers.set(topic, handler);
    return () => handlers.delete(topic);
  },
}));

setUpPageTests();

function Where() {
  return <p data-testid="where">{useLocation().pathname + useLocation().search}</p>;
}

function renderBell(roles: string[]) {
  return render(
    <Provider store={makeSignedInStore(roles)}>
      <MemoryRouter initialEntries={['/app/home']}>
        <NotificationBell />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const reply = {
  id: '12',
  type: 'ticket_update',
  title: 'New reply on ticket #4: Cost page is blank',
  body: 'We can reproduce it.',
  link: '/app/support/tickets/4',
  createdAt: '2026-11-27T10:00:00Z',
  read: false,
};
const answer = {
  id: '11',
  type: 'hive_answer',
  title: 'admin answered "Where do idle credits come from?"',
  body: '',
  link: '/app/hive?question=q1',
  createdAt: '2026-11-26T10:00:00Z',
  read: true,
};

it('shows the unread count in its name, and a live notification raises it and is announced politely', async () => {
  let unread = 3;
  const server = connectWorkspaceServer({ 'GET api/notifications/unread-count': () => json(200, { unread }) });
  const { container } = renderBell(['user', 'Integration_Engineer']);
  const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
  expect(bell).toHaveTextContent('3');
  const status = container.querySelector('.dw-bell-announcement') as HTMLElement;
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(status).toHaveTextContent('');

  unread = 4;
  act(() => handlers.get('notification')?.({ id: '9', title: 'New reply' }));
  await screen.findByRole('button', { name: 'Notifications, 4 unread' });
  await waitFor(() => expect(status).toHaveTextContent('A new notification: 4 unread.'));
  expect(server.requests.filter((request) => request === 'GET api/notifications/unread-count')).toHaveLength(2);
  // The list is not fetched until the panel opens.
  expect(server.requests.some((request) => request.startsWith('GET api/notifications?'))).toBe(false);
});

it('says none unread without a badge', async () => {
  connectWorkspaceServer({ 'GET api/notifications/unread-count': json(200, { unread: 0 }) });
  renderBell(['user', 'admin']);
  const bell = await screen.findByRole('button', { name: 'Notifications, none unread' });
  expect(bell.querySelector('.badge')).toBeNull();
});

it('gives a user who may not open the notifications page their own notices: open one, it is read; mark all read', async () => {
  const server = connectWorkspaceServer({
    'GET api/notifications/unread-count': json(200, { unread: 1 }),
    'GET api/notifications': json(200, { notifications: [reply, answer], total: 2, unread: 1 }),
    'PATCH api/notifications/12': json(200, { notification: { ...reply, read: true } }),
    'POST api/notifications/read-all': json(200, { updated: 1 }),
  });
  const user = userEvent.setup();
  renderBell(['user', 'Client-dataworks-business-users']);
  await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));

  const replyLink = await screen.findByRole('link', { name: /Unread: New reply on ticket #4/ });
  expect(replyLink).toHaveAttribute('href', '/app/support/tickets/4');
  expect(screen.getByRole('link', { name: /admin answered/ })).toHaveAttribute('href', '/app/hive?question=q1');
  expect(server.requests).toContain('GET api/notifications?limit=8&offset=0');
  // The full page is not this user's.
  expect(screen.queryByRole('link', { name: 'All notifications and preferences' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(server.bodies.map((b) => b.route)).toContain('POST api/notifications/read-all'));

  // The panel stays open: open the notice it lists.
  await user.click(await screen.findByRole('link', { name: /New reply on ticket #4/ }));
  await waitFor(() => expect(server.bodies).toContainEqual({ route: 'PATCH api/notifications/12', body: { read: true } }));
  expect(screen.getByTestId('where')).toHaveTextContent('/app/support/tickets/4');
});

it('links the full page for those who may open it, and says when there is nothing yet', async () => {
  connectWorkspaceServer({
    'GET api/notifications/unread-count': json(200, { unread: 0 }),
    'GET api/notifications': json(200, { notifications: [], total: 0, unread: 0 }),
  });
  const user = userEvent.setup();
  renderBell(['user', 'admin']);
  await user.click(await screen.findByRole('button', { name: 'Notifications, none unread' }));
  const panel = (await screen.findByRole('heading', { name: 'Notifications' })).parentElement?.parentElement as HTMLElement;
  expect(await within(panel).findByText(/^Nothing yet/)).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'All notifications and preferences' })).toHaveAttribute('href', '/app/notifications');
  expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
});

it('is not there for someone who belongs to no organisation yet, and asks the server nothing', () => {
  const server = connectWorkspaceServer({ 'GET api/notifications/unread-count': json(200, { unread: 0 }) });
  render(
    <Provider store={makeSignedInStore(['user'], { organization: undefined })}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </Provider>,
  );
  expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
  expect(server.requests).toEqual([]);
});
