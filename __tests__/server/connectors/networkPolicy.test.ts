// The connectors' network policy: every address form that reaches a private or local address is
// refused, and a connection goes to the very address the policy checked, so a DNS server that
// answers a public address to the check and loopback to the connection (rebinding) reaches nothing.
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isBlocked, resolveReachable, useResolver } from '../../../server/src/connectors/kit/networkPolicy';
import { getJson } from '../../../server/src/connectors/source-declarative-http/httpRequester';
import { openFile } from '../../../server/src/connectors/source-file/fileLocation';
import { lookup } from 'node:dns/promises';

let canary: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  delete process.env.DATAWORKS_CONNECTOR_PRIVATE_NETWORKS;
  canary = http.createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"reached":true}');
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  port = (canary.address() as AddressInfo).port;
});
afterAll(async () => {
  useResolver((host) => lookup(host, { all: true, verbatim: true }));
  await new Promise((resolve) => canary.close(resolve));
});

test.each([
  '127.0.0.1',
  '10.1.2.3',
  '169.254.169.254',
  '100.64.0.1',
  '::1',
  'fe80::1',
  'fc00::1',
  // IPv6 forms that stand for a local IPv4 address: mapped, compatible and NAT64.
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::127.0.0.1',
  '::7f00:1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::169.254.169.254',
  '64:ff9b::a00:1',
])('%s is refused', (address) => {
  expect(isBlocked(address)).toBe(true);
});

test.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '64:ff9b::5db8:d822', '::ffff:93.184.216.34'])(
  '%s is allowed',
  (address) => {
    expect(isBlocked(address)).toBe(false);
  },
);

test('a name with any refused address is refused, naming it', async () => {
  useResolver(async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ]);
  await expect(resolveReachable('mixed.example')).rejects.toThrow(
    'The host mixed.example (10.0.0.7) is a private or local address, which connectors may not reach here.',
  );
});

test('DNS rebinding: the connection goes to the address that was checked, never to what a second lookup answers', async () => {
  // A public address for the first question, loopback for every later one.
  let questions = 0;
  useResolver(async () => {
    questions += 1;
    return [{ address: questions === 1 ? '192.0.2.1' : '127.0.0.1', family: 4 }];
  });
  // 192.0.2.1 (TEST-NET-1) reaches nothing here: the read fails, and the loopback canary is never asked.
  await expect(getJson(new URL(`http://localhost:${port}/data`), { type: 'none' }, 1500)).rejects.toThrow(
    /GET http:\/\/localhost:\d+\/data failed/,
  );
  expect(hits).toBe(0);
  expect(questions).toBe(1);

  questions = 0;
  await expect(
    openFile({ location: `http://localhost:${port}/orders.csv`, format: 'csv', request_timeout_seconds: 1.5 } as Parameters<
      typeof openFile
    >[0]),
  ).rejects.toThrow(/Could not read/);
  expect(hits).toBe(0);

  // Answered loopback from the start: refused before any connection, naming the address.
  useResolver(async () => [{ address: '127.0.0.1', family: 4 }]);
  await expect(getJson(new URL(`http://localhost:${port}/data`), { type: 'none' }, 1500)).rejects.toThrow(
    /\(127\.0\.0\.1\) is a private or local address/,
  );
  await expect(getJson(new URL(`http://127.0.0.1:${port}/data`), { type: 'none' }, 1500)).rejects.toThrow(
    /\(127\.0\.0\.1\) is a private or local address/,
  );
  expect(hits).toBe(0);
});

test('with private networks allowed, the pinned connection reaches the checked address', async () => {
  process.env.DATAWORKS_CONNECTOR_PRIVATE_NETWORKS = 'allow';
  try {
    useResolver(async () => [{ address: '127.0.0.1', family: 4 }]);
    const answer = await getJson(new URL(`http://anything.test:${port}/data`), { type: 'none' }, 1500);
    expect(answer.body).toEqual({ reached: true });
    expect(hits).toBe(1);
  } finally {
    delete process.env.DATAWORKS_CONNECTOR_PRIVATE_NETWORKS;
  }
});
