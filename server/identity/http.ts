/** Small node:http helpers for the dev identity server's own endpoints. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pageCsp } from './pages.js';

export const BODY_LIMIT = 56 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new BodyTooLarge('request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks, size);
}

export function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (!isForm(req)) return new URLSearchParams();
  return new URLSearchParams((await readBody(req)).toString('utf8'));
}

/** A stand-in request that replays `body` and otherwise looks like `req` to Koa and oidc-provider. */
export function replayRequest(req: IncomingMessage, body: Buffer, url?: string): IncomingMessage {
  const clone = Readable.from([body], { objectMode: false }) as unknown as IncomingMessage;
  const headers = { ...req.headers, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  Object.assign(clone, {
    headers,
    rawHeaders: req.rawHeaders,
    method: req.method,
    url: url ?? req.url,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    socket: req.socket,
    connection: req.socket,
  });
  return clone;
}

const SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  Pragma: 'no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  options: { csp?: string; headers?: Record<string, string> } = {},
): void {
  const body = Buffer.from(html, 'utf8');
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': String(body.length),
    'Content-Security-Policy': options.csp ?? pageCsp(),
    ...options.headers,
  });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(body.length),
    ...headers,
  });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string, status = 303, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, Location: location, 'Content-Length': '0', ...headers });
  res.end();
}
