// Which addresses a connector may reach. A connector configured by a portal user must not become a
// way into the portal's own network (the identity server, the cloud's metadata service, other
// internal services): private, loopback and link-local addresses are refused unless the platform
// allows them (DATAWORKS_CONNECTOR_PRIVATE_NETWORKS=allow, for connectors to a database on the same
// network, and for tests). Names are resolved and every address they resolve to is checked.
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

function isBlocked(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped IPv6 (::ffff:10.0.0.1) is checked as the IPv4 address it is.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    return mapped?.[1] ? blocked.check(mapped[1], 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

/** Throws ConfigError naming the host when it is, or resolves to, an address connectors may not reach. */
export async function assertReachable(host: string): Promise<void> {
  if (privateNetworksAllowed()) return;
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true }).catch(() => [])).map((entry) => entry.address);
  if (!addresses.length) throw new ConfigError(`The host ${host} could not be resolved.`);
  const refused = addresses.find(isBlocked);
  if (refused) throw new ConfigError(`The host ${host} (${refused}) is a private or local address, which connectors may not reach here.`);
}
