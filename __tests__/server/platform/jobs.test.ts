// The background job runner on PGlite (always) and on PostgreSQL when STORE_TEST_DATABASE_URL
// is set. On PostgreSQL the two runners of a test have stores (pools and LISTEN clients) of
// their own, as two portal instances would; on PGlite they share the one embedded database.
import { sql } from 'kysely';
import { z } from 'zod';
import {
  createJobRunner,
  FinalJobError,
  InvalidJobPayloadError,
  JobCancelledError,
  type JobRunner,
  type JobRunnerOptions,
  type JobView,
} from '../../../server/src/platform/jobs';
import { createLiveChannel, type LiveEvent } from '../../../server/src/platform/live';
import { type Store } from '../../../server/src/platform/store/openStore';
import { openPortalStore } from '../../../server/src/app/portalStore';
import { waitFor } from '../helpers/waitFor';
import { openMemoryStore } from '../schemaStore';

jest.setTimeout(60_000);

const postgresUrl = process.env.STORE_TEST_DATABASE_URL;

async function freshPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop schema public cascade; create schema public;');
  await client.end();
}

/** Opens the two "instances" of a test run: [first, second]. */
type OpenPair = () => Promise<[Store, Store]>;
const engines: [string, OpenPair][] = [
  [
    'PGlite',
    async () => {
      const store = await openMemoryStore();
      return [store, store];
    },
  ],
];
if (postgresUrl) {
  engines.push([
    'PostgreSQL',
    async () => {
      await freshPostgres(postgresUrl);
      const first = await openPortalStore({ databaseUrl: postgresUrl, dataDir: 'unused' });
      return [first, await openPortalStore({ databaseUrl: postgresUrl, dataDir: 'unused' })];
    },
  ]);
} else {
  console.log(
    'Job runner tests run on PGlite only: set STORE_TEST_DATABASE_URL to a throw-away PostgreSQL database to run them there too.',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when the signal fires; rejects with its reason, as a well-behaved handler does. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

let kindCounter = 0;
/** Each test defines kinds of its own, so jobs left by an earlier test are never claimed. */
const newKind = (name: string) => `${name}-${(kindCounter += 1)}`;

describe.each(engines)('job runner on %s', (_engine, openPair) => {
  let first: Store;
  let second: Store;
  const runners: JobRunner[] = [];
  const channels: ReturnType<typeof createLiveChannel>[] = [];

  const runnerOn = (store: Store, options: Partial<JobRunnerOptions> = {}) => {
    const live = createLiveChannel(store.notifier);
    channels.push(live);
    const runner = createJobRunner({
      db: store.db,
      live,
      pollMs: 50,
      leaseMs: 2000,
      progressIntervalMs: 100,
      stopGraceMs: 2000,
      ...options,
    });
    runners.push(runner);
    return runner;
  };

  const stateOf = (runner: JobRunner, id: string, organisation = 'acme') => runner.get(id, organisation);
  const finished = (runner: JobRunner, id: string) =>
    waitFor(`job ${id} to finish`, async () => {
      const job = await stateOf(runner, id);
      return job && ['succeeded', 'failed', 'cancelled'].includes(job.state) ? job : null;
    });

  beforeAll(async () => {
    [first, second] = await openPair();
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    for (const channel of channels.splice(0)) await channel.close();
  });
  afterAll(async () => {
    await first?.close();
    if (second !== first) await second?.close();
  });

  test('each job runs once with two runners, and a lease renewed by the heartbeat is not taken over', async () => {
    const kind = newKind('once');
    const calls = new Map<string, number>();
    // Each handler outlives the lease several times over: only heartbeats keep it.
    const define = (runner: JobRunner) =>
      runner.define(
        kind,
        async ({ id }) => {
          calls.set(id, (calls.get(id) ?? 0) + 1);
          await sleep(900);
        },
        { payload: z.object({ n: z.number() }) },
      );
    const a = runnerOn(first, { leaseMs: 300, concurrency: 2, instanceId: 'instance-a' });
    const b = runnerOn(second, { leaseMs: 300, concurrency: 2, instanceId: 'instance-b' });
    define(a);
    define(b);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await a.enqueue({ kind, organisation: 'acme', payload: { n } })).job.id);
    await Promise.all([a.start(), b.start()]);
    const jobs = await Promise.all(ids.map((id) => finished(a, id)));
    expect(jobs.map((job) => job.state)).toEqual(Array(6).fill('succeeded'));
    expect(jobs.map((job) => job.attempts)).toEqual(Array(6).fill(1));
    expect(ids.map((id) => calls.get(id))).toEqual(Array(6).fill(1));
  });

  test('a failing attempt is retried with exponential back-off, its message recorded, then succeeds', async () => {
    const kind = newKind('retry');
    const runner = runnerOn(first);
    const startedAt: number[] = [];
    runner.define(
      kind,
      async () => {
        startedAt.push(Date.now());
        if (startedAt.length < 3) throw new Error(`boom ${startedAt.length}`);
        return { rows: 42 };
      },
      { payload: z.object({}), maxAttempts: 3, retryBaseDelayMs: 300 },
    );
    await runner.start();
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {} });
    const waiting = await waitFor('the first retry to be queued', async () => {
      const current = await stateOf(runner, job.id);
      return current?.state === 'queued' && current.attempts === 1 ? current : null;
    });
    expect(waiting.error).toBe('boom 1');
    const done = await finished(runner, job.id);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 3, error: null, result: { rows: 42 }, progress: 1 });
    expect(startedAt).toHaveLength(3);
    // 300 ms, then 600 ms (the store's clock and the poll make it a little later, never earlier).
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(280);
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(580);
  });

  test('a job fails after its last attempt with the message only, never a stack', async () => {
    const kind = newKind('fail');
    const runner = runnerOn(first);
    let calls = 0;
    runner.define(
      kind,
      async () => {
        calls += 1;
        throw new Error('the warehouse refused the connection');
      },
      { payload: z.object({}), maxAttempts: 2, retryBaseDelayMs: 50 },
    );
    await runner.start();
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {} });
    const done = await finished(runner, job.id);
    expect(done).toMatchObject({ state: 'failed', attempts: 2, error: 'the warehouse refused the connection' });
    expect(done.finishedAt).not.toBeNull();
    expect(calls).toBe(2);
  });

  test('cancelling a queued job ends it at once; its handler never runs', async () => {
    const kind = newKind('cancel-queued');
    const runner = runnerOn(first);
    const handler = jest.fn(async () => undefined);
    runner.define(kind, handler, { payload: z.object({}) });
    await runner.start();
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {}, runAt: new Date(Date.now() + 60 * 60_000) });
    expect(job.state).toBe('queued');
    expect(await runner.cancel(job.id, 'globex')).toBeNull();
    const cancelled = await runner.cancel(job.id, 'acme');
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelRequested: true });
    await runner.lookForWork();
    expect(handler).not.toHaveBeenCalled();
    expect((await stateOf(runner, job.id))?.state).toBe('cancelled');
  });

  test('cancelling a running job fires its AbortSignal (through NOTIFY, long before the next heartbeat) and ends it cancelled', async () => {
    const kind = newKind('cancel-running');
    // Heartbeats every 10 s: only the wake-up notification can make the cancel this quick.
    const worker = runnerOn(first, { leaseMs: 30_000 });
    const other = runnerOn(second, { leaseMs: 30_000 });
    let reason: unknown;
    const handler = async ({ signal }: { signal: AbortSignal }) => {
      try {
        await untilAborted(signal);
      } catch (error) {
        reason = error;
        throw error;
      }
    };
    worker.define(kind, handler, { payload: z.object({}) });
    other.define(newKind('unrelated'), async () => undefined, { payload: z.object({}) });
    await worker.start();
    const { job } = await worker.enqueue({ kind, organisation: 'acme', payload: {}, startedBy: 'sub-1' });
    await waitFor('the job to run', async () => (await stateOf(worker, job.id))?.state === 'running');
    const askedAt = Date.now();
    const answer = await other.cancel(job.id, 'acme');
    expect(answer).toMatchObject({ state: 'running', cancelRequested: true });
    const done = await finished(worker, job.id);
    expect(done.state).toBe('cancelled');
    expect(Date.now() - askedAt).toBeLessThan(3000);
    expect(reason).toBeInstanceOf(JobCancelledError);
  });

  test('a job whose instance died is claimed again once its lease has expired', async () => {
    const kind = newKind('lease');
    const runner = runnerOn(first);
    const attempts: number[] = [];
    runner.define(kind, async ({ attempt }) => void attempts.push(attempt), { payload: z.object({}), maxAttempts: 3 });
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {} });
    const { job: exhausted } = await runner.enqueue({ kind, organisation: 'acme', payload: {} });
    // What a crash leaves behind: running, held by an instance that no longer renews its lease.
    const crash = async (id: string, attemptsUsed: number, leaseLeftSeconds: number) =>
      sql`update jobs set state = 'running', attempts = ${attemptsUsed}, locked_by = 'dead-instance',
            locked_until = now() + make_interval(secs => ${leaseLeftSeconds}) where id = ${id}`.execute(first.db);
    await crash(job.id, 1, 2);
    await crash(exhausted.id, 3, -1);
    await runner.start();
    // Still leased: not touched by a look for work.
    await runner.lookForWork();
    expect(await stateOf(runner, job.id)).toMatchObject({ state: 'running', attempts: 1 });
    const done = await finished(runner, job.id);
    expect(done).toMatchObject({ state: 'succeeded', attempts: 2 });
    expect(attempts).toEqual([2]);
    // One that had used its last attempt is ended, with a message saying why.
    expect(await finished(runner, exhausted.id)).toMatchObject({
      state: 'failed',
      error: 'The portal instance running this job stopped before it finished.',
    });
  });

  test('a schedule enqueues exactly one job per due tick across two runners', async () => {
    const kind = newKind('schedule');
    const handled: string[] = [];
    const a = runnerOn(first);
    const b = runnerOn(second);
    for (const runner of [a, b])
      runner.define(kind, async ({ payload }) => void handled.push(payload.table), { payload: z.object({ table: z.string() }) });
    const name = `freshness-${kind}`;
    await a.schedule({ name, kind, organisation: 'acme', every: 60_000, payload: { table: 'orders' } });
    await b.schedule({ name, kind, organisation: 'acme', every: 60_000, payload: { table: 'orders' } });
    const jobsOfKind = async () => await first.db.selectFrom('jobs').select(['id', 'state']).where('kind', '=', kind).execute();
    // Not due yet: nothing happens.
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.lookForWork(), b.lookForWork()]);
    expect(await jobsOfKind()).toHaveLength(0);

    const makeDue = () => sql`update job_schedules set next_run_at = now() - interval '1 second' where name = ${name}`.execute(first.db);
    for (let tick = 1; tick <= 3; tick += 1) {
      await makeDue();
      await waitFor(`tick ${tick} to be handled`, async () => handled.length >= tick);
      // Both runners look for work again, several times: the tick is not taken twice.
      for (let look = 0; look < 3; look += 1) await Promise.all([a.lookForWork(), b.lookForWork()]);
      expect(await jobsOfKind()).toHaveLength(tick);
    }
    expect(handled).toEqual(['orders', 'orders', 'orders']);
    const next = await first.db.selectFrom('job_schedules').select('next_run_at').where('name', '=', name).executeTakeFirstOrThrow();
    expect(next.next_run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await a.unschedule(name)).toBe(true);
  });

  test('a singleton key answers the queued or running job instead of adding another', async () => {
    const kind = newKind('singleton');
    const runner = runnerOn(first);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define(kind, () => gate, { payload: z.object({}) });
    const one = await runner.enqueue({ kind, organisation: 'acme', payload: {}, singletonKey: 'sync:crm' });
    const again = await runner.enqueue({ kind, organisation: 'acme', payload: {}, singletonKey: 'sync:crm' });
    expect(one.created).toBe(true);
    expect(again).toMatchObject({ created: false, job: { id: one.job.id } });
    const otherOrganisation = await runner.enqueue({ kind, organisation: 'globex', payload: {}, singletonKey: 'sync:crm' });
    expect(otherOrganisation.created).toBe(true);
    await runner.start();
    await waitFor('the job to run', async () => (await stateOf(runner, one.job.id))?.state === 'running');
    expect(await runner.enqueue({ kind, organisation: 'acme', payload: {}, singletonKey: 'sync:crm' })).toMatchObject({
      created: false,
      job: { id: one.job.id },
    });
    release();
    await finished(runner, one.job.id);
    const after = await runner.enqueue({ kind, organisation: 'acme', payload: {}, singletonKey: 'sync:crm' });
    expect(after.created).toBe(true);
    expect(after.job.id).not.toBe(one.job.id);
  });

  test('progress is stored on the row (throttled) and published on the live channel', async () => {
    const kind = newKind('progress');
    const runner = runnerOn(first, { progressIntervalMs: 200 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define(
      kind,
      async ({ progress }) => {
        for (let step = 1; step <= 100; step += 1) progress({ fraction: step / 200, message: `step ${step}` });
        await gate;
      },
      { payload: z.object({}) },
    );
    const watcher = createLiveChannel(first.notifier);
    channels.push(watcher);
    const events: LiveEvent[] = [];
    const foreign: LiveEvent[] = [];
    await watcher.subscribe({ organisation: 'acme', userId: 'someone' }, (event) => events.push(event));
    await watcher.subscribe({ organisation: 'globex', userId: 'someone-else' }, (event) => foreign.push(event));
    await runner.start();
    // Job events reach whoever started the job (and the users of the kind's pages, none here).
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {}, startedBy: 'someone' });
    const stored = await waitFor('the last progress to be stored', async () => {
      const current = await stateOf(runner, job.id);
      return current?.progress === 0.5 ? current : null;
    });
    expect(stored).toMatchObject({ state: 'running', message: 'step 100' });
    release();
    await finished(runner, job.id);
    await waitFor('the final event', async () =>
      events.some((event) => (event.data as JobView).id === job.id && (event.data as JobView).state === 'succeeded'),
    );
    const mine = events
      .filter((event) => event.topic === 'job' && (event.data as { id: string }).id === job.id)
      .map((event) => event.data as { state: string; progress: number | null; message: string | null });
    expect(mine[0]).toMatchObject({ state: 'queued' });
    expect(mine).toContainEqual(expect.objectContaining({ state: 'running', progress: 0.5, message: 'step 100' }));
    expect(mine.at(-1)).toMatchObject({ state: 'succeeded', progress: 1 });
    // 100 reports in a burst become at most a first and a trailing write.
    expect(mine.filter((event) => event.state === 'running' && event.progress !== null).length).toBeLessThanOrEqual(2);
    expect(foreign.filter((event) => (event.data as { id: string }).id === job.id)).toHaveLength(0);
  });

  test('stopping the runner stops its running jobs at once, waits for them, and hands them back: nothing is written afterwards', async () => {
    const kind = newKind('stopped');
    const runner = runnerOn(first, { stopGraceMs: 10_000 });
    let writes = 0;
    let handlerEnded = false;
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    runner.define(
      kind,
      async ({ progress, signal }) => {
        running();
        try {
          // Work that writes as it goes and stops when told, as the portal's jobs do.
          while (!signal.aborted) {
            writes += 1;
            progress({ fraction: Math.min(0.99, writes / 1000), message: `step ${writes}` });
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          throw signal.reason;
        } finally {
          handlerEnded = true;
        }
      },
      { payload: z.object({}) },
    );
    await runner.start();
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {} });
    await started;
    const stopping = Date.now();
    await runner.stop();
    // Stopped at once rather than after the grace time, and back in the queue for the next start.
    expect(Date.now() - stopping).toBeLessThan(5_000);
    const writesAtStop = writes;
    const row = await stateOf(runner, job.id);
    expect(row?.state).toBe('queued');
    // The handler has ended by the time stop() resolves: nothing of it can write afterwards.
    expect(handlerEnded).toBe(true);
    await runner.lookForWork();
    expect(writes).toBe(writesAtStop);
    expect(await stateOf(runner, job.id)).toEqual(row);
  });

  test('a payload that does not match its schema is refused with a message naming the field', async () => {
    const kind = newKind('payload');
    const runner = runnerOn(first);
    runner.define(kind, async () => undefined, { payload: z.object({ connectorId: z.string(), full: z.boolean().optional() }) });
    const attempt = runner.enqueue({ kind, organisation: 'acme', payload: { connectorId: 7 } });
    await expect(attempt).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(runner.enqueue({ kind, organisation: 'acme', payload: { connectorId: 7 } })).rejects.toThrow(/connectorId/);
    await expect(runner.schedule({ name: `bad-${kind}`, kind, organisation: 'acme', every: 1000, payload: {} })).rejects.toThrow(
      /connectorId/,
    );
    await expect(runner.enqueue({ kind: 'never-defined', organisation: 'acme', payload: {} })).rejects.toThrow(/never-defined/);
    expect(await first.db.selectFrom('jobs').select('id').where('kind', '=', kind).execute()).toHaveLength(0);
  });

  test('a job is only visible to its own organisation', async () => {
    const kind = newKind('scope');
    const runner = runnerOn(first);
    runner.define(kind, async () => undefined, { payload: z.object({}) });
    const { job } = await runner.enqueue({ kind, organisation: 'acme', payload: {}, runAt: new Date(Date.now() + 60_000) });
    expect(await runner.get(job.id, 'acme')).toMatchObject({ id: job.id, kind });
    expect(await runner.get(job.id, 'globex')).toBeNull();
    expect(await runner.get('not-a-uuid', 'acme')).toBeNull();
  });

  test('a cron schedule runs at its next time, takes the key it names, and a bad expression is refused in words', async () => {
    const kind = newKind('cron');
    const runner = runnerOn(first);
    const ran: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    runner.define(
      kind,
      async ({ id }) => {
        ran.push(id);
        await gate;
      },
      { payload: z.object({}) },
    );
    await expect(runner.schedule({ name: `bad-${kind}`, kind, organisation: 'acme', cron: '61 * * * *', payload: {} })).rejects.toThrow(
      /not valid/,
    );
    await expect(runner.schedule({ name: `short-${kind}`, kind, organisation: 'acme', cron: '0 3 * *', payload: {} })).rejects.toThrow(
      /five fields/,
    );
    const name = `nightly-${kind}`;
    await runner.schedule({ name, kind, organisation: 'acme', cron: '0 3 * * *', payload: {}, singletonKey: 'thing:1' });
    const [scheduled] = await runner.schedules(kind, 'acme');
    expect(scheduled?.name).toBe(name);
    // The next 03:00 UTC, within a day.
    expect(scheduled?.nextRunAt?.getUTCHours()).toBe(3);
    expect(scheduled?.nextRunAt?.getUTCMinutes()).toBe(0);
    expect((scheduled?.nextRunAt?.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(86_400_000);

    // A job already holding the key (a "sync now") makes a due tick add nothing.
    const held = await runner.enqueue({ kind, organisation: 'acme', payload: {}, singletonKey: 'thing:1' });
    await runner.start();
    await waitFor('the held job to run', async () => ran.length === 1);
    await sql`update job_schedules set next_run_at = now() - interval '1 second' where name = ${name}`.execute(first.db);
    await waitFor('the tick to be taken', async () => {
      const [entry] = await runner.schedules(kind, 'acme');
      return (entry?.nextRunAt?.getTime() ?? 0) > Date.now();
    });
    expect((await runner.list({ kind, organisation: 'acme', limit: 10 })).map((job) => job.id)).toEqual([held.job.id]);
    release();
    await finished(runner, held.job.id);
    expect(await runner.unschedule(name)).toBe(true);
  });

  test("a handler's final failure ends the job without a retry; progress detail rides in the job's events and view", async () => {
    const kind = newKind('final');
    const runner = runnerOn(first);
    const events: LiveEvent[] = [];
    const live = channels.at(-1);
    await live?.subscribe({ organisation: 'acme', userId: 'starter' }, (event) => void events.push(event));
    runner.define(
      kind,
      async ({ progress, payload }) => {
        progress({ fraction: 0.5, message: 'half', detail: { rows: 5 } });
        if (payload.fail) throw new FinalJobError('The source settings are wrong.');
        return undefined;
      },
      { payload: z.object({ fail: z.boolean() }), maxAttempts: 5 },
    );
    await runner.start();
    const failing = await runner.enqueue({ kind, organisation: 'acme', payload: { fail: true }, startedBy: 'starter', singletonKey: 'a' });
    expect(await finished(runner, failing.job.id)).toMatchObject({ state: 'failed', attempts: 1, error: 'The source settings are wrong.' });
    const passing = await runner.enqueue({ kind, organisation: 'acme', payload: { fail: false }, startedBy: 'starter', singletonKey: 'a' });
    expect(await finished(runner, passing.job.id)).toMatchObject({ state: 'succeeded', detail: { rows: 5 } });
    await waitFor('the events to arrive', async () =>
      events.some(
        (event) =>
          (event.data as { id?: string; state?: string }).id === passing.job.id && (event.data as { state?: string }).state === 'succeeded',
      ),
    );
    const last = events.filter((event) => (event.data as { id?: string }).id === passing.job.id).at(-1);
    expect(last?.data).toMatchObject({ state: 'succeeded', attempts: 1, detail: { rows: 5 } });

    // The kind's owner lists its jobs by key, newest first, finds each key's newest, and forgets the finished ones.
    expect((await runner.list({ kind, organisation: 'acme', key: 'a', limit: 10 })).map((job) => job.id)).toEqual([
      passing.job.id,
      failing.job.id,
    ]);
    expect(await runner.list({ kind, organisation: 'acme', id: failing.job.id, limit: 1 })).toMatchObject([
      { payload: { fail: true }, key: 'a' },
    ]);
    expect((await runner.latestPerKey(kind, 'acme')).map((job) => job.id)).toEqual([passing.job.id]);
    expect(await runner.list({ kind, organisation: 'globex', key: 'a', limit: 10 })).toEqual([]);
    expect(await runner.forget(kind, 'acme', 'a')).toBe(2);
    expect(await runner.list({ kind, organisation: 'acme', limit: 10 })).toEqual([]);
  });
});
