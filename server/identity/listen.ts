/**
 * Puts the identity server on its interface. `localhost` gets a listener on each of its
 * loopback addresses (as Fastify does for the portal), because browsers and Node's fetch may
 * reach `localhost` over IPv6 or IPv4; any other host is listened on as given.
 */
import { lookup } from 'node:dns/promises';
import type { Server } from 'node:http';

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function addressesOf(host: string): Promise<string[]> {
  if (host !== 'localhost') return [host];
  const found = await lookup('localhost', { all: true });
  const addresses = [...new Set(found.map((entry) => entry.address))];
  return addresses.length > 0 ? addresses : ['127.0.0.1'];
}

/** Listens with one server per address; answers the servers and the port they share. */
export async function listenOnHost(createServer: () => Server, host: string, port: number): Promise<{ servers: Server[]; port: number }> {
  const [first, ...others] = await addressesOf(host);
  const main = createServer();
  await listen(main, port, first ?? host);
  const address = main.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const servers = [main];
  for (const other of others) {
    const server = createServer();
    try {
      await listen(server, boundPort, other);
      servers.push(server);
    } catch (err) {
      // A machine without IPv6 (or without IPv4) still serves on the address it has.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRNOTAVAIL' && code !== 'EAFNOSUPPORT') {
        await Promise.all(servers.map((running) => new Promise((resolve) => running.close(resolve))));
        throw err;
      }
    }
  }
  return { servers, port: boundPort };
}
