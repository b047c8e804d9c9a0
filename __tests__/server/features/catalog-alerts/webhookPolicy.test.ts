// Where alert webhooks may go: public hosts by default, only listed ones with a list, and the
// same rule again on the address a connection resolves to.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  guardedLookup,
  hostAllowedByList,
  isPublicAddress,
  refusalOfUrl,
} from '../../../../server/src/features/catalog-alerts/webhookPolicy';
import { postWebhook, WebhookError } from '../../../../server/src/features/catalog-alerts/webhookSender';

const anyPublic = { allowedHosts: [] };

test('addresses inside the network, loopback and cloud metadata are not public', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.9',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '100.64.0.1',
  ]) {
    expect([address, isPublicAddress(address)]).toEqual([address, false]);
  }
  for (const address of ['8.8.8.8', '52.95.110.1', '2606:4700:4700::1111'])
    expect([address, isPublicAddress(address)]).toEqual([address, true]);
  expect(isPublicAddress('not an address')).toBe(false);
});

test('a URL is refused for its scheme, its credentials, a private literal or localhost, or a host not on the list', () => {
  expect(refusalOfUrl(new URL('https://hooks.slack.com/services/T/B/x'), anyPublic)).toBeNull();
  expect(refusalOfUrl(new URL('ftp://example.com/x'), anyPublic)).toMatch(/http:\/\/ or https:\/\//);
  expect(refusalOfUrl(new URL('https://user:secret@example.com/x'), anyPublic)).toMatch(/user name or password/);
  expect(refusalOfUrl(new URL('http://169.254.169.254/latest/meta-data'), anyPublic)).toMatch(/169\.254\.169\.254 is not a public address/);
  expect(refusalOfUrl(new URL('http://[::1]:8080/x'), anyPublic)).toMatch(/::1 is not a public address/);
  expect(refusalOfUrl(new URL('http://localhost:3000/x'), anyPublic)).toMatch(/localhost is not a public address/);
  const listed = { allowedHosts: ['hooks.internal', '*.example.com'] };
  expect(refusalOfUrl(new URL('http://hooks.internal/x'), listed)).toBeNull();
  expect(refusalOfUrl(new URL('https://a.b.example.com/x'), listed)).toBeNull();
  expect(refusalOfUrl(new URL('https://example.com/x'), listed)).toMatch(/example\.com is not one of them/);
  expect(refusalOfUrl(new URL('https://evilexample.com/x'), listed)).toMatch(/not one of them/);
  expect(hostAllowedByList('HOOKS.internal', listed.allowedHosts)).toBe(true);
});

describe('at connection time', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // Answers the status its path ends with (/x/500), 204 otherwise.
    server = http.createServer((request, response) => response.writeHead(Number((request.url ?? '').split('/').pop()) || 204).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('the lookup a webhook connects through refuses a name that resolves inside the network, unless the host is listed', async () => {
    // The URL check cannot see where a name leads; this runs when the connection is made.
    const lookup = (policy: { allowedHosts: string[] }) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup(policy, 'localhost')('localhost', {}, (error, address) => resolve({ error, address })),
      );
    const refused = await lookup({ allowedHosts: [] });
    expect(refused.error?.code).toBe('EWEBHOOKADDRESS');
    expect(refused.error?.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
    const listed = await lookup({ allowedHosts: ['localhost'] });
    expect(listed.error).toBeNull();
    expect(listed.address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  test('a listed host inside the network is posted to; an answer outside 2xx is an error worth retrying only for 5xx, 408 and 429', async () => {
    expect(await postWebhook(`http://localhost:${port}/x`, { text: 'hi' }, { allowedHosts: ['localhost'] })).toEqual({ status: 204 });
    const refused = (await postWebhook(`http://localhost:${port}/x`, { text: 'hi' }, anyPublic).catch(
      (error: unknown) => error,
    )) as WebhookError;
    expect(refused).toBeInstanceOf(WebhookError);
    expect(refused.retryable).toBe(false);
    const listed = { allowedHosts: ['localhost'] };
    for (const [status, retryable] of [
      [500, true],
      [503, true],
      [429, true],
      [408, true],
      [404, false],
      [400, false],
      [301, false],
    ] as const) {
      const failed = (await postWebhook(`http://localhost:${port}/x/${status}`, { text: 'hi' }, listed).catch(
        (error: unknown) => error,
      )) as WebhookError;
      expect([status, failed.status, failed.retryable, failed.message]).toEqual([
        status,
        status,
        retryable,
        `The webhook answered ${status}.`,
      ]);
    }
  });
});
