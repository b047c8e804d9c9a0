// Which addresses a connector may reach. A connector configured by a portal user must not become a
// way into the portal's own network (the identity server, the cloud's metadata service, other
// internal services): private, loopback and link-local addresses are refused unless the platform
// allows them (DATAWORKS_CONNECTOR_PRIVATE_NETWORKS=allow, for connectors to a database on the same
// network, and for tests). Names are resolved once, every address they resolve to is checked, and
// the connection goes to a checked address: the check and the connection never resolve apart.
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { ConfigError } from './connectorKit.js';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

export const privateNetworksAllowed = (): boolean => process.env.DATAWORKS_CONNECTOR_PRIVATE_NETWORKS === 'allow';

/** The IPv4 address an IPv6 address carries in its last 32 bits, in the forms that reach it. */
function embeddedIpv4(address: string): string | null {
  // Mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48).
  const dotted = /^(?:::ffff:|::|64:ff9b::|64:ff9b:1:(?:[0-9a-f]{0,4}:){0,4}:?)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // An IPv6 address that stands for an IPv4 one is judged as that IPv4 address.
    const ipv4 = embeddedIpv4(address);
    return ipv4 ? blocked.check(ipv4, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

/** How names are resolved; tests hand in their own to play a DNS server that changes its answers. */
export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;
let resolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });
export function useResolver(next: Resolver): void {
  resolver = next;
}

/**
 * Resolves `host` once and checks every address it resolves to; returns the address to connect
 * to. Throws ConfigError naming the host when it is, or resolves to, an address connectors may
 * not reach. Connections must go to the returned address (or through `pinnedLookup`), never
 * resolve the name again: a DNS server may answer differently the second time (rebinding).
 */
export async function resolveReachable(host: string): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  const addresses = literal ? [{ address: bare, family: literal }] : await resolver(bare).catch(() => []);
  if (!addresses.length) throw new ConfigError(`The host ${host} could not be resolved.`);
  if (!privateNetworksAllowed()) {
    const refused = addresses.find((entry) => isBlocked(entry.address));
    if (refused)
      throw new ConfigError(`The host ${host} (${refused.address}) is a private or local address, which connectors may not reach here.`);
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** Throws ConfigError naming the host when it is, or resolves to, an address connectors may not reach. */
export async function assertReachable(host: string): Promise<void> {
  await resolveReachable(host);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * A `lookup` for node:net, node:http and node:tls: every connection a connector opens resolves
 * its host through the policy, once, and connects to the address that was checked.
 */
export function pinnedLookup(host: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void {
  resolveReachable(host).then(
    ({ address, family }) => {
      if (typeof options === 'object' && options?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    },
    (error: Error) => callback(Object.assign(error, { code: 'ECONNREFUSED' }) as NodeJS.ErrnoException, ''),
  );
}
