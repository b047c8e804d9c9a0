// The support store on PGlite (and PostgreSQL when STORE_TEST_DATABASE_URL is set: a schema of
// its own): every write audited in its transaction, a refused write leaving nothing behind, the
// requester's reach limited to their own tickets, full-text search with prefixes and ranking.
import { listAudit } from '../../../../server/src/platform/store/audit';
import { RecordNotFoundError } from '../../../../server/src/platform/store/errors';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { TransitionError, StaffOnlyError } from '../../../../server/src/features/support/errors';
import {
  addMessage,
  createTicket,
  listTickets,
  ticketDetail,
  updateTicket,
  type SupportActor,
} from '../../../../server/src/features/support/ticketsStore';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(60_000);

let store: Store;
beforeAll(async () => {
  store = await openSchemaStore('support_test');
});
afterAll(async () => {
  await store?.close();
});

const requester: SupportActor = { organisation: 'acme', subject: 'sub-eve', username: 'eve', roles: ['user', 'Integration_Engineer'] };
const other: SupportActor = { organisation: 'acme', subject: 'sub-oz', username: 'oz', roles: ['user'] };
const staff: SupportActor = { organisation: 'acme', subject: 'sub-sam', username: 'sam', roles: ['user', 'assured'] };
const foreign: SupportActor = { organisation: 'globex', subject: 'sub-gus', username: 'gus', roles: ['user', 'admin'] };

const base = { category: 'question' as const, priority: 'normal' as const };

test('creating, replying and changing status are each audited with the change', async () => {
  const ticket = await createTicket(store.db, requester, {
    ...base,
    subject: 'Audit me',
    description: 'x',
    layoutSettings: { rtlLayout: true },
  });
  await addMessage(store.db, staff, ticket.id, 'reply', 'hello');
  await updateTicket(store.db, staff, ticket.id, { status: 'pending' });
  const audit = (await listAudit(store.db, 'acme')).filter((entry) => entry.target === ticket.id);
  expect(audit.map((entry) => entry.action).sort()).toEqual(['support.ticket.create', 'support.ticket.reply', 'support.ticket.update']);
  expect(audit.find((entry) => entry.action === 'support.ticket.update')?.details).toEqual({ status: { from: 'open', to: 'pending' } });
  expect(audit.find((entry) => entry.action === 'support.ticket.create')?.details).toMatchObject({
    subject: 'Audit me',
    layoutSettings: true,
  });
});

test('a refused change writes nothing: no status, no audit', async () => {
  const ticket = await createTicket(store.db, requester, { ...base, subject: 'Refuse me', description: 'x' });
  const before = (await listAudit(store.db, 'acme')).length;
  await expect(updateTicket(store.db, staff, ticket.id, { status: 'closed' })).rejects.toThrow(TransitionError);
  await expect(updateTicket(store.db, requester, ticket.id, { status: 'pending' })).rejects.toThrow(
    'open → pending is for support staff only',
  );
  await expect(updateTicket(store.db, requester, ticket.id, { priority: 'urgent' })).rejects.toThrow(StaffOnlyError);
  await expect(addMessage(store.db, requester, ticket.id, 'note', 'sneaky')).rejects.toThrow(StaffOnlyError);
  expect((await listAudit(store.db, 'acme')).length).toBe(before);
  const after = await ticketDetail(store.db, 'acme', staff, ticket.id);
  expect(after).toMatchObject({ status: 'open', priority: 'normal', messages: [] });
});

test("a requester reaches only their own tickets; another organisation's is not found", async () => {
  const ticket = await createTicket(store.db, requester, { ...base, subject: 'Mine only', description: 'x' });
  await expect(ticketDetail(store.db, 'acme', other, ticket.id)).rejects.toThrow(RecordNotFoundError);
  await expect(ticketDetail(store.db, 'globex', foreign, ticket.id)).rejects.toThrow(RecordNotFoundError);
  await expect(addMessage(store.db, foreign, ticket.id, 'reply', 'hi')).rejects.toThrow(RecordNotFoundError);
  expect((await listTickets(store.db, 'acme', other, { page: 1, pageSize: 25 })).tickets.some((t) => t.id === ticket.id)).toBe(false);
  expect((await listTickets(store.db, 'acme', staff, { page: 1, pageSize: 100 })).tickets.some((t) => t.id === ticket.id)).toBe(true);
});

test('internal notes are in staff answers only; a requester reply reopens a pending ticket', async () => {
  const ticket = await createTicket(store.db, requester, { ...base, subject: 'Notes', description: 'x' });
  await addMessage(store.db, staff, ticket.id, 'note', 'between us');
  await addMessage(store.db, staff, ticket.id, 'reply', 'for you');
  await updateTicket(store.db, staff, ticket.id, { status: 'pending' });
  expect((await ticketDetail(store.db, 'acme', requester, ticket.id)).messages.map((m) => m.body)).toEqual(['for you']);
  expect((await ticketDetail(store.db, 'acme', staff, ticket.id)).messages.map((m) => m.body)).toEqual(['between us', 'for you']);
  const reopened = await addMessage(store.db, requester, ticket.id, 'reply', 'still broken');
  expect(reopened.after.status).toBe('open');
  expect(reopened.after.firstResponseAt).not.toBeNull();
});

test('full-text search: every word as a prefix, ranked, operators harmless; filters and pages', async () => {
  await createTicket(store.db, requester, {
    ...base,
    subject: 'Snowflake warehouse costs doubled',
    description: 'The monthly bill went up.',
  });
  await createTicket(store.db, requester, {
    ...base,
    priority: 'urgent',
    subject: 'Connector sync fails',
    description: 'The warehouse connector times out.',
  });
  const search = (q: string) =>
    listTickets(store.db, 'acme', staff, { q, page: 1, pageSize: 25 }).then((answer) => answer.tickets.map((t) => t.subject));
  expect(await search('wareh cost')).toEqual(['Snowflake warehouse costs doubled']);
  // A subject match ranks above a description match.
  expect((await search('warehouse')).slice(0, 2)).toEqual(['Snowflake warehouse costs doubled', 'Connector sync fails']);
  expect(await search("warehouse' | ! & :* (")).toContain('Connector sync fails');
  const urgent = await listTickets(store.db, 'acme', staff, { priority: ['urgent'], page: 1, pageSize: 25 });
  expect(urgent.tickets.map((t) => t.subject)).toEqual(['Connector sync fails']);
  const paged = await listTickets(store.db, 'acme', staff, { sort: 'created', order: 'asc', page: 2, pageSize: 2 });
  expect(paged.tickets).toHaveLength(2);
  expect(paged.total).toBeGreaterThanOrEqual(6);
});
