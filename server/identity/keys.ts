/**
 * Signing keys and secrets of the dev identity server, created on first start and kept under
 * the data directory so that a restart keeps tokens and cookies valid.
 */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readJsonFile, writeJsonAtomic } from './fileStore.js';
import type { Logger } from './log.js';

export interface SigningJwk extends JsonWebKey {
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

export interface IdentityKeys {
  /** Private JWKS handed to oidc-provider. */
  jwks: { keys: SigningJwk[] };
  /** Public keys by kid, for verifying our own access tokens. */
  publicKeys: Map<string, KeyObject>;
  /** Keys signing oidc-provider's cookies (newest first). */
  cookieKeys: string[];
  /** HMAC key of the JWT envelope around refresh tokens. */
  refreshTokenKey: Buffer;
  /** HMAC key for one-off values of the login pages. */
  pageKey: Buffer;
}

interface Secrets {
  cookieKeys: string[];
  refreshTokenKey: string;
  pageKey: string;
}

function generateRsaJwk(): Promise<SigningJwk> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _publicKey, privateKey) => {
      if (err) {
        reject(err);
        return;
      }
      const jwk = privateKey.export({ format: 'jwk' });
      resolve({ ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' });
    });
  });
}

function isSecrets(value: unknown): value is Secrets {
  const secrets = value as Partial<Secrets> | undefined;
  return (
    !!secrets &&
    Array.isArray(secrets.cookieKeys) &&
    secrets.cookieKeys.length > 0 &&
    typeof secrets.refreshTokenKey === 'string' &&
    typeof secrets.pageKey === 'string'
  );
}

/** Files whose presence shows the data directory has been used before. */
const STATE_FILES = ['jwks.json', 'secrets.json', 'accounts.json', 'oidc-store.json'];

export async function loadOrCreateKeys(dataDir: string, log: Logger): Promise<IdentityKeys> {
  const jwksFile = path.join(dataDir, 'jwks.json');
  const secretsFile = path.join(dataDir, 'secrets.json');
  const usedBefore = STATE_FILES.filter((file) => existsSync(path.join(dataDir, file)));
  const fresh = usedBefore.length === 0;
  if (fresh) log('info', 'fresh identity data directory: generating the signing key and secrets', { dataDir });

  let jwks = (await readJsonFile(jwksFile)) as { keys?: SigningJwk[] } | undefined;
  if (!jwks || !Array.isArray(jwks.keys) || jwks.keys.length === 0) {
    const problem = jwks ? 'holds no key' : 'was missing';
    jwks = { keys: [await generateRsaJwk()] };
    await writeJsonAtomic(jwksFile, jwks);
    // Losing the key silently would look like random sign-outs: say what happened and why.
    if (!fresh) {
      log(
        'warn',
        `signing key file ${jwksFile} ${problem} while other identity files exist (${usedBefore.join(', ')}): generated a new signing key; every access and id token signed by the old key is now refused, so signed-in users must sign in again`,
        {
          file: jwksFile,
          kid: jwks.keys?.[0]?.kid,
        },
      );
    }
  }
  const keys = jwks.keys ?? [];

  let secrets = await readJsonFile(secretsFile);
  if (!isSecrets(secrets)) {
    if (!fresh) {
      log(
        'warn',
        `secrets file ${secretsFile} ${secrets === undefined ? 'was missing' : 'is incomplete'} while other identity files exist: generated new cookie and refresh-token keys; every sign-in session and refresh token issued before is now refused`,
        {
          file: secretsFile,
        },
      );
    }
    secrets = {
      cookieKeys: [randomBytes(32).toString('base64url')],
      refreshTokenKey: randomBytes(32).toString('base64url'),
      pageKey: randomBytes(32).toString('base64url'),
    } satisfies Secrets;
    await writeJsonAtomic(secretsFile, secrets);
  }
  const valid = secrets as Secrets;

  const publicKeys = new Map<string, KeyObject>();
  for (const jwk of keys) {
    publicKeys.set(jwk.kid, createPublicKey(createPrivateKey({ key: jwk, format: 'jwk' })));
  }

  return {
    jwks: { keys },
    publicKeys,
    cookieKeys: valid.cookieKeys,
    refreshTokenKey: Buffer.from(valid.refreshTokenKey, 'base64url'),
    pageKey: Buffer.from(valid.pageKey, 'base64url'),
  };
}
