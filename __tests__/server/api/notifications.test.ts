// Notifications over real HTTP with real tokens: the inbox (unread first, filters, read state),
// preferences (e-mail off without SMTP; on with a real SMTP server), the live stream with event
// ids and the replay of what a browser missed while disconnected (Last-Event-ID), each once.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { startSmtpReceiver, type SmtpReceiver } from '../../helpers/smtpReceiver';
import { startPortal, type RunningPortal } from './portalServer';
import { waitFor } from '../helpers/waitFor';
import type { InboxResponse } from '../../../common/notifications/notificationsContract';

jest.setTimeout(180_000);

interface Notification {
  id: string;
  type: string;
  title: string;
  link: string | null;
  read: boolean;
}

/** Reads /api/live as the browser does (fetch, bearer header), collecting events until stopped. */
function openStream(portal: RunningPortal, token: string, lastEventId?: string) {
  const events: EventSourceMessage[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch(`${portal.baseUrl}/api/live`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
      signal: controller.signal,
    });
    const parser = createParser({ onEvent: (event) => events.push(event) });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    notifications: () => events.filter((event) => event.event === 'notification'),
    async close() {
      controller.abort();
      await done;
    },
  };
}

describe('without SMTP', () => {
  let portal: RunningPortal;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    portal = await startPortal();
    for (const username of ['admin', 'assured', 'engineer', 'docs', 'business', 'lite']) tokens[username] = await portal.token(username);
  });
  afterAll(async () => {
    await portal?.stop();
  });
  const api = (username: string, method: string, path: string, body?: unknown) =>
    portal.api(method, path, { token: tokens[username], body });
  const reply = async (ticketId: string, body: string) =>
    expect((await api('assured', 'POST', `/api/support/tickets/${ticketId}/messages`, { kind: 'reply', body })).status).toBe(201);

  test('the live stream delivers a ticket reply with its id; after a drop, Last-Event-ID replays exactly what was missed', async () => {
    const ticket = (
      (await api('engineer', 'POST', '/api/support/tickets', { subject: 'Live', description: 'x', category: 'question', priority: 'low' }))
        .body as { ticket: { id: string } }
    ).ticket;
    const first = openStream(portal, tokens.engineer ?? '');
    const cursor = await waitFor('the cursor', () => first.events.find((event) => event.event === 'notification-cursor'));
    await reply(ticket.id, 'first answer');
    const live = await waitFor('the live notification', () => first.notifications()[0]);
    expect(live.id).toMatch(/^n:\d+$/);
    expect(JSON.parse(live.data)).toMatchObject({
      type: 'ticket_update',
      title: 'New reply on ticket #1: Live',
      link: `/app/support/tickets/${ticket.id}`,
      read: false,
    });
    expect(cursor.id).toMatch(/^n:\d+$/);
    await first.close();

    // Disconnected: two replies arrive meanwhile.
    await reply(ticket.id, 'second answer');
    await reply(ticket.id, 'third answer');
    const second = openStream(portal, tokens.engineer ?? '', live.id);
    await waitFor('the replay', () => second.notifications().length >= 2);
    await reply(ticket.id, 'fourth answer');
    await waitFor('the new one', () => second.notifications().length >= 3);
    // A fifth reply closes the window: its notice comes after anything sent before it, so once it
    // is there, a duplicate of the replay would have arrived too.
    await reply(ticket.id, 'fifth answer');
    const newest = (await api('engineer', 'GET', '/api/notifications?limit=1')).body as InboxResponse;
    const closing = `n:${newest.notifications[0]?.id}`;
    await waitFor('the closing notice', () => second.notifications().some((event) => event.id === closing));
    const all = second.notifications().map((event) => event.id);
    const ids = all.slice(0, all.indexOf(closing));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3);
    expect(ids.map((id) => Number(id?.slice(2)))).toEqual([...ids.map((id) => Number(id?.slice(2)))].sort((a, b) => a - b));
    expect(ids).not.toContain(live.id);
    await second.close();

    const inbox = (await api('engineer', 'GET', '/api/notifications')).body as {
      notifications: Notification[];
      unread: number;
      total: number;
    };
    // Four replies and the closing one.
    expect(inbox.unread).toBe(5);
    expect(inbox.total).toBe(5);
  });

  test('the inbox: unread first and newest first, filter by type, mark read and all read; counts follow', async () => {
    await api('admin', 'GET', '/api/notifications');
    for (const subject of ['One', 'Two', 'Three']) {
      await api('engineer', 'POST', '/api/support/tickets', { subject, description: 'x', category: 'question', priority: 'low' });
    }
    const inbox = (await api('admin', 'GET', '/api/notifications')).body as { notifications: Notification[]; unread: number };
    expect(inbox.notifications.map((n) => n.title).slice(0, 3)).toEqual([
      expect.stringContaining('Three'),
      expect.stringContaining('Two'),
      expect.stringContaining('One'),
    ]);
    const newest = inbox.notifications[0] as Notification;
    const marked = await api('admin', 'PATCH', `/api/notifications/${newest.id}`, { read: true });
    expect(marked.status).toBe(200);
    expect((marked.body as { notification: Notification }).notification.read).toBe(true);
    const after = (await api('admin', 'GET', '/api/notifications')).body as { notifications: Notification[]; unread: number };
    expect(after.unread).toBe(inbox.unread - 1);
    expect(after.notifications[after.notifications.length - 1]?.id).toBe(newest.id);
    expect((await api('admin', 'GET', '/api/notifications/unread-count')).body).toEqual({ unread: inbox.unread - 1 });
    expect(((await api('admin', 'GET', '/api/notifications?type=alert')).body as { total: number }).total).toBe(0);
    expect(((await api('admin', 'GET', '/api/notifications?type=ticket_update&unread=true')).body as { total: number }).total).toBe(
      inbox.unread - 1,
    );
    expect((await api('admin', 'POST', '/api/notifications/read-all')).body).toEqual({ updated: inbox.unread - 1 });
    expect((await api('admin', 'GET', '/api/notifications/unread-count')).body).toEqual({ unread: 0 });
  });

  test("another user's notification answers 404; bad input names the field; the bell is everyone's, the preferences the page's", async () => {
    const own = ((await api('engineer', 'GET', '/api/notifications')).body as { notifications: Notification[] })
      .notifications[0] as Notification;
    expect((await api('admin', 'PATCH', `/api/notifications/${own.id}`, { read: true })).status).toBe(404);
    expect((await api('docs', 'PATCH', '/api/notifications/999999', { read: true })).status).toBe(404);
    expect((await api('engineer', 'GET', `/api/notifications`)).status).toBe(200);
    const notId = await api('engineer', 'PATCH', '/api/notifications/abc', { read: true });
    expect(notId.status).toBe(400);
    expect(notId.body).toMatchObject({ field: 'id' });
    const badBody = await api('engineer', 'PATCH', `/api/notifications/${own.id}`, { read: 'yes' });
    expect(badBody.body).toMatchObject({ field: 'read' });
    expect((await api('engineer', 'GET', '/api/notifications?type=gossip')).body).toMatchObject({ field: 'type' });
    expect((await api('engineer', 'GET', '/api/notifications?limit=1000')).body).toMatchObject({ field: 'limit' });
    // Still unread: nothing was written by the refused calls.
    const still = ((await api('engineer', 'GET', '/api/notifications')).body as { notifications: Notification[] }).notifications.find(
      (n) => n.id === own.id,
    );
    expect(still?.read).toBe(false);
    // Every signed-in user of an organisation reads their own notices (the header's bell); the
    // preferences belong to the notifications page, which the access table gives to some roles only.
    expect((await api('business', 'GET', '/api/notifications')).status).toBe(200);
    expect((await api('lite', 'GET', '/api/notifications/unread-count')).status).toBe(200);
    expect((await api('business', 'GET', '/api/notifications/preferences')).status).toBe(403);
    expect((await api('lite', 'PUT', '/api/notifications/preferences', { preferences: [] })).status).toBe(403);
  });

  test('preferences: every type listed; e-mail is off without SMTP and cannot be turned on', async () => {
    const prefs = (await api('docs', 'GET', '/api/notifications/preferences')).body as {
      preferences: { type: string; inApp: boolean; email: boolean }[];
      email: { available: boolean; address: string | null };
    };
    expect(prefs.email).toEqual({ available: false, address: 'docs@acme.example' });
    expect(prefs.preferences.find((p) => p.type === 'ticket_update')).toEqual({ type: 'ticket_update', inApp: true, email: false });
    const refused = await api('docs', 'PUT', '/api/notifications/preferences', {
      preferences: [{ type: 'alert', inApp: true, email: true }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'preferences.0.email' });
    const saved = await api('docs', 'PUT', '/api/notifications/preferences', {
      preferences: [{ type: 'alert', inApp: false, email: false }],
    });
    expect(saved.status).toBe(200);
    expect((saved.body as typeof prefs).preferences.find((p) => p.type === 'alert')).toEqual({ type: 'alert', inApp: false, email: false });
    const twice = await api('docs', 'PUT', '/api/notifications/preferences', {
      preferences: [
        { type: 'alert', inApp: true, email: false },
        { type: 'alert', inApp: false, email: false },
      ],
    });
    expect(twice.body).toMatchObject({ field: 'preferences.1.type' });
    expect(
      (await api('docs', 'PUT', '/api/notifications/preferences', { preferences: [{ type: 'gossip', inApp: true, email: false }] })).body,
    ).toMatchObject({ field: 'preferences.0.type' });
  });
});

