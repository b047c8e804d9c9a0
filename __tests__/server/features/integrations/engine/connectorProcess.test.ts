// The connector runner against small real connector programs (node scripts written per test):
// files in, protocol out, and every way a connector can misbehave.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AirbyteMessage } from '@common/integrations/airbyteProtocol';
import { CONNECTOR_PREAMBLE } from '../connectorProgram';
import {
  ConnectorFailure,
  maskSecrets,
  runConnector,
  type ConnectorLogLine,
  type ConnectorRun,
} from '../../../../../server/src/features/integrations/engine/connectorProcess';
import { waitFor } from '../../../helpers/waitFor';

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'connector-test-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A connector program: `body` runs with `operation`, `argv`, `flag(name)`, `emit(message)` and `exit(code)` in scope (connectorProgram.ts). */
async function connector(name: string, body: string) {
  const file = path.join(dir, `${name}.cjs`);
  await fs.writeFile(file, `${CONNECTOR_PREAMBLE}${body}`);
  return { command: process.execPath, args: [file], runtime: 'node' as const };
}

async function run(command: Awaited<ReturnType<typeof connector>>, options: Partial<ConnectorRun> = {}) {
  const messages: AirbyteMessage[] = [];
  const logs: ConnectorLogLine[] = [];
  const outcome = await runConnector(command, {
    operation: 'spec',
    timeoutMs: 10_000,
    memoryLimitMb: 256,
    onMessage: (message) => {
      messages.push(message);
    },
    onLog: (line) => logs.push(line),
    ...options,
  }).then(
    () => null,
    (error: unknown) => error,
  );
  return { messages, logs, error: outcome as ConnectorFailure | null };
}

it('passes the operation and hands config, catalog and state over as files it removes afterwards', async () => {
  const echo = await connector(
    'echo',
    `const read = (name) => JSON.parse(fs.readFileSync(flag(name), 'utf8'));
emit({ type: 'LOG', log: { level: 'INFO', message: JSON.stringify({ operation, config: read('--config'), catalog: read('--catalog'), state: read('--state'), files: [flag('--config'), flag('--state')] }) } });`,
  );
  const catalog = {
    streams: [
      {
        stream: { name: 'orders', json_schema: {}, supported_sync_modes: ['full_refresh' as const] },
        sync_mode: 'full_refresh' as const,
        destination_sync_mode: 'overwrite' as const,
      },
    ],
  };
  const state = [{ type: 'STREAM' as const, stream: { stream_descriptor: { name: 'orders' }, stream_state: { cursor: '2026-01-01' } } }];
  const { messages, error } = await run(echo, { operation: 'read', config: { host: 'db' }, catalog, state });
  expect(error).toBeNull();
  const seen = JSON.parse(messages[0]?.log?.message ?? '{}') as {
    operation: string;
    config: unknown;
    catalog: unknown;
    state: unknown;
    files: string[];
  };
  expect(seen).toMatchObject({ operation: 'read', config: { host: 'db' }, catalog, state });
  for (const file of seen.files) await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
});

it("gives the connector none of the portal's environment", async () => {
  process.env.DATAWORKS_TEST_SECRET = 'portal-only-value';
  const envCheck = await connector(
    'env',
    `emit({ type: 'LOG', log: { level: 'INFO', message: String(process.env.DATAWORKS_TEST_SECRET) } });`,
  );
  const { messages } = await run(envCheck);
  delete process.env.DATAWORKS_TEST_SECRET;
  expect(messages[0]?.log?.message).toBe('undefined');
});

it('fails with the line number when the connector prints something that is not a protocol message', async () => {
  const garbage = await connector(
    'garbage',
    `emit({ type: 'LOG', log: { level: 'INFO', message: 'fine' } });
process.stdout.write('Traceback (most recent call last):\\n');
setTimeout(() => {}, 5000);`,
  );
  const { error, messages } = await run(garbage);
  expect(error).toBeInstanceOf(ConnectorFailure);
  expect(error).toMatchObject({ reason: 'output' });
  expect(error?.message).toBe('Line 2 of the connector\'s output is not JSON: "Traceback (most recent call last):"');
  expect(messages).toHaveLength(1);
});

