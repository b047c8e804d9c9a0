// Explore finds words in the project index's in-memory word index (the lexemes of each stored
// `document`), so the GIN index over `dbt_search_docs.document` is no longer read; keeping it
// up to date cost every ingestion one index entry per word of every search document.
import { sql, type Kysely, type Migration } from 'kysely';

export const dbtSearchDocsWithoutGin: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await sql`DROP INDEX IF EXISTS dbt_search_docs_document`.execute(db);
  },
};
