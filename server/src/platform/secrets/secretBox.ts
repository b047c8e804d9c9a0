/**
 * Encryption at rest for secrets the portal must be able to read back (connector passwords and
 * API tokens, webhook signing secrets): AES-256-GCM with a random 96-bit nonce per value, the
 * purpose bound in as associated data so a value cannot be moved to another field or row.
 *
 * The key comes from the settings (SECRETS_KEY, 32 bytes in base64) or, when unset, from a key
 * file under the data directory, created with owner-only permissions on first use. Losing the key
 * loses the secrets (connections then ask for them again); it is never logged.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DomainError } from '../errors/domainError.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

export class SecretDecryptionError extends DomainError {
  constructor() {
    super('A stored secret could not be decrypted: it was written with another key or altered. Enter it again.', {
      status: 409,
      code: 'secret_unreadable',
    });
    this.name = 'SecretDecryptionError';
  }
}

export interface SecretBox {
  /** `v1.<nonce>.<ciphertext+tag>` (base64url), bound to `purpose` (e.g. `source:<id>`). */
  seal(plaintext: string, purpose: string): string;
  open(sealed: string, purpose: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new SecretKeyError(`The secrets key must be ${KEY_BYTES} bytes; it is ${key.length}.`);
  return {
    seal(plaintext, purpose) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${nonce.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, purpose) {
      const [version, nonceText, bodyText] = sealed.split('.');
      if (version !== VERSION || !nonceText || !bodyText) throw new SecretDecryptionError();
      const nonce = Buffer.from(nonceText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (nonce.length !== NONCE_BYTES || body.length < 16) throw new SecretDecryptionError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce);
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - 16));
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptionError();
      }
    },
  };
}

/** The key from SECRETS_KEY, else from `<dataDir>/secrets.key` (made on first use, mode 0600). */
export async function loadSecretKey(options: { settingValue: string | undefined; dataDir: string }): Promise<Buffer> {
  const fromSetting = options.settingValue?.trim();
  if (fromSetting) {
    const key = Buffer.from(fromSetting, 'base64');
    if (key.length !== KEY_BYTES)
      throw new SecretKeyError(
        `SECRETS_KEY must be ${KEY_BYTES} bytes in base64 (for example from \`openssl rand -base64 32\`); it decodes to ${key.length} bytes.`,
      );
    return key;
  }
  const file = path.join(options.dataDir, 'secrets.key');
  try {
    const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== KEY_BYTES)
      throw new SecretKeyError(`${file} does not hold a ${KEY_BYTES}-byte key in base64; restore it from a backup or set SECRETS_KEY.`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': two instances starting together cannot both write a key; the second reads the first's.
    await fs.writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadSecretKey(options);
  }
}
