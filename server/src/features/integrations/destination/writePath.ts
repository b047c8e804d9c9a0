// What the checkpointed writer (checkpointWriter.ts) asks of its write path, the part that differs
// between warehouses: Snowflake's staged files (stagedWriter.ts) or DuckDB's appender
// (appendWriter.ts). The writer finds each record's stream and the streams each state covers; the
// path takes the records and commits them with the state.
import type { AirbyteRecordMessage, AirbyteStateMessage } from '@common/integrations/airbyteProtocol';
import type { Queryable } from '../../../platform/warehouse/engine.js';
import type { StreamWriter } from './streamTables.js';

export interface CommitResult {
  streams: Array<{ stream: string; rows: number; bytes: number }>;
}

/** A state to save with the rows it covers, under its key in the state table. */
export interface KeyedState {
  key: string;
  state: AirbyteStateMessage;
}

export interface WritePath {
  /** Why the sync must fail though the call that failed has returned; record, checkpoint and finish throw it. */
  readonly failure: unknown;
  /** Types the record and takes it for its stream; nothing is visible until a checkpoint commits it. */
  write(stream: StreamWriter, record: AirbyteRecordMessage): void | Promise<void>;
  /** Commits the covered streams' rows with the state (null: the state is not kept), or keeps them for a later commit. */
  checkpoint(streams: StreamWriter[], state: KeyedState | null): Promise<CommitResult>;
  /** Commits what is left; `replace` puts overwrite streams' new tables in place, in the last transaction or after it. */
  finish(replace: (db: Queryable) => Promise<void>): Promise<CommitResult>;
  /** After a failed or cancelled read, before the overwrite streams' staging tables are dropped: drops what was not committed. */
  abandon(): Promise<void>;
  /** Ends the path whichever way the sync ended: its connection, its files. */
  close(): Promise<void>;
}
