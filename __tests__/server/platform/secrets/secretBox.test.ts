import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadSecretKey, SecretDecryptionError, secretBox, SecretKeyError } from '../../../../server/src/platform/secrets/secretBox';

const box = secretBox(randomBytes(32));

it('opens what it sealed, for the same purpose only', () => {
  const sealed = box.seal('pa55word', 'source:1');
  expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
  expect(sealed).not.toContain('pa55word');
  expect(box.open(sealed, 'source:1')).toBe('pa55word');
  expect(() => box.open(sealed, 'source:2')).toThrow(SecretDecryptionError);
  expect(box.seal('pa55word', 'source:1')).not.toBe(sealed);
});

it("refuses an altered value and another key's value", () => {
  const sealed = box.seal('pa55word', 'p');
  const [version, nonce, body = ''] = sealed.split('.');
  // The second-to-last character changes for sure (the last one may carry only padding bits).
  const altered = `${version}.${nonce}.${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.slice(-1)}`;
  expect(() => box.open(altered, 'p')).toThrow(SecretDecryptionError);
  expect(() => secretBox(randomBytes(32)).open(sealed, 'p')).toThrow(SecretDecryptionError);
  expect(() => box.open('not sealed', 'p')).toThrow(SecretDecryptionError);
});

describe('the key', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'secret-key-'));
  });
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  it('is made once in the data directory, owner-only, and read back', async () => {
    const first = await loadSecretKey({ settingValue: undefined, dataDir: dir });
    const stat = await fs.stat(path.join(dir, 'secrets.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    await expect(loadSecretKey({ settingValue: undefined, dataDir: dir })).resolves.toEqual(first);
    const [a, b] = await Promise.all([
      loadSecretKey({ settingValue: undefined, dataDir: path.join(dir, 'race') }),
      loadSecretKey({ settingValue: undefined, dataDir: path.join(dir, 'race') }),
    ]);
    expect(a).toEqual(b);
  });

  it('comes from the setting when set, which must be 32 bytes', async () => {
    const key = randomBytes(32);
    await expect(loadSecretKey({ settingValue: key.toString('base64'), dataDir: dir })).resolves.toEqual(key);
    await expect(loadSecretKey({ settingValue: 'c2hvcnQ=', dataDir: dir })).rejects.toThrow(
      new SecretKeyError('SECRETS_KEY must be 32 bytes in base64 (for example from `openssl rand -base64 32`); it decodes to 5 bytes.'),
    );
  });
});
