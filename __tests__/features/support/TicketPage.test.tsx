// One ticket in jsdom, for its requester and for support staff: markdown rendered inert, internal
// notes only on staff's page, replies and notes, status changes, attachments checked before
// upload, and staff applying the requester's layout settings to their own session.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TicketPage from '../../../src/features/support/TicketPage';
import { json } from '../../helpers/fakeBackend';
import { setUpPageTests } from '../../helpers/pageTest';
import { renderWithRouter } from '../../helpers/renderWithRouter';
import { makeSignedInStore } from '../../helpers/testStore';
import { connectWorkspaceServer, type WorkspaceServer } from '../../helpers/workspaceServer';
import { requesterTicket, staffTicket, TICKET_ID } from './supportFixtures';

const handlers = new Map<string, (data: unknown) => void>();
jest.mock('../../../src/api/live/liveEvents', () => ({
  subscribeLive: (topic: string, handler: (data: unknown) => void) => {
    handlers.set(topic, handler);
    return () => handlers.delete(topic);
  },
}));

setUpPageTests();

let server: WorkspaceServer;
function start(roles: string[], ticket: Record<string, unknown>) {
  let current = ticket;
  server = connectWorkspaceServer({
    [`GET api/support/tickets/${TICKET_ID}`]: () => json(200, { ticket: current }),
    [`POST api/support/tickets/${TICKET_ID}/messages`]: (_request, body) => {
      const message = body as { kind: string; body: string };
      current = {
        ...current,
        messages: [
          ...(current.messages as unknown[]),
          { id: `m${Date.now()}`, ...message, author: { username: 'me', staff: true }, createdAt: '2026-11-24T10:00:00.000Z' },
        ],
      };
      return json(201, { ticket: current });
    },
    [`PATCH api/support/tickets/${TICKET_ID}`]: (_request, body) => {
      const { assignee, ...patch } = body as { assignee?: string | null };
      const people: Record<string, string> = { 'user-assured': 'assured', 'user-ada': 'admin' };
      current = {
        ...current,
        ...patch,
        ...(assignee === undefined ? {} : { assignee: assignee ? { subject: assignee, username: people[assignee] } : null }),
        viewer: { staff: true, transitions: ['open', 'solved'] },
      };
      return json(200, { ticket: current });
    },
    'GET api/support/staff': json(200, {
      staff: [
        { subject: 'user-assured', username: 'assured' },
        { subject: 'user-ada', username: 'admin' },
      ],
    }),
  });
  const store = makeSignedInStore(roles);
  const view = renderWithRouter(
    store,
    [{ path: '/app/support/tickets/:ticketId', element: <TicketPage /> }],
    `/app/support/tickets/${TICKET_ID}`,
  );
  return { ...view, store, replace: (next: Record<string, unknown>) => (current = next) };
}

afterEach(() => {
  delete (window as { hacked?: boolean }).hacked;
});

