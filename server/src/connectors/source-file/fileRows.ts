// The rows of a CSV (header row, streamed through csv-parse) or JSON lines file, one object at a
// time, and the stream's fields inferred from the first rows. CSV cells are text: a column whose
// sampled cells are all whole numbers, numbers or true/false is typed so, an empty cell is null.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { ConfigError } from '../kit/connectorKit.js';
import type { FileSourceConfig } from './fileSpec.js';

/** Rows read to infer the fields. */
export const SAMPLE_ROWS = 1000;

export async function* fileRows(input: Readable, config: FileSourceConfig): AsyncGenerator<Record<string, unknown>> {
  if (config.format === 'csv') {
    const parser = input.pipe(
      parse({ columns: true, delimiter: config.delimiter ?? ',', bom: true, skip_empty_lines: true, relax_column_count: false }),
    );
    try {
      for await (const row of parser as AsyncIterable<Record<string, string>>) {
        yield Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === '' ? null : value]));
      }
    } catch (error) {
      throw new ConfigError(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      input.destroy();
    }
    return;
  }
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      if (!line.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new ConfigError(`Line ${number} of the file is not JSON.`);
      }
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new ConfigError(`Line ${number} of the file is not a JSON object.`);
      yield value as Record<string, unknown>;
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

type Kind = 'integer' | 'number' | 'boolean' | 'string' | 'object' | 'array';

function kindOf(value: unknown, csv: boolean): Kind | null {
  if (value === null || value === undefined) return null;
  if (csv && typeof value === 'string') {
    if (/^-?\d{1,15}$/.test(value)) return 'integer';
    if (/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value)) return 'number';
    if (value === 'true' || value === 'false') return 'boolean';
    return 'string';
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return 'string';
}

/** JSON schema properties from sampled rows: one type per field, widened (integer → number → string) when rows disagree. */
export function inferProperties(rows: ReadonlyArray<Record<string, unknown>>, csv: boolean): Record<string, unknown> {
  const kinds = new Map<string, Kind | null>();
  for (const row of rows) {
    for (const [field, value] of Object.entries(row)) {
      const kind = kindOf(value, csv);
      const seen = kinds.get(field);
      if (seen === undefined || seen === null) kinds.set(field, kind);
      else if (kind !== null && kind !== seen)
        kinds.set(field, (seen === 'integer' || seen === 'number') && (kind === 'integer' || kind === 'number') ? 'number' : 'string');
    }
  }
  return Object.fromEntries([...kinds].map(([field, kind]) => [field, { type: ['null', kind ?? 'string'] }]));
}
