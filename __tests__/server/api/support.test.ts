// The support desk over real HTTP with real tokens: a requester's tickets and the staff view,
// replies and internal notes (never shown to the requester, nor in their notifications), status
// transitions, attachments, search, organisation scoping, and bad input that writes nothing.
import { startPortal, type RunningPortal } from './portalServer';

jest.setTimeout(180_000);

let portal: RunningPortal;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  portal = await startPortal();
  for (const username of ['admin', 'assured', 'engineer', 'business', 'lite', 'docs']) tokens[username] = await portal.token(username);
});
afterAll(async () => {
  await portal?.stop();
});

interface Ticket {
  id: string;
  number: number;
  subject: string;
  status: string;
  priority: string;
  description: string;
  firstResponseAt: string | null;
  firstResponseDueAt: string;
  resolutionDueAt: string;
  createdAt: string;
  assignee: { subject: string; username: string } | null;
  messages: { kind: string; body: string; author: { username: string; staff: boolean } }[];
  attachments: { id: string; filename: string; contentType: string; size: number }[];
  layoutSettings: Record<string, unknown> | null;
  hasLayoutSettings: boolean;
  viewer: { staff: boolean; transitions: string[] };
}
interface Notification {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
}

const api = (username: string, method: string, path: string, body?: unknown) => portal.api(method, path, { token: tokens[username], body });
const ticketOf = (answer: { body: unknown }) => (answer.body as { ticket: Ticket }).ticket;
const inbox = async (username: string) =>
  (await api(username, 'GET', '/api/notifications')).body as { notifications: Notification[]; unread: number };

async function open(username: string, subject: string, extra: Record<string, unknown> = {}): Promise<Ticket> {
  const answer = await api(username, 'POST', '/api/support/tickets', {
    subject,
    description: `About ${subject}`,
    category: 'question',
    priority: 'normal',
    ...extra,
  });
  expect(answer.status).toBe(201);
  return ticketOf(answer);
}