it('a requester sees the description as inert markdown, public replies only, and no staff controls', async () => {
  const { container } = start(['user', 'Integration_Engineer'], requesterTicket());
  expect(await screen.findByRole('heading', { level: 1, name: '#12 Freshness page is empty' })).toBeInTheDocument();
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  const conversation = screen.getByRole('region', { name: 'Conversation' });
  expect(within(conversation).getByText('run_results.json').tagName).toBe('STRONG');
  expect(within(conversation).queryByText('Internal note')).toBeNull();
  expect(screen.queryByRole('radio', { name: /Internal note/ })).toBeNull();
  expect(screen.queryByLabelText('Assignee')).toBeNull();
  expect(screen.queryByRole('region', { name: /Layout settings of/ })).toBeNull();
  expect(screen.getByText('You shared your layout settings with this ticket.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mark solved' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mark pending' })).toBeNull();
});

it('a requester replies; an empty reply is refused before sending', async () => {
  start(['user', 'Integration_Engineer'], requesterTicket());
  await screen.findByRole('heading', { level: 1 });
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveAccessibleDescription(/must not be empty/);
  expect(server.bodies).toEqual([]);
  await userEvent.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Uploaded it.');
  await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  expect(await screen.findByText('Your reply is sent.')).toBeInTheDocument();
  expect(server.bodies[0]).toEqual({
    route: `POST api/support/tickets/${TICKET_ID}/messages`,
    body: { kind: 'reply', body: 'Uploaded it.' },
  });
});

it('a reply arriving live (a notification about this ticket) shows without reloading', async () => {
  const view = start(['user', 'Integration_Engineer'], requesterTicket());
  await screen.findByRole('heading', { level: 1 });
  view.replace(
    requesterTicket({
      messages: [
        ...requesterTicket().messages,
        {
          id: 'm9',
          kind: 'reply',
          body: 'Fixed on our side.',
          author: { username: 'assured', staff: true },
          createdAt: '2026-11-24T11:00:00.000Z',
        },
      ],
    }),
  );
  act(() => handlers.get('notification')?.({ id: '5', link: `/app/support/tickets/${TICKET_ID}` }));
  expect(await screen.findByText('Fixed on our side.')).toBeInTheDocument();
});

it('staff see internal notes marked as such, write one, change status and assign', async () => {
  start(['user', 'assured'], staffTicket());
  await screen.findByRole('heading', { level: 1 });
  const conversation = screen.getByRole('region', { name: 'Conversation' });
  expect(within(conversation).getByText('Internal note')).toBeInTheDocument();
  expect(within(conversation).getByText('They use an old manifest.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('radio', { name: 'Internal note (support staff only)' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Internal note' }), 'Checked the logs.');
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('Your internal note is added.')).toBeInTheDocument();
  expect(server.bodies[0]?.body).toEqual({ kind: 'note', body: 'Checked the logs.' });

  await userEvent.click(screen.getByRole('button', { name: 'Mark pending' }));
  await waitFor(() => expect(server.bodies[1]?.body).toEqual({ status: 'pending' }));
  expect(await screen.findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveTextContent('assured'));
  await userEvent.selectOptions(screen.getByLabelText('Assignee'), 'admin');
  await waitFor(() => expect(server.bodies[2]?.body).toEqual({ assignee: 'user-ada' }));
});

it("staff read the requester's layout in words and preview it in their tab", async () => {
  const { store } = start(['user', 'assured'], staffTicket());
  const region = await screen.findByRole('region', { name: 'Layout settings of engineer' });
  expect(within(region).getByLabelText('Layout of engineer, as it differs from the defaults')).toHaveTextContent(
    'LayoutMenu across the top (default: Menu at the side)Right-to-lefton (default: off)',
  );
  expect(store.getState().layout.layout).toBe('vertical');
  await userEvent.click(within(region).getByRole('button', { name: 'Preview in this tab' }));
  expect(store.getState().layout).toMatchObject({ layout: 'horizontal', rtlLayout: true });
  expect(store.getState().layoutPreview?.owner).toBe('engineer');
  expect(within(region).getByRole('status')).toHaveTextContent('You now see the layout of engineer in this tab.');
});

it('a forbidden attachment type or size is refused before any upload', async () => {
  start(['user', 'Integration_Engineer'], requesterTicket());
  await screen.findByRole('heading', { level: 1 });
  expect(screen.getByRole('button', { name: 'sync.log' })).toBeInTheDocument();
  const input = screen.getByLabelText('Add a file');
  await userEvent.upload(input, new File(['<svg onload="x"/>'], 'logo.svg', { type: 'image/svg+xml' }), { applyAccept: false });
  expect(await screen.findByText(/logo.svg: Files of type image\/svg\+xml cannot be attached/)).toBeInTheDocument();
  const big = new File(['x'], 'huge.png', { type: 'image/png' });
  Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
  await userEvent.upload(input, big, { applyAccept: false });
  expect(await screen.findByText('huge.png: The file is larger than 5 MB.')).toBeInTheDocument();
  expect(server.requests.some((request) => request.includes('/attachments'))).toBe(false);
});

it('a ticket that is not the user’s (or another organisation’s) says so', async () => {
  connectWorkspaceServer({ [`GET api/support/tickets/${TICKET_ID}`]: json(404, { error: 'not_found', message: 'No such ticket.' }) });
  renderWithRouter(
    makeSignedInStore(['user', 'Integration_Engineer']),
    [{ path: '/app/support/tickets/:ticketId', element: <TicketPage /> }],
    `/app/support/tickets/${TICKET_ID}`,
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Ticket not found' })).toBeInTheDocument();
});
