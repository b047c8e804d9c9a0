// Every RTK Query endpoint of the browser's API files is injected into one shared api, where a
// second endpoint of the same name is silently dropped (the first one's hook answers for both,
// with the other area's data). So each name appears once across src/api.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '../../src/api');

it('no two API files inject an endpoint of the same name', () => {
  const where = new Map<string, string[]>();
  for (const file of readdirSync(API_DIR).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(path.join(API_DIR, file), 'utf8');
    for (const match of source.matchAll(/^\s+(\w+): build\.(?:query|mutation)[<(]/gm)) {
      const name = match[1] as string;
      where.set(name, [...(where.get(name) ?? []), file]);
    }
  }
  expect(where.size).toBeGreaterThan(50);
  expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
});
