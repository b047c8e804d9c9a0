// Knowledge base search that reads no article's whole document:
// - `heading`, a stored tsvector of the title (weight A), tags and category (B): what the list
//   ranks by. A few words, kept in the row itself, where ranking by `document` decompressed every
//   match's whole text (the body's positions make it kilobytes, stored out of line).
// - `kb_articles_search`, a GIN index of the organisation (as a one-element array, which the
//   built-in array operators index) and the document together, replacing the document-only one:
//   one index scan finds an organisation's matches without reading their documents (only a
//   "phrase" query rechecks the candidates' positions).
import { sql, type Kysely, type Migration } from 'kysely';

export const kbArticleSearch: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('kb_articles')
      .addColumn('heading', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            sql.raw(
              `setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, tags_text), 'B') || setweight(to_tsvector('simple'::regconfig, category), 'B')`,
            ),
          )
          .stored(),
      )
      .execute();
    await sql`CREATE INDEX kb_articles_search ON kb_articles USING gin ((ARRAY[organisation_id]), document)`.execute(db);
    await sql`DROP INDEX kb_articles_document`.execute(db);
  },
};
