// The workspace's knowledge areas: knowledge base articles and their "was this helpful" votes,
// FAQ entries, Hive questions and answers with votes, feature requests (votes, comments,
// subscribers) and projects with the resources they group. Each searchable table carries a
// generated `document` (PostgreSQL full-text, 'simple' configuration as the catalog's) with a
// GIN index. Votes are one row per user and thing (a primary key), so a second vote cannot count.
import { sql, type Kysely, type Migration } from 'kysely';

const document = (parts: [string, 'A' | 'B' | 'C'][]) =>
  sql.raw(parts.map(([column, weight]) => `setweight(to_tsvector('simple'::regconfig, ${column}), '${weight}')`).join(' || '));

export const workspace: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('kb_articles')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('category', 'text', (col) => col.notNull())
      .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      // The tags as words, for the document (a generated column cannot read jsonb arrays as text).
      .addColumn('tags_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('seed_key', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            document([
              ['title', 'A'],
              ['tags_text', 'B'],
              ['category', 'B'],
              ['body', 'C'],
            ]),
          )
          .stored(),
      )
      .addUniqueConstraint('kb_articles_seed', ['organisation_id', 'seed_key'])
      .execute();
    await sql`ALTER TABLE kb_articles ADD CONSTRAINT kb_articles_status CHECK (status IN ('draft', 'published'))`.execute(db);
    await sql`CREATE INDEX kb_articles_document ON kb_articles USING gin (document)`.execute(db);
    await db.schema
      .createIndex('kb_articles_organisation')
      .on('kb_articles')
      .columns(['organisation_id', 'status', 'updated_at'])
      .execute();

    await db.schema
      .createTable('kb_votes')
      .addColumn('article_id', 'uuid', (col) => col.notNull().references('kb_articles.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('helpful', 'boolean', (col) => col.notNull())
      .addColumn('voted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('kb_votes_pk', ['article_id', 'subject'])
      .execute();

    await db.schema
      .createTable('faq_entries')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('topic', 'text', (col) => col.notNull())
      .addColumn('question', 'text', (col) => col.notNull())
      .addColumn('answer', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('hive_question_id', 'uuid')
      .addColumn('seed_key', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            document([
              ['question', 'A'],
              ['topic', 'B'],
              ['answer', 'C'],
            ]),
          )
          .stored(),
      )
      .addUniqueConstraint('faq_entries_seed', ['organisation_id', 'seed_key'])
      .execute();
    await sql`CREATE INDEX faq_entries_document ON faq_entries USING gin (document)`.execute(db);
    await db.schema.createIndex('faq_entries_organisation').on('faq_entries').columns(['organisation_id', 'topic', 'position']).execute();

    await db.schema
      .createTable('hive_questions')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('tags', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('tags_text', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('accepted_answer_id', 'uuid')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            document([
              ['title', 'A'],
              ['tags_text', 'B'],
              ['body', 'C'],
            ]),
          )
          .stored(),
      )
      .execute();
    await sql`CREATE INDEX hive_questions_document ON hive_questions USING gin (document)`.execute(db);
    await db.schema.createIndex('hive_questions_organisation').on('hive_questions').columns(['organisation_id', 'created_at']).execute();

    await db.schema
      .createTable('hive_answers')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('question_id', 'uuid', (col) => col.notNull().references('hive_questions.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('document', sql`tsvector`, (col) => col.generatedAlwaysAs(document([['body', 'C']])).stored())
      .execute();
    await sql`CREATE INDEX hive_answers_document ON hive_answers USING gin (document)`.execute(db);
    await db.schema.createIndex('hive_answers_question').on('hive_answers').columns(['question_id', 'created_at']).execute();

    // One vote per user and question or answer (`target_id` is either's id).
    await db.schema
      .createTable('hive_votes')
      .addColumn('target_id', 'uuid', (col) => col.notNull())
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('voted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('hive_votes_pk', ['target_id', 'subject'])
      .execute();

    await db.schema
      .createTable('feature_requests')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('under_consideration'))
      .addColumn('decline_reason', 'text')
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('document', sql`tsvector`, (col) =>
        col
          .generatedAlwaysAs(
            document([
              ['title', 'A'],
              ['description', 'C'],
            ]),
          )
          .stored(),
      )
      .execute();
    await sql`ALTER TABLE feature_requests ADD CONSTRAINT feature_requests_status CHECK (status IN ('under_consideration', 'planned', 'in_progress', 'released', 'declined'))`.execute(
      db,
    );
    await sql`CREATE INDEX feature_requests_document ON feature_requests USING gin (document)`.execute(db);
    await db.schema.createIndex('feature_requests_organisation').on('feature_requests').columns(['organisation_id', 'status']).execute();

    await db.schema
      .createTable('feature_votes')
      .addColumn('feature_id', 'uuid', (col) => col.notNull().references('feature_requests.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('voted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('feature_votes_pk', ['feature_id', 'subject'])
      .execute();
    await db.schema
      .createTable('feature_subscribers')
      .addColumn('feature_id', 'uuid', (col) => col.notNull().references('feature_requests.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('subject', 'text', (col) => col.notNull())
      .addColumn('username', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('feature_subscribers_pk', ['feature_id', 'subject'])
      .execute();
    await db.schema
      .createTable('feature_comments')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('feature_id', 'uuid', (col) => col.notNull().references('feature_requests.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('author_subject', 'text', (col) => col.notNull())
      .addColumn('author_username', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('feature_comments_feature').on('feature_comments').columns(['feature_id', 'created_at']).execute();

    await db.schema
      .createTable('projects')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('owner', 'text', (col) => col.notNull())
      .addColumn('members', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE projects ADD CONSTRAINT projects_status CHECK (status IN ('planned', 'active', 'on_hold', 'completed'))`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX projects_name ON projects (organisation_id, lower(name))`.execute(db);

    // A resource is another area's thing by its own id: a dashboard's uuid, a dbt unique_id.
    await db.schema
      .createTable('project_resources')
      .addColumn('project_id', 'uuid', (col) => col.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('ref', 'text', (col) => col.notNull())
      .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('project_resources_pk', ['project_id', 'kind', 'ref'])
      .execute();
  },
};
