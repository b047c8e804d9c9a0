// One line per request, at a level by outcome: successes at debug, refusals at info.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { redactedUrl, RequestLog } from '../../../server/src/platform/http/requestLog';

async function logsOf(level: string): Promise<Array<Record<string, unknown>>> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/refused', async (_request, reply) => reply.code(403).send({ error: 'forbidden' }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${base}/ok`);
  await fetch(`${base}/refused`);
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === 'request');
}

test('at info, only refused or failed requests are logged, one line each', async () => {
  const entries = await logsOf('info');
  expect(entries).toEqual([expect.objectContaining({ method: 'GET', url: '/refused', status: 403, level: 30 })]);
});

test('at debug, every request is logged once', async () => {
  const entries = await logsOf('debug');
  expect(entries.map((entry) => [entry.url, entry.status])).toEqual([
    ['/ok', 200],
    ['/refused', 403],
  ]);
});

test('credential-like query values never reach the log, whatever the status', () => {
  expect(redactedUrl('/api/data/v1/orders?api_key=dw_live_abc_secret&country=DE')).toBe(
    '/api/data/v1/orders?api_key=[redacted]&country=DE',
  );
  expect(redactedUrl('/x?key=1&token=2&access_token=3&code=4&client_secret=5&X-Api-Key=6&refresh_token=7')).toBe(
    '/x?key=[redacted]&token=[redacted]&access_token=[redacted]&code=[redacted]&client_secret=[redacted]&X-Api-Key=[redacted]&refresh_token=[redacted]',
  );
  // Encoded names are judged decoded; other parameters and the path are kept as sent.
  expect(redactedUrl('/x?api%5Fkey=s3cret&q=token')).toBe('/x?api%5Fkey=[redacted]&q=token');
  expect(redactedUrl('/api/catalog/search?q=keys')).toBe('/api/catalog/search?q=keys');
  expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
});

test('a refused request with a key in its URL is logged without the key', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLog() });
  app.get('/data', async (_request, reply) => reply.code(401).send({ error: 'invalid_key' }));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await fetch(`${base}/data?api_key=dw_live_70c18b5189_SECRETPART&key=SECOND`);
  await app.close();
  const log = lines.join('');
  expect(log).toContain('api_key=[redacted]');
  expect(log).not.toContain('SECRETPART');
  expect(log).not.toContain('SECOND');
});
