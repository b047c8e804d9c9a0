// Row types of the hive area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { Generated } from 'kysely';
import type { CreatedAt, Json, SearchDocument, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface HiveQuestionsTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  body: string;
  tags: Json<string[]>;
  tags_text: string;
  author_subject: string;
  author_username: string;
  accepted_answer_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: SearchDocument;
}

export interface HiveAnswersTable {
  id: Generated<string>;
  question_id: string;
  organisation_id: string;
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
  document: SearchDocument;
}

export interface HiveVotesTable {
  target_id: string;
  organisation_id: string;
  subject: string;
  voted_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    hive_questions: HiveQuestionsTable;
    hive_answers: HiveAnswersTable;
    hive_votes: HiveVotesTable;
  }
}