it('names the missing field of a message of the wrong shape', async () => {
  const wrong = await connector('wrong', `emit({ type: 'RECORD', stream: 'orders' });`);
  const { error } = await run(wrong);
  expect(error?.message).toMatch(/^Line 1 of the connector's output is not an Airbyte message at record: /);
});

it("explains a crash with the connector's own error trace, or else its last words on stderr", async () => {
  const traced = await connector(
    'traced',
    `emit({ type: 'TRACE', trace: { type: 'ERROR', emitted_at: Date.now(), error: { message: 'Could not connect to db:5432: connection refused', failure_type: 'config_error' } } });
exit(1);`,
  );
  expect((await run(traced)).error).toMatchObject({
    reason: 'crashed',
    exitCode: 1,
    message: 'The connector failed: Could not connect to db:5432: connection refused',
  });
  const silent = await connector('silent', `console.error('fatal: the source answered 500'); process.exit(3);`);
  expect((await run(silent)).error).toMatchObject({
    reason: 'crashed',
    exitCode: 3,
    message: 'The connector failed: fatal: the source answered 500',
  });
});

it('stops a connector that runs past its time-out, with everything it started', async () => {
  const hanging = await connector(
    'hanging',
    `const { spawn } = require('node:child_process');
const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
emit({ type: 'LOG', log: { level: 'INFO', message: String(child.pid) } });
setInterval(() => {}, 1000);`,
  );
  const { error, messages } = await run(hanging, { timeoutMs: 1500 });
  expect(error).toMatchObject({ reason: 'timeout', message: 'The connector did not finish its spec within 2 s and was stopped.' });
  const grandchild = Number(messages[0]?.log?.message);
  // Gone, or a zombie waiting to be reaped (the signal reached the whole group).
  const running = async () => (await fs.readFile(`/proc/${grandchild}/stat`, 'utf8').catch(() => '')).split(' ')[2] ?? '';
  await waitFor('the grandchild to end', async () => ['', 'Z', 'X'].includes(await running()), { timeoutMs: 2_000 }).catch(() => undefined);
  expect(['', 'Z', 'X']).toContain(await running());
});

it('stops when cancelled', async () => {
  const slow = await connector('slow', `emit({ type: 'LOG', log: { level: 'INFO', message: 'started' } }); setInterval(() => {}, 1000);`);
  const cancel = new AbortController();
  const { error } = await run(slow, {
    signal: cancel.signal,
    onMessage: () => cancel.abort(),
  });
  expect(error).toMatchObject({ reason: 'cancelled', message: 'The spec was cancelled.' });
});

it('fails with the memory limit named when the connector exceeds it', async () => {
  const hungry = await connector('hungry', `const hoard = []; for (;;) hoard.push(new Array(100000).fill(Math.random()));`);
  const { error } = await run(hungry, { memoryLimitMb: 48 });
  expect(error).toMatchObject({ reason: 'memory', message: 'The connector ran out of memory (limit 48 MB).' });
});

it("masks the config's secrets in log messages, traces and stderr", async () => {
  const leaky = await connector(
    'leaky',
    `const password = JSON.parse(fs.readFileSync(flag('--config'), 'utf8')).password;
emit({ type: 'LOG', log: { level: 'WARN', message: 'connecting with ' + password } });
console.error('stderr says ' + password);
emit({ type: 'TRACE', trace: { type: 'ERROR', emitted_at: 1, error: { message: 'auth failed for ' + password } } });
exit(1);`,
  );
  const { messages, logs, error } = await run(leaky, { operation: 'check', config: { password: 's3cret-pass' }, secrets: ['s3cret-pass'] });
  const everything = JSON.stringify({ messages, logs, error: error?.message });
  expect(everything).not.toContain('s3cret-pass');
  expect(logs.map((line) => line.message)).toEqual(expect.arrayContaining(['connecting with **********', 'stderr says **********']));
  expect(error?.message).toBe('The connector failed: auth failed for **********');
});

it('masks secrets in every failure text, whatever its origin: a line that is not a protocol message, a crash, a refusal quoting a record', async () => {
  const notProtocol = await connector(
    'not-protocol',
    `const token = JSON.parse(fs.readFileSync(flag('--config'), 'utf8')).token;
emit({ type: 'LOG', log: { level: 'INFO', message: 'starting' } });
process.stdout.write('not a protocol line token=' + token + '\\n');`,
  );
  const quoted = await run(notProtocol, { operation: 'read', config: { token: 'TOPSECRET_TOKEN_42' }, secrets: ['TOPSECRET_TOKEN_42'] });
  expect(quoted.error).toBeInstanceOf(ConnectorFailure);
  expect(quoted.error?.message).toMatch(/is not JSON: "not a protocol line token=\*{10}"/);
  expect(JSON.stringify({ ...quoted, error: quoted.error?.message, stack: quoted.error?.stack })).not.toContain('TOPSECRET_TOKEN_42');

  const crashes = await connector(
    'crashes',
    `const token = JSON.parse(fs.readFileSync(flag('--config'), 'utf8')).token;
process.stderr.write('fatal: could not use ' + token);
exit(3);`,
  );
  const crashed = await run(crashes, { operation: 'check', config: { token: 'TOPSECRET_TOKEN_42' }, secrets: ['TOPSECRET_TOKEN_42'] });
  expect(crashed.error?.message).toBe('The connector failed: fatal: could not use **********');

  const echoes = await connector(
    'echoes',
    `emit({ type: 'RECORD', record: { stream: 's', data: { value: 'TOPSECRET_TOKEN_42' }, emitted_at: 1 } });`,
  );
  const refused = await run(echoes, {
    operation: 'read',
    secrets: ['TOPSECRET_TOKEN_42'],
    onMessage: (message) => {
      throw new Error(`the warehouse refused ${JSON.stringify(message.record?.data)}`);
    },
  });
  expect(refused.error?.message).toBe('the warehouse refused {"value":"**********"}');
});

it('stops the connector and passes on the error when taking a message fails', async () => {
  const chatty = await connector(
    'chatty',
    `let n = 0; const tick = () => { emit({ type: 'RECORD', record: { stream: 's', data: { n: n++ }, emitted_at: 1 } }); setTimeout(tick, 5); }; tick();`,
  );
  const destinationDown = new Error('the warehouse refused the write');
  const { error } = await run(chatty, {
    operation: 'read',
    onMessage: (message) => {
      if ((message.record?.data.n as number) === 3) throw destinationDown;
    },
  });
  expect(error).toBe(destinationDown);
});

it('masks longer secrets first and leaves short values alone', () => {
  expect(maskSecrets('token abcdef and abc', ['abc', 'abcdef'])).toBe('token ********** and abc');
});
