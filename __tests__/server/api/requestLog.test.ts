// One line per request, at a level by outcome: successes at debug, refusals at info.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { RequestLog } from '../../../server/src/platform/http/requestLog';

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
