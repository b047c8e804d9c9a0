// The notifications service on the store (PGlite, and PostgreSQL when STORE_TEST_DATABASE_URL is
// set: a schema of its own): who receives a notice (a user, a role's known holders, the whole
// organisation, less those who turned the type off), live delivery with the event id a browser
// sends back, the replay after a reconnect, and e-mail through a real SMTP server started here,
// retried on the shared job runner when the server refuses the first attempt.
import { createJobRunner, type JobRunner } from '../../../../server/src/platform/jobs';
import { createLiveChannel, type LiveChannel, type LiveEvent } from '../../../../server/src/platform/live';
import { createNotificationsService, type NotificationsService } from '../../../../server/src/platform/notifications';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { startSmtpReceiver, type SmtpReceiver } from '../../../helpers/smtpReceiver';
import { openSchemaStore } from '../../schemaStore';
import { waitWith } from '../../helpers/waitFor';
import type { Caller } from '../../../../server/src/platform/http/auth/tokenVerifier';

jest.setTimeout(60_000);

const waitFor = waitWith({ timeoutMs: 15_000 });

const people = {
  ann: { subject: 'sub-ann', username: 'ann', email: 'ann@acme.example', roles: ['user', 'admin'] },
  bob: { subject: 'sub-bob', username: 'bob', email: 'bob@acme.example', roles: ['user', 'assured'] },
  cid: { subject: 'sub-cid', username: 'cid', email: null, roles: ['user', 'Client-Admin'] },
};
const callerOf = (person: (typeof people)[keyof typeof people]): Caller => ({
  subject: person.subject,
  username: person.username,
  organisation: 'acme',
  roles: person.roles,
  ...(person.email ? { email: person.email } : {}),
});

let store: Store;
let live: LiveChannel;
let jobs: JobRunner;
let smtp: SmtpReceiver;
let service: NotificationsService;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  store = await openSchemaStore('notifications_test');
  // A real SMTP server that refuses the first message (a temporary failure).
  smtp = await startSmtpReceiver({ refuseFirst: 1 });
  live = createLiveChannel(store.notifier);
  jobs = createJobRunner({ db: store.db, live, log: silent, pollMs: 100 });
  service = createNotificationsService({
    db: store.db,
    live,
    jobs,
    log: silent,
    smtp: {
      url: `smtp://127.0.0.1:${smtp.port}`,
      host: null,
      port: 0,
      user: null,
      password: null,
      secure: false,
      from: 'Dataworks <no-reply@dataworks.test>',
    },
    portalUrl: 'http://portal.test',
    emailRetryBaseDelayMs: 200,
  });
  await jobs.start();
  for (const person of Object.values(people)) await service.rememberUser({ organisation: 'acme', ...person });
  await service.rememberUser({ organisation: 'globex', subject: 'sub-gus', username: 'gus', email: null, roles: ['user', 'admin'] });
});

afterAll(async () => {
  await jobs?.stop();
  await live?.close();
  service?.close();
  await smtp?.close();
  await store?.close();
});

async function subscribe(person: (typeof people)[keyof typeof people], organisation = 'acme') {
  const events: LiveEvent[] = [];
  const stop = await live.subscribe({ organisation, userId: person.subject, roles: person.roles }, (event) => events.push(event));
  return { events, stop, subject: person.subject, organisation };
}

/**
 * A subscriber's events once nothing more is on its way: a marker addressed to them is published
 * after everything else and awaited (each subscriber gets its events in the order published).
 */
let markers = 0;
async function settled(listener: Awaited<ReturnType<typeof subscribe>>): Promise<LiveEvent[]> {
  const mark = ++markers;
  await live.publish({ organisation: listener.organisation, userId: listener.subject, topic: 'marker', data: { mark } });
  await waitFor(`marker ${mark} for ${listener.subject}`, () =>
    listener.events.some((event) => event.topic === 'marker' && (event.data as { mark: number }).mark === mark),
  );
  return listener.events.filter((event) => event.topic !== 'marker');
}

