// The header's bell: only for users who may open the notifications page; its name says the
// unread count, a live notification makes it fetch the count again, and the rise is announced.
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
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

function renderBell(roles: string[]) {
  return render(
    <Provider store={makeSignedInStore(roles)}>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </Provider>,
  );
}

it('shows the unread count in its name, and a live notification raises it and is announced politely', async () => {
  let unread = 3;
  const server = connectWorkspaceServer({ 'GET api/notifications/unread-count': () => json(200, { unread }) });
  const { container } = renderBell(['user', 'Integration_Engineer']);
  const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
  expect(bell).toHaveAttribute('href', '/app/notifications');
  expect(bell).toHaveTextContent('3');
  const status = container.querySelector('.dw-bell-announcement') as HTMLElement;
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(status).toHaveTextContent('');

  unread = 4;
  act(() => handlers.get('notification')?.({ id: '9', title: 'New reply' }));
  await screen.findByRole('link', { name: 'Notifications, 4 unread' });
  await waitFor(() => expect(status).toHaveTextContent('A new notification: 4 unread.'));
  expect(server.requests.filter((request) => request === 'GET api/notifications/unread-count')).toHaveLength(2);
});

it('says none unread without a badge', async () => {
  connectWorkspaceServer({ 'GET api/notifications/unread-count': json(200, { unread: 0 }) });
  renderBell(['user', 'admin']);
  const bell = await screen.findByRole('link', { name: 'Notifications, none unread' });
  expect(bell.querySelector('.badge')).toBeNull();
});

it('is not there for users who may not open the notifications page', () => {
  const server = connectWorkspaceServer({ 'GET api/notifications/unread-count': json(200, { unread: 2 }) });
  renderBell(['user', 'Client-dataworks-business-users']);
  expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
  expect(server.requests).toEqual([]);
  expect(handlers.has('notification')).toBe(false);
});
