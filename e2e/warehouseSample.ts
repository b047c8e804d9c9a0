// Direct SQL on the sample warehouse the portal under test generated, so the browser tests
// can compare what the pages show with the data itself. The portal keeps its DuckDB file
// open, so the test reads a copy.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

export interface SampleReader {
  rows(sql: string, params?: (string | number)[]): Promise<Record<string, unknown>[]>;
  close(): void;
}

export async function openSampleCopy(dataDir: string, organisation: string): Promise<SampleReader> {
  const source = path.join(dataDir, 'warehouse', `${organisation}.duckdb`);
  if (!existsSync(source)) throw new Error(`no sample warehouse at ${source}: open a warehouse page first`);
  const dir = mkdtempSync(path.join(tmpdir(), 'dw-e2e-sample-'));
  const copy = path.join(dir, `${organisation}.duckdb`);
  copyFileSync(source, copy);
  if (existsSync(`${source}.wal`)) copyFileSync(`${source}.wal`, `${copy}.wal`);
  const instance = await DuckDBInstance.create(copy, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  return {
    async rows(sql, params = []) {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJson() as Record<string, unknown>[];
    },
    close() {
      connection.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
