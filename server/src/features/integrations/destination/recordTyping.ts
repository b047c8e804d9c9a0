// Turns a connector's record into what the warehouse stores: each field cast to its column's type
// (a value that does not fit becomes NULL and `_airbyte_meta.changes` says so), plus Airbyte's own
// columns. Snowflake's rows become staged JSON lines, DuckDB's rows values for its appender. Runs
// for every record of every sync, so it keeps to plain loops and reuses text records share.
import { randomUUID } from 'node:crypto';
import type { AirbyteRecordMessage } from '@common/integrations/airbyteProtocol';
import type { TypedRow } from './duckdbAppend.js';
import { castValue, type StreamColumn, type TypecastChange } from './streamColumns.js';

/** A typed value's share of a row's size, for the bytes a sync reports (about what the row takes as text). */
function valueBytes(value: unknown): number {
  if (value === null || value === undefined) return 4;
  return typeof value === 'string' ? value.length + 2 : typeof value === 'object' ? JSON.stringify(value).length : 8;
}

export class RecordTyping {
  private lastEmittedAt = Number.NaN;
  private lastEmittedText = '';
  /** `_airbyte_meta` of a record without changes. */
  private plainMeta: string | null = null;
  /** The size of the last row `row` typed, for the bytes a sync reports (kept here so typing a row allocates nothing more). */
  rowBytes = 0;

  constructor(private readonly generationId: number) {}

  /** The record as one newline-terminated JSON line of a staged file (Snowflake). */
  line(columns: readonly StreamColumn[], record: AirbyteRecordMessage): string {
    const changes: unknown[] = [...(record.meta?.changes ?? [])];
    const line: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const value = castValue(record.data[column.property], column.type);
      if (value === undefined)
        changes.push({ field: column.property, change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' } satisfies TypecastChange);
      line[`c${index}`] = value === undefined ? null : value;
    });
    line._raw_id = randomUUID();
    line._extracted_at = this.extractedAt(record);
    line._meta = { changes, sync_id: this.generationId };
    return `${JSON.stringify(line)}\n`;
  }

  /** The record as a row for the appender (DuckDB); its size is left in `rowBytes`. */
  row(columns: readonly StreamColumn[], record: AirbyteRecordMessage): TypedRow {
    let changes: unknown[] | null = record.meta?.changes?.length ? [...record.meta.changes] : null;
    const values: unknown[] = new Array(columns.length);
    let bytes = 0;
    for (let index = 0; index < columns.length; index += 1) {
      const column = columns[index] as StreamColumn;
      const value = castValue(record.data[column.property], column.type);
      if (value === undefined)
        (changes ??= []).push({ field: column.property, change: 'NULLED', reason: 'DESTINATION_TYPECAST_ERROR' } satisfies TypecastChange);
      values[index] = value === undefined ? null : value;
      bytes += valueBytes(values[index]);
    }
    const extractedAt = this.extractedAt(record);
    // Most records have no changes: their meta is the same text.
    const meta = changes
      ? JSON.stringify({ changes, sync_id: this.generationId })
      : (this.plainMeta ??= JSON.stringify({ changes: [], sync_id: this.generationId }));
    const rawId = randomUUID();
    this.rowBytes = bytes + rawId.length + extractedAt.length + 2 + meta.length;
    return { values, rawId, extractedAt, meta };
  }

  /** `_airbyte_extracted_at` as ISO text. Sources stamp many records with the same millisecond: its text is made once. */
  private extractedAt(record: AirbyteRecordMessage): string {
    if (record.emitted_at !== this.lastEmittedAt) {
      this.lastEmittedAt = record.emitted_at;
      this.lastEmittedText = new Date(record.emitted_at).toISOString();
    }
    return this.lastEmittedText;
  }
}
