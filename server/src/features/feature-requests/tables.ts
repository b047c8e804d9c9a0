// Row types of the feature-requests area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, SearchDocument, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface FeatureRequestsTable {
  id: Generated<string>;
  organisation_id: string;
  title: string;
  description: string;
  status: ColumnType<string, string | undefined, string>;
  decline_reason: string | null;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  document: SearchDocument;
}

export interface FeatureVotesTable {
  feature_id: string;
  organisation_id: string;
  subject: string;
  voted_at: CreatedAt;
}

export interface FeatureSubscribersTable {
  feature_id: string;
  organisation_id: string;
  subject: string;
  username: string;
}

export interface FeatureCommentsTable {
  id: Generated<string>;
  feature_id: string;
  organisation_id: string;
  body: string;
  author_subject: string;
  author_username: string;
  created_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    feature_requests: FeatureRequestsTable;
    feature_votes: FeatureVotesTable;
    feature_subscribers: FeatureSubscribersTable;
    feature_comments: FeatureCommentsTable;
  }
}
