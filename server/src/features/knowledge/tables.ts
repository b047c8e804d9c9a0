// Row types of the knowledge area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, SearchDocument, UpdatedAt } from '../../platform/store/columnTypes.js';

/** Knowledge base articles, FAQ, Hive, feature requests and projects (migration 006; the articles' `heading`, 027). */
export interface KbArticlesTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  body: string;
  category: string;
  tags: Json<string[]>;
  tags_text: string;
  status: 'draft' | 'published';
  author_subject: string;
  author_username: string;
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: SearchDocument;
  /** Title, tags and category alone, what the list ranks by (migration 027). */
  heading: SearchDocument;
}

export interface KbVotesTable {
  article_id: string;
  organisation_id: string;
  subject: string;
  helpful: boolean;
  voted_at: UpdatedAt;
}

export interface FaqEntriesTable {
  id: Generated<string>;
  organisation_id: string;
  topic: string;
  question: string;
  answer: string;
  position: ColumnType<number, number | undefined, number>;
  hive_question_id: string | null;
  seed_key: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: SearchDocument;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    kb_articles: KbArticlesTable;
    kb_votes: KbVotesTable;
    faq_entries: FaqEntriesTable;
  }
}
