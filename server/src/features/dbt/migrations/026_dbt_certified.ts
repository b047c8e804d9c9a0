// Whether the project certifies a node (`certified: true` in its meta, or the tag `certified`),
// worked out once at ingestion: Explore ranks and filters by it, the asset page shows it.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtCertified: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE dbt_nodes ADD COLUMN certified boolean NOT NULL DEFAULT false`.execute(db);
  },
};
