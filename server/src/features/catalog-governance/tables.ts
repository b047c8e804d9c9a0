// Row types of the catalog governance tables (migration 014): glossary, classifications,
// suggestions and the organisation's governance settings.
import type { ColumnType, Generated } from 'kysely';
import type { BigIntColumn, Json } from '../../platform/store/columnTypes.js';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type JsonList = ColumnType<string[], string | undefined, string>;

export type TermStatusColumn = 'draft' | 'in_review' | 'approved' | 'rejected' | 'deprecated';

export interface GovernanceSettingsTable {
  organisation_id: string;
  settings: Json<unknown>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface GlossariesTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  created_by: string | null;
  created_at: Timestamp;
}

export interface GlossaryTermsTable {
  id: Generated<string>;
  organisation_id: string;
  glossary_id: string;
  parent_id: string | null;
  name: string;
  definition: string;
  synonyms: JsonList;
  owners: JsonList;
  reviewers: JsonList;
  status: ColumnType<TermStatusColumn, TermStatusColumn | undefined, TermStatusColumn>;
  created_by: string | null;
  submitted_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GlossaryTermRelationsTable {
  term_a: string;
  term_b: string;
}

export interface GlossaryTermLinksTable {
  term_id: string;
  organisation_id: string;
  node_id: string;
  column_name: ColumnType<string, string | undefined, string>;
  linked_by: string | null;
  linked_at: Timestamp;
}

export interface GlossaryTermEventsTable {
  id: Generated<BigIntColumn>;
  term_id: string;
  at: Timestamp;
  actor: string | null;
  from_status: string | null;
  to_status: string;
  comment: string | null;
}

export interface ClassificationsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  mutually_exclusive: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface ClassificationTagsTable {
  id: Generated<string>;
  classification_id: string;
  organisation_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
}

export interface ClassificationApplicationsTable {
  organisation_id: string;
  tag_id: string;
  classification_id: string;
  exclusive: boolean;
  node_id: string;
  column_name: ColumnType<string, string | undefined, string>;
  source: 'manual' | 'suggestion';
  applied_by: string | null;
  applied_at: Timestamp;
}

export interface ClassificationSuggestionsTable {
  id: Generated<string>;
  organisation_id: string;
  node_id: string;
  column_name: string;
  tag_id: string;
  basis: 'name' | 'values';
  evidence: string;
  state: ColumnType<
    'pending' | 'accepted' | 'rejected',
    'pending' | 'accepted' | 'rejected' | undefined,
    'pending' | 'accepted' | 'rejected'
  >;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    governance_settings: GovernanceSettingsTable;
    glossaries: GlossariesTable;
    glossary_terms: GlossaryTermsTable;
    glossary_term_relations: GlossaryTermRelationsTable;
    glossary_term_links: GlossaryTermLinksTable;
    glossary_term_events: GlossaryTermEventsTable;
    classifications: ClassificationsTable;
    classification_tags: ClassificationTagsTable;
    classification_applications: ClassificationApplicationsTable;
    classification_suggestions: ClassificationSuggestionsTable;
  }
}
