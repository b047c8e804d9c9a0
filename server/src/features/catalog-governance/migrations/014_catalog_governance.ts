// Catalog governance: the glossary (glossaries, terms with their hierarchy, related terms, links
// to assets and columns, and the review history), classifications (categories, tags, where
// people applied them, suggestions for personal data), the organisation's governance settings,
// and what the Metrics page needs from the manifest (semantic models' entities, dimensions and
// measures, metrics' type and type_params) on the dbt layer's nodes.
import { sql, type Kysely, type Migration } from 'kysely';

export const catalogGovernance: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema type exists.
  async up(db: Kysely<any>) {
    // Filled at ingestion for semantic models and metrics; null for every other node (and for
    // those ingested before this migration, until the next ingestion).
    await db.schema.alterTable('dbt_nodes').addColumn('semantic', 'jsonb').execute();
    // Classifications map dbt's tags on read: only tagged columns and nodes are looked at.
    await sql`CREATE INDEX dbt_columns_tagged ON dbt_columns (organisation_id) WHERE tags <> '[]'::jsonb`.execute(db);
    await sql`CREATE INDEX dbt_nodes_tagged ON dbt_nodes (organisation_id) WHERE tags <> '[]'::jsonb`.execute(db);

    await db.schema
      .createTable('governance_settings')
      .addColumn('organisation_id', 'text', (col) => col.primaryKey())
      .addColumn('settings', 'jsonb', (col) => col.notNull())
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_by', 'text')
      .execute();

    await db.schema
      .createTable('glossaries')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`CREATE UNIQUE INDEX glossaries_name ON glossaries (organisation_id, lower(name))`.execute(db);

    await db.schema
      .createTable('glossary_terms')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('glossary_id', 'uuid', (col) => col.notNull().references('glossaries.id').onDelete('cascade'))
      .addColumn('parent_id', 'uuid', (col) => col.references('glossary_terms.id').onDelete('set null'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('definition', 'text', (col) => col.notNull())
      .addColumn('synonyms', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('owners', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('reviewers', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('status', 'text', (col) => col.notNull().defaultTo('draft'))
      .addColumn('created_by', 'text')
      .addColumn('submitted_by', 'text')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE glossary_terms ADD CONSTRAINT glossary_terms_status CHECK (status IN ('draft', 'in_review', 'approved', 'rejected', 'deprecated'))`.execute(
      db,
    );
    await sql`ALTER TABLE glossary_terms ADD CONSTRAINT glossary_terms_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id)`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX glossary_terms_name ON glossary_terms (glossary_id, lower(name))`.execute(db);
    await db.schema.createIndex('glossary_terms_parent').on('glossary_terms').columns(['parent_id']).execute();
    await db.schema.createIndex('glossary_terms_organisation').on('glossary_terms').columns(['organisation_id', 'glossary_id']).execute();

    // Related terms are symmetric: each pair is stored once, lower id first.
    await db.schema
      .createTable('glossary_term_relations')
      .addColumn('term_a', 'uuid', (col) => col.notNull().references('glossary_terms.id').onDelete('cascade'))
      .addColumn('term_b', 'uuid', (col) => col.notNull().references('glossary_terms.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('glossary_term_relations_pk', ['term_a', 'term_b'])
      .execute();
    await sql`ALTER TABLE glossary_term_relations ADD CONSTRAINT glossary_term_relations_order CHECK (term_a < term_b)`.execute(db);
    await db.schema.createIndex('glossary_term_relations_b').on('glossary_term_relations').columns(['term_b']).execute();

    // A term on an asset ('' column: the asset itself) or one of its columns.
    await db.schema
      .createTable('glossary_term_links')
      .addColumn('term_id', 'uuid', (col) => col.notNull().references('glossary_terms.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('node_id', 'text', (col) => col.notNull())
      .addColumn('column_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('linked_by', 'text')
      .addColumn('linked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('glossary_term_links_pk', ['term_id', 'node_id', 'column_name'])
      .execute();
    await db.schema.createIndex('glossary_term_links_node').on('glossary_term_links').columns(['organisation_id', 'node_id']).execute();

    await db.schema
      .createTable('glossary_term_events')
      .addColumn('id', 'bigserial', (col) => col.primaryKey())
      .addColumn('term_id', 'uuid', (col) => col.notNull().references('glossary_terms.id').onDelete('cascade'))
      .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addColumn('actor', 'text')
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (col) => col.notNull())
      .addColumn('comment', 'text')
      .execute();
    await db.schema.createIndex('glossary_term_events_term').on('glossary_term_events').columns(['term_id', 'id']).execute();

    await db.schema
      .createTable('classifications')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('mutually_exclusive', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`CREATE UNIQUE INDEX classifications_name ON classifications (organisation_id, lower(name))`.execute(db);

    await db.schema
      .createTable('classification_tags')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('classification_id', 'uuid', (col) => col.notNull().references('classifications.id').onDelete('cascade'))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await sql`CREATE UNIQUE INDEX classification_tags_name ON classification_tags (classification_id, lower(name))`.execute(db);

    // Applications by people (and accepted suggestions). `exclusive` copies the category's flag,
    // so the store itself refuses two tags of one mutually exclusive category on one target.
    await db.schema
      .createTable('classification_applications')
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('tag_id', 'uuid', (col) => col.notNull().references('classification_tags.id').onDelete('cascade'))
      .addColumn('classification_id', 'uuid', (col) => col.notNull().references('classifications.id').onDelete('cascade'))
      .addColumn('exclusive', 'boolean', (col) => col.notNull())
      .addColumn('node_id', 'text', (col) => col.notNull())
      .addColumn('column_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('applied_by', 'text')
      .addColumn('applied_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('classification_applications_pk', ['tag_id', 'node_id', 'column_name'])
      .execute();
    await sql`ALTER TABLE classification_applications ADD CONSTRAINT classification_applications_source CHECK (source IN ('manual', 'suggestion'))`.execute(
      db,
    );
    await sql`CREATE UNIQUE INDEX classification_applications_exclusive ON classification_applications (classification_id, node_id, column_name) WHERE exclusive`.execute(
      db,
    );
    await db.schema
      .createIndex('classification_applications_node')
      .on('classification_applications')
      .columns(['organisation_id', 'node_id'])
      .execute();

    await db.schema
      .createTable('classification_suggestions')
      .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('organisation_id', 'text', (col) => col.notNull())
      .addColumn('node_id', 'text', (col) => col.notNull())
      .addColumn('column_name', 'text', (col) => col.notNull())
      .addColumn('tag_id', 'uuid', (col) => col.notNull().references('classification_tags.id').onDelete('cascade'))
      .addColumn('basis', 'text', (col) => col.notNull())
      .addColumn('evidence', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull().defaultTo('pending'))
      .addColumn('decided_by', 'text')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`ALTER TABLE classification_suggestions ADD CONSTRAINT classification_suggestions_state CHECK (state IN ('pending', 'accepted', 'rejected'))`.execute(
      db,
    );
    await sql`ALTER TABLE classification_suggestions ADD CONSTRAINT classification_suggestions_basis CHECK (basis IN ('name', 'values'))`.execute(
      db,
    );
    // A column is suggested a tag once: a rejected suggestion is not made again by the next scan.
    await db.schema
      .createIndex('classification_suggestions_target')
      .unique()
      .on('classification_suggestions')
      .columns(['organisation_id', 'node_id', 'column_name', 'tag_id'])
      .execute();
    await db.schema
      .createIndex('classification_suggestions_state')
      .on('classification_suggestions')
      .columns(['organisation_id', 'state'])
      .execute();
  },
};
