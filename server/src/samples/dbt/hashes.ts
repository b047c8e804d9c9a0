/** The hashes dbt puts in artifacts: sha256 file checksums, md5 for ids and long test names. */
import { createHash } from 'node:crypto';

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export function sha256(text: string): { name: 'sha256'; checksum: string } {
  return { name: 'sha256', checksum: createHash('sha256').update(text).digest('hex') };
}
