// The dbt ingestion lock becomes a lease of the process that holds it (as the job runner's claims
// are): who holds it (host, process id, instance), and until when without a renewal. A process that
// died while ingesting no longer blocks uploads for minutes: its lease runs out within seconds, and
// a successor on the same host sees at once that the holder's process is gone.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtIngestionLease: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('dbt_ingestion_locks')
      .addColumn('instance_id', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('dbt_ingestion_locks')
      .addColumn('host', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('dbt_ingestion_locks')
      .addColumn('pid', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('dbt_ingestion_locks')
      .addColumn('lease_until', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