test('a requester opens a ticket; staff see it, answer, and the requester is notified without internal notes', async () => {
  // The inbox remembers who may receive role notices: staff open theirs first.
  await inbox('admin');
  const ticket = await open('engineer', 'Freshness page shows nothing', {
    priority: 'high',
    layoutSettings: { layout: 'horizontal', rtlLayout: true },
  });
  expect(ticket).toMatchObject({
    status: 'open',
    priority: 'high',
    hasLayoutSettings: true,
    layoutSettings: null,
    viewer: { staff: false },
  });
  expect(new Date(ticket.firstResponseDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(4 * 3_600_000);
  expect(new Date(ticket.resolutionDueAt).getTime() - new Date(ticket.createdAt).getTime()).toBe(24 * 3_600_000);

  // Staff (admin) were told of the new ticket.
  const adminInbox = await inbox('admin');
  expect(adminInbox.notifications[0]).toMatchObject({
    type: 'ticket_update',
    title: `New ticket #${ticket.number}: Freshness page shows nothing`,
    link: `/app/support/tickets/${ticket.id}`,
    read: false,
  });

  const staffView = ticketOf(await api('assured', 'GET', `/api/support/tickets/${ticket.id}`));
  expect(staffView.layoutSettings).toEqual({ layout: 'horizontal', rtlLayout: true });
  expect(staffView.viewer).toEqual({ staff: true, transitions: ['pending', 'solved'] });

  expect(
    (
      await api('assured', 'POST', `/api/support/tickets/${ticket.id}/messages`, {
        kind: 'note',
        body: 'SECRET: the customer uses an old manifest',
      })
    ).status,
  ).toBe(201);
  const replied = ticketOf(
    await api('assured', 'POST', `/api/support/tickets/${ticket.id}/messages`, {
      kind: 'reply',
      body: 'Could you upload **run_results.json** too?',
    }),
  );
  expect(replied.firstResponseAt).not.toBeNull();
  expect(ticketOf(await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'pending' })).status).toBe('pending');

  const requesterView = ticketOf(await api('engineer', 'GET', `/api/support/tickets/${ticket.id}`));
  expect(requesterView.messages.map((message) => message.kind)).toEqual(['reply']);
  expect(JSON.stringify(requesterView)).not.toContain('SECRET');
  expect(requesterView.messages[0]?.author).toEqual({ username: 'assured', staff: true });

  const requesterInbox = await inbox('engineer');
  expect(requesterInbox.notifications.map((n) => n.title)).toEqual(
    expect.arrayContaining([
      `New reply on ticket #${ticket.number}: Freshness page shows nothing`,
      `Ticket #${ticket.number}: Freshness page shows nothing is now pending`,
    ]),
  );
  expect(JSON.stringify(requesterInbox)).not.toContain('SECRET');

  // The requester answers: the pending ticket opens again, and staff hear of it.
  const answered = ticketOf(
    await api('engineer', 'POST', `/api/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: 'Uploaded.' }),
  );
  expect(answered.status).toBe('open');
  expect(
    (await inbox('admin')).notifications.some((n) => n.title === `New reply on ticket #${ticket.number}: Freshness page shows nothing`),
  ).toBe(true);
});

test('status transitions: allowed ones pass, others answer 400 naming the transition; requesters cannot do staff moves', async () => {
  const ticket = await open('engineer', 'Transitions');
  const closeOpen = await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'closed' });
  expect(closeOpen.status).toBe(400);
  expect(closeOpen.body).toMatchObject({ error: 'invalid_transition', field: 'status' });
  expect((closeOpen.body as { message: string }).message).toContain('open → closed');

  const requesterPending = await api('engineer', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'pending' });
  expect(requesterPending.status).toBe(403);
  expect((requesterPending.body as { message: string }).message).toContain('open → pending');
  expect((await api('engineer', 'PATCH', `/api/support/tickets/${ticket.id}`, { priority: 'urgent' })).status).toBe(403);
  expect((await api('engineer', 'POST', `/api/support/tickets/${ticket.id}/messages`, { kind: 'note', body: 'x' })).status).toBe(403);

  expect(ticketOf(await api('engineer', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'solved' })).status).toBe('solved');
  expect(ticketOf(await api('engineer', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'open' })).status).toBe('open');
  expect(ticketOf(await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'solved' })).status).toBe('solved');
  expect(ticketOf(await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'closed' })).status).toBe('closed');
  const reopenClosed = await api('engineer', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'open' });
  expect(reopenClosed.status).toBe(400);
  expect((reopenClosed.body as { message: string }).message).toContain('closed → open');
  expect((await api('engineer', 'POST', `/api/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: 'hello?' })).status).toBe(400);
});

test('assignment goes to known staff only and tells the assignee and the requester', async () => {
  const ticket = await open('business', 'Assign me');
  const staff = (await api('assured', 'GET', '/api/support/staff')).body as { staff: { subject: string; username: string }[] };
  const admin = staff.staff.find((person) => person.username === 'admin');
  expect(admin).toBeDefined();
  expect((await api('business', 'GET', '/api/support/staff')).status).toBe(403);
  const assigned = ticketOf(await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { assignee: admin?.subject }));
  expect(assigned.assignee).toEqual({ subject: admin?.subject, username: 'admin' });
  expect((await inbox('admin')).notifications[0]?.title).toBe(`Ticket #${ticket.number}: Assign me is assigned to you`);
  const notStaff = await api('assured', 'PATCH', `/api/support/tickets/${ticket.id}`, { assignee: 'someone-else' });
  expect(notStaff.status).toBe(400);
  expect(notStaff.body).toMatchObject({ field: 'assignee' });
});

test('requesters list their own tickets; staff list all, search them in full text, filter, sort and page', async () => {
  await open('business', 'Snowflake warehouse costs doubled', { priority: 'urgent' });
  await open('business', 'Connector keeps failing', { priority: 'low' });
  const own = (await api('business', 'GET', '/api/support/tickets')).body as { tickets: Ticket[]; total: number; staff: boolean };
  expect(own.staff).toBe(false);
  expect(own.tickets.every((ticket) => ticket.subject !== 'Freshness page shows nothing')).toBe(true);

  const search = (await api('assured', 'GET', '/api/support/tickets?q=wareh%20cost')).body as { tickets: Ticket[]; total: number };
  expect(search.tickets.map((ticket) => ticket.subject)).toEqual(['Snowflake warehouse costs doubled']);
  // Operators and quotes typed are only separators.
  expect((await api('assured', 'GET', `/api/support/tickets?q=${encodeURIComponent("cost' & !| (")}`)).status).toBe(200);

  const urgent = (await api('assured', 'GET', '/api/support/tickets?priority=urgent,high&sort=priority')).body as { tickets: Ticket[] };
  expect(urgent.tickets[0]?.priority).toBe('urgent');
  expect(urgent.tickets.every((ticket) => ['urgent', 'high'].includes(ticket.priority))).toBe(true);

  const paged = (await api('assured', 'GET', '/api/support/tickets?pageSize=2&page=2&sort=created&order=asc')).body as {
    tickets: Ticket[];
    total: number;
    page: number;
  };
  expect(paged.page).toBe(2);
  expect(paged.tickets).toHaveLength(2);
  expect(paged.total).toBeGreaterThanOrEqual(5);

  const bad = await api('assured', 'GET', '/api/support/tickets?status=done');
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ field: 'status.0' });
  expect((bad.body as { message: string }).message).toContain('open, pending, solved, closed');
});

