/** Minimal compact-JWS helpers (HS256 sign/verify, RS256 verify) on node:crypto. */
import { createHmac, timingSafeEqual, verify as verifySignature, type KeyObject } from 'node:crypto';

export type Claims = Record<string, unknown>;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decodeJson(part: string): Claims | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Claims) : undefined;
  } catch {
    return undefined;
  }
}

export interface DecodedJwt {
  header: Claims;
  payload: Claims;
  signingInput: string;
  signature: Buffer;
}

export function decodeJwt(token: string): DecodedJwt | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  const payload = decodeJson(p);
  if (!header || !payload || !/^[A-Za-z0-9_-]+$/.test(s)) return undefined;
  return { header, payload, signingInput: `${h}.${p}`, signature: Buffer.from(s, 'base64url') };
}

export function signHs256(payload: Claims, key: Buffer, typ = 'JWT'): string {
  const signingInput = `${encodeJson({ alg: 'HS256', typ })}.${encodeJson(payload)}`;
  const signature = createHmac('sha256', key).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

/** Verifies an HS256 token; answers its payload or undefined (never throws). */
export function verifyHs256(token: string, key: Buffer): Claims | undefined {
  const decoded = decodeJwt(token);
  if (!decoded || decoded.header.alg !== 'HS256') return undefined;
  const expected = createHmac('sha256', key).update(decoded.signingInput).digest();
  if (expected.length !== decoded.signature.length || !timingSafeEqual(expected, decoded.signature)) return undefined;
  return decoded.payload;
}

/** Verifies an RS256 token against keys by kid; answers its payload or undefined (never throws). */
export function verifyRs256(token: string, keys: Map<string, KeyObject>): Claims | undefined {
  const decoded = decodeJwt(token);
  if (!decoded || decoded.header.alg !== 'RS256' || typeof decoded.header.kid !== 'string') return undefined;
  const key = keys.get(decoded.header.kid);
  if (!key) return undefined;
  try {
    return verifySignature('sha256', Buffer.from(decoded.signingInput), key, decoded.signature) ? decoded.payload : undefined;
  } catch {
    return undefined;
  }
}
