// Where alert webhooks may go. A webhook is a request the portal's server makes to an address a
// user typed, so it must not reach what only the server can reach (its own loopback, the private
// network, cloud metadata at 169.254.169.254). The rule, from the catalog settings:
// - with no allowed hosts listed, any host whose every address is public (unicast) is allowed;
// - with a list, only the hosts on it (exact names, or `*.example.com` for its subdomains), and a
//   host that is listed by name may be private: an admin who lists `hooks.internal` means it.
// The check runs when a rule is saved (clear 400) and again at each delivery, on the address the
// connection actually uses, so a name that later resolves elsewhere is refused too.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';

export interface WebhookPolicy {
  /** Empty: any public host. */
  allowedHosts: readonly string[];
}

export function hostAllowedByList(host: string, allowedHosts: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowedHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed.startsWith('*.') ? name.endsWith(allowed.slice(1)) && name.length > allowed.length - 1 : name === allowed;
  });
}

/** Whether an IP address is a public unicast one (not loopback, private, link-local, reserved …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Why a webhook URL is not allowed, or null when it is (before any address is looked up). */
export function refusalOfUrl(url: URL, policy: WebhookPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'A webhook address must start with http:// or https://.';
  if (url.username || url.password)
    return 'A webhook address must not carry a user name or password; put a secret in its path or query instead.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (policy.allowedHosts.length > 0) {
    return hostAllowedByList(host, policy.allowedHosts)
      ? null
      : `The catalog settings allow webhooks only to ${policy.allowedHosts.join(', ')}; ${host} is not one of them.`;
  }
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    return `${host} is not a public address; the catalog settings allow webhooks only to public hosts unless a host is listed.`;
  if (host === 'localhost' || host.endsWith('.localhost'))
    return `${host} is not a public address; the catalog settings allow webhooks only to public hosts unless a host is listed.`;
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses, at connection time, addresses the policy forbids:
 * without a list, every resolved address must be public; a listed host may resolve anywhere.
 */
export function guardedLookup(policy: WebhookPolicy, host: string) {
  const listed = policy.allowedHosts.length > 0 && hostAllowedByList(host, policy.allowedHosts);
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const forbidden = listed ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
      if (forbidden) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${forbidden.address}, which is not a public address.`);
        refusal.code = 'EWEBHOOKADDRESS';
        return callback(refusal, []);
      }
      const wantsAll = (options as { all?: boolean }).all === true;
      if (wantsAll) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), []);
      return callback(null, first.address, first.family);
    });
  };
}
