import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateKeys } from '../../../server/identity/keys';
import type { LogLevel } from '../../../server/identity/log';

jest.setTimeout(30_000);

interface Line {
  level: LogLevel;
  msg: string;
  fields?: Record<string, unknown>;
}

let dataDir: string;
let lines: Line[];
const log = (level: LogLevel, msg: string, fields?: Record<string, unknown>) => {
  lines.push({ level, msg, fields });
};
const loud = () => lines.filter((line) => line.level !== 'info');

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dw-identity-keys-'));
  lines = [];
});

afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('signing keys', () => {
  it('are generated quietly (info) in a fresh data directory, and kept on the next start', async () => {
    const first = await loadOrCreateKeys(dataDir, log);
    expect(loud()).toEqual([]);
    expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining('fresh identity data directory')]);

    lines = [];
    const second = await loadOrCreateKeys(dataDir, log);
    expect(second.jwks.keys[0]?.kid).toBe(first.jwks.keys[0]?.kid);
    expect(lines).toEqual([]);
  });

  it('are regenerated loudly when the key file is missing while the other identity files exist', async () => {
    const first = await loadOrCreateKeys(dataDir, log);
    await fs.writeFile(path.join(dataDir, 'accounts.json'), '{"version":1,"accounts":[]}');
    await fs.rm(path.join(dataDir, 'jwks.json'));

    lines = [];
    const second = await loadOrCreateKeys(dataDir, log);
    expect(second.jwks.keys[0]?.kid).not.toBe(first.jwks.keys[0]?.kid);
    const warnings = loud();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe('warn');
    expect(warnings[0]?.msg).toContain(`signing key file ${path.join(dataDir, 'jwks.json')} was missing`);
    expect(warnings[0]?.msg).toContain('generated a new signing key');
    expect(warnings[0]?.msg).toContain('every access and id token signed by the old key is now refused');
    expect(lines.some((line) => line.msg.includes('fresh'))).toBe(false);
  });

  it('say so when the secrets file is lost: sessions and refresh tokens end', async () => {
    await loadOrCreateKeys(dataDir, log);
    await fs.rm(path.join(dataDir, 'secrets.json'));
    lines = [];
    await loadOrCreateKeys(dataDir, log);
    expect(loud()).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringContaining(`secrets file ${path.join(dataDir, 'secrets.json')} was missing`),
      }),
    ]);
  });
});