test("another organisation's ticket, and someone else's for a requester, answer 404", async () => {
  const ticket = await open('engineer', 'Private');
  expect((await api('lite', 'GET', `/api/support/tickets/${ticket.id}`)).status).toBe(404);
  expect((await api('lite', 'PATCH', `/api/support/tickets/${ticket.id}`, { status: 'solved' })).status).toBe(404);
  expect((await api('lite', 'POST', `/api/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: 'hi' })).status).toBe(404);
  expect((await api('business', 'GET', `/api/support/tickets/${ticket.id}`)).status).toBe(404);
  expect((await api('lite', 'GET', '/api/support/tickets')).body).toMatchObject({ total: 0 });
  expect((await api('engineer', 'GET', '/api/support/tickets/not-a-uuid')).status).toBe(400);
});

test('bad input names the field and writes nothing', async () => {
  const before = ((await api('assured', 'GET', '/api/support/tickets')).body as { total: number }).total;
  const cases: [Record<string, unknown>, string][] = [
    [{ subject: '', description: 'x', category: 'question', priority: 'low' }, 'subject'],
    [{ subject: 'a'.repeat(201), description: 'x', category: 'question', priority: 'low' }, 'subject'],
    [{ subject: 'ok', description: '   ', category: 'question', priority: 'low' }, 'description'],
    [{ subject: 'ok', description: 'x'.repeat(20_001), category: 'question', priority: 'low' }, 'description'],
    [{ subject: 'ok', description: 'x', category: 'gossip', priority: 'low' }, 'category'],
    [{ subject: 'ok', description: 'x', category: 'question', priority: 'asap' }, 'priority'],
    [
      { subject: 'ok', description: 'x', category: 'question', priority: 'low', layoutSettings: { layout: 'diagonal' } },
      'layoutSettings.layout',
    ],
    [{ subject: 'ok', description: 'x', category: 'question', priority: 'low', extra: 1 }, 'extra'],
  ];
  for (const [body, field] of cases) {
    const answer = await api('engineer', 'POST', '/api/support/tickets', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field });
  }
  expect(((await api('assured', 'GET', '/api/support/tickets')).body as { total: number }).total).toBe(before);
  const ticket = await open('engineer', 'Empty reply');
  const emptyReply = await api('engineer', 'POST', `/api/support/tickets/${ticket.id}/messages`, { kind: 'reply', body: '' });
  expect(emptyReply.body).toMatchObject({ field: 'body' });
  expect(ticketOf(await api('engineer', 'GET', `/api/support/tickets/${ticket.id}`)).messages).toHaveLength(0);
  // Markdown with script is stored as text: it is the page's renderer that keeps it inert.
  const scripted = await open('engineer', 'Script', { description: '<script>alert(1)</script><img src=x onerror=alert(2)>' });
  expect(scripted.description).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
});

async function upload(username: string, ticketId: string, filename: string, type: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), filename);
  const response = await fetch(`${portal.baseUrl}/api/support/tickets/${ticketId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[username]}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test('attachments: allowed types up to 5 MB, downloaded as attachments with their type; others refused', async () => {
  const ticket = await open('engineer', 'With a log');
  const log = Buffer.from('2026-11-24 error: connection refused\n');
  const stored = await upload('engineer', ticket.id, 'sync.log', 'application/octet-stream', log);
  expect(stored.status).toBe(201);
  const attachment = stored.body.attachment as { id: string; contentType: string; size: number };
  expect(attachment).toMatchObject({ contentType: 'text/plain', size: log.length });

  const download = await fetch(`${portal.baseUrl}/api/support/tickets/${ticket.id}/attachments/${attachment.id}`, {
    headers: { authorization: `Bearer ${tokens.assured}` },
  });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-type')).toBe('text/plain');
  expect(download.headers.get('content-disposition')).toBe(`attachment; filename="sync.log"; filename*=UTF-8''sync.log`);
  expect(Buffer.from(await download.arrayBuffer()).equals(log)).toBe(true);
  const foreign = await fetch(`${portal.baseUrl}/api/support/tickets/${ticket.id}/attachments/${attachment.id}`, {
    headers: { authorization: `Bearer ${tokens.lite}` },
  });
  expect(foreign.status).toBe(404);

  const html = await upload('engineer', ticket.id, 'page.html', 'text/html', Buffer.from('<script>alert(1)</script>'));
  expect(html.status).toBe(400);
  expect(html.body).toMatchObject({ field: 'file' });
  expect(String(html.body.message)).toContain('text/html');
  const svg = await upload('engineer', ticket.id, 'logo.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
  expect(svg.status).toBe(400);
  const disguised = await upload('engineer', ticket.id, 'run.exe', 'image/png', Buffer.from('MZ'));
  expect(disguised.status).toBe(400);
  const large = await upload('engineer', ticket.id, 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
  expect(large.status).toBe(413);
  expect(ticketOf(await api('engineer', 'GET', `/api/support/tickets/${ticket.id}`)).attachments).toHaveLength(1);

  // Markdown as browsers send it (text/markdown) is kept, and served, as plain text.
  const notes = await upload('engineer', ticket.id, 'notes.md', 'text/markdown', Buffer.from('# Steps\n1. sync\n'));
  expect(notes.status).toBe(201);
  expect(notes.body.attachment).toMatchObject({ filename: 'notes.md', contentType: 'text/plain' });
  // Two files in one request: refused in words (400), and nothing kept.
  const form = new FormData();
  for (const name of ['a.txt', 'b.txt']) form.append('file', new Blob(['x'], { type: 'text/plain' }), name);
  const two = await fetch(`${portal.baseUrl}/api/support/tickets/${ticket.id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.engineer}` },
    body: form,
  });
  expect(two.status).toBe(400);
  expect(ticketOf(await api('engineer', 'GET', `/api/support/tickets/${ticket.id}`)).attachments).toHaveLength(2);
});
