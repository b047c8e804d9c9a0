// Schemas of the warehouse that belong to the portal, not to the organisation's streams: the
// syncs' own state and load tables (AIRBYTE_INTERNAL), and on the embedded warehouse the copies
// behind the Optimize pages (ACCOUNT_USAGE, DATAWORKS, USAGE_SYNC) and the engines' catalogs. No
// stream may be written into one: a stream named DATAWORKS_SYNC_STATE in AIRBYTE_INTERNAL would
// overwrite the state every sync of the organisation resumes from.

/** Where a connection's committed state lives: beside the data, so both commit together. */
export const STATE_SCHEMA = 'AIRBYTE_INTERNAL';
export const STATE_TABLE = 'DATAWORKS_SYNC_STATE';

/** Schema names (as the warehouse holds them, upper case) no stream may target. */
export const RESERVED_SCHEMAS: readonly string[] = [
  STATE_SCHEMA,
  'ACCOUNT_USAGE',
  'DATAWORKS',
  'USAGE_SYNC',
  'INFORMATION_SCHEMA',
  'PG_CATALOG',
];