const recipientsOf = async (id: string) =>
  (
    await store.db.selectFrom('notification_recipients').select('subject').where('notification_id', '=', id).orderBy('subject').execute()
  ).map((row) => row.subject);

test('a notice for one user is recorded for that user and reaches only their open streams, with its event id', async () => {
  const ann = await subscribe(people.ann);
  const bob = await subscribe(people.bob);
  const result = await service.notify({
    organisation: 'acme',
    audience: { userId: people.ann.subject },
    type: 'alert',
    title: 'Warehouse credits above budget',
    body: 'Spent 120% of the monthly budget.',
    link: '/app/snowflake/cost',
  });
  expect(result).toMatchObject({ inApp: 1, emails: 0 });
  expect(await recipientsOf(String(result.id))).toEqual(['sub-ann']);
  const event = await waitFor('ann’s event', () => ann.events[0]);
  expect(event).toMatchObject({
    id: `n:${result.id}`,
    topic: 'notification',
    data: { id: result.id, type: 'alert', title: 'Warehouse credits above budget', link: '/app/snowflake/cost', read: false },
  });
  expect(await settled(bob)).toEqual([]);
  ann.stop();
  bob.stop();
});

test('a role reaches its known holders, the organisation reaches everyone known in it; a type turned off and the actor are left out', async () => {
  const forAdmins = await service.notify({
    organisation: 'acme',
    audience: { role: ['admin', 'assured'] },
    type: 'connector_sync_failure',
    title: 'Shop sync failed',
  });
  expect(await recipientsOf(String(forAdmins.id))).toEqual(['sub-ann', 'sub-bob']);

  await store.db
    .insertInto('notification_preferences')
    .values({ organisation_id: 'acme', subject: 'sub-bob', type: 'system', in_app: false, email: false })
    .execute();
  const everyone = await service.notify({
    organisation: 'acme',
    audience: 'organisation',
    type: 'system',
    title: 'Maintenance tonight',
    exceptUserIds: ['sub-cid'],
  });
  expect(await recipientsOf(String(everyone.id))).toEqual(['sub-ann']);
  // Never another organisation's users.
  expect(everyone.inApp).toBe(1);
  const nobody = await service.notify({
    organisation: 'acme',
    audience: { role: 'product' },
    type: 'system',
    title: 'No one holds this role',
  });
  expect(nobody).toEqual({ id: null, inApp: 0, emails: 0 });
});

test('a notice for many users is one live message that skips those who turned the type off', async () => {
  for (let index = 0; index < 12; index += 1)
    await service.rememberUser({
      organisation: 'acme',
      subject: `sub-many-${index}`,
      username: `many${index}`,
      email: null,
      roles: ['user', 'Client-Dataworks-docs'],
    });
  await store.db
    .insertInto('notification_preferences')
    .values({ organisation_id: 'acme', subject: 'sub-many-3', type: 'feature_status_change', in_app: false, email: false })
    .execute();
  const listeners = await Promise.all(
    [0, 3].map((index) =>
      subscribe({ subject: `sub-many-${index}`, username: `many${index}`, email: null, roles: ['user', 'Client-Dataworks-docs'] }),
    ),
  );
  const outsider = await subscribe(people.cid);
  const result = await service.notify({
    organisation: 'acme',
    audience: { role: 'Client-Dataworks-docs' },
    type: 'feature_status_change',
    title: 'Dark mode is planned',
  });
  expect(result.inApp).toBe(11);
  await waitFor('the docs user’s event', () => listeners[0]?.events[0]);
  expect(await settled(listeners[1]!)).toEqual([]);
  expect(await settled(outsider)).toEqual([]);
  for (const listener of [...listeners, outsider]) listener.stop();
});

