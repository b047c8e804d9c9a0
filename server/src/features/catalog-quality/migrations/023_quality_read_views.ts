// Catalog quality's read model in SQL: each test's latest state, as other areas (a domain's test
// pass share) read it in their own statements without naming the area's table.
import { sql, type Kysely, type Migration } from 'kysely';

export const qualityReadViews: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`CREATE VIEW quality_read_test_states AS
      SELECT organisation_id, test_id, last_status, last_failures, last_message, last_executed_at, recent, runs, flips
      FROM catalog_test_states`.execute(db);
  },
};
