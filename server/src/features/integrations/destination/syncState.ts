// A connection's committed sync state, kept in the warehouse beside the rows it describes: read
// when a sync starts (to resume from) and forgotten on reset. The writer (checkpointWriter.ts)
// saves it inside each checkpoint's transaction; this file holds the reads and resets outside one,
// and picks each warehouse's statements.
import type { AirbyteStateMessage } from '@common/integrations/airbyteProtocol';
import { str } from '../../../platform/warehouse/engine.js';
import { raw, sql } from '../../../platform/warehouse/sql.js';
import { duckdbLoad } from './duckdbLoad.js';
import { STATE_SCHEMA, STATE_TABLE, type LoadDialect, type StagedLoadDialect, type SyncDestination } from './loadDialect.js';
import { snowflakeLoad } from './snowflakeLoad.js';

/** The statements for the destination's warehouse; for a warehouse loaded from staged files, also theirs. */
export function dialectFor(destination: SyncDestination, connectionId: string): { dialect: LoadDialect; staged: StagedLoadDialect | null } {
  if (destination.engine.kind === 'snowflake') {
    const staged = snowflakeLoad(destination.database, connectionId);
    return { dialect: staged, staged };
  }
  return { dialect: duckdbLoad, staged: null };
}

/** The state each stream last committed for this connection, to resume from (`--state`). */
export async function committedState(destination: SyncDestination, connectionId: string): Promise<AirbyteStateMessage[]> {
  const { dialect } = dialectFor(destination, connectionId);
  if (!(await dialect.hasStateTable(destination.engine))) return [];
  const rows = await destination.engine.query(dialect.readStates(connectionId));
  return rows.map((row) => JSON.parse(str(row, 'STATE')) as AirbyteStateMessage);
}

/** Forgets the connection's state: the next sync starts from scratch ("reset"). */
export async function resetState(destination: SyncDestination, connectionId: string, stream?: string): Promise<void> {
  const { dialect } = dialectFor(destination, connectionId);
  if (!(await dialect.hasStateTable(destination.engine))) return;
  await destination.engine.query(
    sql`DELETE FROM ${dialect.table(STATE_SCHEMA, STATE_TABLE)} WHERE CONNECTION_ID = ${connectionId} ${stream ? sql`AND STREAM = ${stream}` : raw('')}`,
  );
}