test('after a reconnect, the replay gives exactly what the user missed, oldest first; the cursor says where they are', async () => {
  const caller = callerOf(people.cid);
  const cursor = await service.liveReplay.cursor?.(caller, 'acme');
  expect(cursor?.topic).toBe('notification-cursor');
  const first = await service.notify({
    organisation: 'acme',
    audience: { userId: people.cid.subject },
    type: 'ticket_update',
    title: 'Reply one',
  });
  const second = await service.notify({
    organisation: 'acme',
    audience: { userId: people.cid.subject },
    type: 'ticket_update',
    title: 'Reply two',
  });
  await service.notify({ organisation: 'acme', audience: { userId: people.ann.subject }, type: 'ticket_update', title: 'Not for cid' });
  const missed = await service.liveReplay.missed(caller, 'acme', cursor?.id ?? '');
  expect(missed.map((event) => [event.id, (event.data as { title: string }).title])).toEqual([
    [`n:${first.id}`, 'Reply one'],
    [`n:${second.id}`, 'Reply two'],
  ]);
  expect(await service.liveReplay.missed(caller, 'acme', `n:${second.id}`)).toEqual([]);
  // An id that is not a notification's (a job event's) replays nothing.
  expect(await service.liveReplay.missed(caller, 'acme', '5b0c1f3e-0000-4000-8000-000000000000')).toEqual([]);
  expect(await service.liveReplay.missed({ ...caller, organisation: 'globex' }, 'globex', 'n:0')).toEqual([]);
});

test('e-mail goes to those who asked, through the SMTP server, retried when it refuses the first attempt', async () => {
  await store.db
    .insertInto('notification_preferences')
    .values({ organisation_id: 'acme', subject: 'sub-ann', type: 'ticket_update', in_app: true, email: true })
    .execute();
  const result = await service.notify({
    organisation: 'acme',
    audience: { role: 'admin' },
    type: 'ticket_update',
    title: 'New reply on ticket #7',
    body: 'bob: please check the manifest',
    link: '/app/support/tickets/abc',
  });
  expect(result.emails).toBe(1);
  const mail = await waitFor('the e-mail', () => smtp.mails[0]);
  expect(smtp.refusedCount()).toBe(1);
  expect(mail.to).toBe('ann@acme.example');
  expect(mail.raw).toContain('Subject: [Dataworks] New reply on ticket #7');
  expect(mail.raw).toContain('http://portal.test/app/support/tickets/abc');
  expect(mail.raw).toContain('bob: please check the manifest');
  // The SMTP server has the mail before the job records its success: wait for that too.
  const readJob = () =>
    store.db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', 'notifications.email').executeTakeFirstOrThrow();
  const job = await waitFor('the e-mail job to end', async () => {
    const row = await readJob();
    return row.state === 'succeeded' || row.state === 'failed' ? row : undefined;
  });
  expect(job).toEqual({ state: 'succeeded', attempts: 2 });
  // Bob did not ask for e-mail: none for him.
  expect(smtp.mails.every((sent) => !sent.to.includes('bob'))).toBe(true);
});

test('a notice without a known type, a title or with a link out of the portal is refused and nothing is written', async () => {
  const before = await store.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  await expect(service.notify({ organisation: 'acme', audience: 'organisation', type: 'gossip' as 'alert', title: 'x' })).rejects.toThrow(
    'not a notification type',
  );
  await expect(service.notify({ organisation: 'acme', audience: 'organisation', type: 'alert', title: '   ' })).rejects.toThrow(
    'needs a title',
  );
  await expect(
    service.notify({ organisation: 'acme', audience: 'organisation', type: 'alert', title: 'x', link: 'https://evil.example' }),
  ).rejects.toThrow('portal path');
  await expect(
    service.notify({ organisation: 'acme', audience: 'organisation', type: 'alert', title: 'x', link: '//evil.example' }),
  ).rejects.toThrow('portal path');
  const after = await store.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  expect(Number(after.count)).toBe(Number(before.count));
});
