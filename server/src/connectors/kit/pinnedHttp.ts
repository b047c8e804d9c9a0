// One HTTP(S) GET the way every shipped connector makes it: the host is resolved once through the
// network policy and the connection goes to the address that was checked (`pinnedLookup`), so a
// DNS answer that changes between a check and the connection (rebinding) cannot lead a connector
// to the portal's own network. TLS still verifies the certificate against the host name. The
// caller follows redirects itself, and each hop is checked the same way.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { pinnedLookup, resolveReachable } from './networkPolicy.js';

export interface PinnedResponse {
  status: number;
  statusText: string;
  /** A response header, or null. */
  header(name: string): string | null;
  /** The body as text (at most `limitBytes`, default 10 MB). */
  text(limitBytes?: number): Promise<string>;
  /** The body as a stream, for large files. */
  body: Readable;
}

export async function pinnedGet(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<PinnedResponse> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} URLs are not read; give an http(s) URL.`);
  // An address written as such never goes through a lookup: it is checked here.
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) await resolveReachable(bare);
  const request = url.protocol === 'https:' ? https.request : http.request;
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, { method: 'GET', headers, signal, lookup: pinnedLookup, agent: false }, resolve);
    outgoing.on('error', reject);
    outgoing.end();
  });
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
    async text(limitBytes = 10 * 1024 * 1024) {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response) {
        size += (chunk as Buffer).length;
        if (size > limitBytes) {
          response.destroy();
          throw new Error(`the answer is larger than ${Math.round(limitBytes / 1024 / 1024)} MB`);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks).toString('utf8');
    },
    body: response,
  };
}