describe('with SMTP', () => {
  let portal: RunningPortal;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    portal = await startPortal({ env: smtp.env });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
  });

  test('a requester who asked for e-mail gets the staff reply by e-mail, without internal notes', async () => {
    const engineer = await portal.token('engineer');
    const assured = await portal.token('assured');
    const prefs = await portal.api('PUT', '/api/notifications/preferences', {
      token: engineer,
      body: { preferences: [{ type: 'ticket_update', inApp: true, email: true }] },
    });
    expect(prefs.status).toBe(200);
    expect((prefs.body as { email: { available: boolean } }).email.available).toBe(true);
    const created = await portal.api('POST', '/api/support/tickets', {
      token: engineer,
      body: { subject: 'Mail me', description: 'x', category: 'question', priority: 'low' },
    });
    const ticketId = (created.body as { ticket: { id: string } }).ticket.id;
    await portal.api('POST', `/api/support/tickets/${ticketId}/messages`, {
      token: assured,
      body: { kind: 'note', body: 'INTERNAL-ONLY remark' },
    });
    await portal.api('POST', `/api/support/tickets/${ticketId}/messages`, {
      token: assured,
      body: { kind: 'reply', body: 'Here is your answer' },
    });
    const mail = await waitFor('the e-mail', () => smtp.mails.find((sent) => sent.to === 'engineer@acme.example'), { timeoutMs: 20_000 });
    // The body is quoted-printable: long lines are folded with a trailing "=".
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain('Here is your answer');
    expect(text).toContain(`/app/support/tickets/${ticketId}`);
    // The internal note gave the requester no notice at all, so no mail can follow for it.
    const inbox = (await portal.api('GET', '/api/notifications', { token: engineer })).body as InboxResponse;
    expect(inbox.notifications.filter((notice) => notice.link === `/app/support/tickets/${ticketId}`)).toHaveLength(1);
    expect(smtp.mails.some((sent) => sent.raw.includes('INTERNAL-ONLY'))).toBe(false);
    expect(portal.logs()).not.toMatch(/password/i);
  });
});
