// The browser's live connection, with fetch mocked at the network boundary: frames are parsed
// however the stream splits them, events go to the subscribers of their topic, one connection
// serves every subscriber, and it reconnects (with a fresh token after a 401) when it drops.
import { ReadableStream } from 'node:stream/web';
import { isLiveConnected, LIVE_RECONNECT_DELAYS, resetLiveNotificationPosition, subscribeLive } from '../../src/api/live/liveEvents';
import { installFakeAuthClient, type FakeAuthClient } from '../helpers/fakeAuthClient';
import { installTestConfig } from '../helpers/testConfig';

jest.setTimeout(15_000);

interface FakeStream {
  push(text: string): void;
  end(): void;
}

interface FetchCall {
  url: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

let calls: FetchCall[];
let streams: FakeStream[];
let statuses: number[];
let auth: FakeAuthClient;

/** Each fetch answers the next status (200 by default) with a stream the test writes into. */
function installFetch() {
  calls = [];
  streams = [];
  statuses = [];
  const encoder = new TextEncoder();
  global.fetch = jest.fn(async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string>, signal: init?.signal as AbortSignal });
    const status = statuses.shift() ?? 200;
    let push!: FakeStream['push'];
    let end!: FakeStream['end'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
      },
    });
    streams.push({ push: (text) => push(text), end: () => end() });
    return { status, ok: status >= 200 && status < 300, body } as unknown as Response;
  }) as unknown as typeof fetch;
}

async function waitFor(what: string, probe: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const unsubscribes: (() => void)[] = [];
beforeEach(() => {
  installTestConfig();
  auth = installFakeAuthClient();
  installFetch();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  jest.restoreAllMocks();
});

test('frames split across chunks are parsed and dispatched by topic, with the bearer token on the request', async () => {
  const jobs: unknown[] = [];
  const mails: unknown[] = [];
  unsubscribes.push(subscribeLive('job', (data) => jobs.push(data)));
  unsubscribes.push(subscribeLive('mail', (data) => mails.push(data)));
  await waitFor('the connection', () => streams.length === 1);
  expect(calls).toHaveLength(1);
  expect(calls[0]?.url).toBe('http://localhost/api/live');
  expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1', Accept: 'text/event-stream' });
  expect(auth.updateToken).toHaveBeenCalledWith(5);

  const stream = streams[0]!;
  stream.push('retry: 3000\n\n: connected\n\n');
  stream.push('id: 1\nevent: job\ndata: {"id":"j1","sta');
  stream.push('te":"running","progress":0.25}\n\nid: 2\nevent: mail\ndata: {"sent":3}\n\n');
  stream.push('event: job\ndata: not json\n\nevent: unknown\ndata: {}\n\nevent: job\ndata: {"id":"j1","state":"succeeded"}\n\n');
  await waitFor('two job events', () => jobs.length === 2);
  expect(jobs).toEqual([
    { id: 'j1', state: 'running', progress: 0.25 },
    { id: 'j1', state: 'succeeded' },
  ]);
  expect(mails).toEqual([{ sent: 3 }]);
});

test('one connection serves every subscriber and closes when the last one leaves', async () => {
  // The clock is stepped past the longest reconnect delay at the end.
  jest.useFakeTimers({ advanceTimers: true });
  const first = subscribeLive('job', () => undefined);
  const second = subscribeLive('job', () => undefined);
  const third = subscribeLive('freshness', () => undefined);
  await waitFor('the connection', () => streams.length === 1);
  first();
  second();
  expect(isLiveConnected()).toBe(true);
  expect(calls[0]?.signal.aborted).toBe(false);
  third();
  expect(isLiveConnected()).toBe(false);
  expect(calls[0]?.signal.aborted).toBe(true);
  await jest.advanceTimersByTimeAsync(LIVE_RECONNECT_DELAYS.maxMs * 2);
  jest.useRealTimers();
  expect(calls).toHaveLength(1);
});

test('reconnects after the stream ends, and asks for a fresh token after a 401', async () => {
  const jobs: unknown[] = [];
  statuses = [200, 401, 200];
  unsubscribes.push(subscribeLive('job', (data) => jobs.push(data)));
  await waitFor('the connection', () => streams.length === 1);
  streams[0]!.push('event: job\ndata: {"id":"a"}\n\n');
  streams[0]!.end();
  // The server went away: a new request after the back-off, which is answered 401…
  await waitFor('the second request', () => calls.length === 2, 4000);
  // …so the third goes out with a token refreshed on purpose.
  await waitFor('the third request', () => calls.length === 3, 6000);
  expect(auth.updateToken).toHaveBeenCalledWith(-1);
  expect(calls[2]?.headers.Authorization).toBe('Bearer token-2');
  streams[2]!.push('event: job\ndata: {"id":"b"}\n\n');
  await waitFor('the event on the new connection', () => jobs.length === 2);
  expect(jobs).toEqual([{ id: 'a' }, { id: 'b' }]);
});

test('after a drop, the newest notification id goes back as Last-Event-ID and a replayed notification is delivered once', async () => {
  resetLiveNotificationPosition();
  const notices: unknown[] = [];
  const jobs: unknown[] = [];
  unsubscribes.push(subscribeLive('notification', (data) => notices.push(data)));
  unsubscribes.push(subscribeLive('job', (data) => jobs.push(data)));
  await waitFor('the connection', () => streams.length === 1);
  expect(calls[0]?.headers['Last-Event-ID']).toBeUndefined();
  streams[0]!.push('id: n:7\nevent: notification-cursor\ndata: {"id":"7"}\n\n');
  streams[0]!.push('id: n:8\nevent: notification\ndata: {"id":"8"}\n\n');
  // A job event's id is no notification position.
  streams[0]!.push('id: 5b0c1f3e-0000-4000-8000-000000000000\nevent: job\ndata: {"id":"j"}\n\n');
  await waitFor('both events', () => notices.length === 1 && jobs.length === 1);
  streams[0]!.end();
  await waitFor('the reconnection', () => calls.length === 2, 4000);
  expect(calls[1]?.headers['Last-Event-ID']).toBe('n:8');
  // The server replays 8 again (it raced the drop) and 9, which arrived meanwhile.
  streams[1]!.push('id: n:8\nevent: notification\ndata: {"id":"8"}\n\nid: n:9\nevent: notification\ndata: {"id":"9"}\n\n');
  // Both arrive in one chunk and are delivered as it is read: a duplicate would be here already.
  await waitFor('the missed notification', () => notices.length >= 2);
  expect(notices).toEqual([{ id: '8' }, { id: '9' }]);
});
