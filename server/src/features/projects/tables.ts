// Row types of the projects area's tables, as Kysely sees them. They join the store's schema
// (platform/store/schema.ts) by declaration merging, so the platform names no area; the tables
// themselves are created by the area's migrations.
import type { Generated } from 'kysely';
import type { CreatedAt, Json, UpdatedAt } from '../../platform/store/columnTypes.js';

export interface ProjectsTable {
  id: Generated<string>;
  organisation_id: string;
  name: string;
  description: string;
  owner: string;
  members: Json<string[]>;
  status: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProjectResourcesTable {
  project_id: string;
  organisation_id: string;
  kind: string;
  ref: string;
  added_at: CreatedAt;
}

declare module '../../platform/store/schema.js' {
  interface StoreSchema {
    projects: ProjectsTable;
    project_resources: ProjectResourcesTable;
  }
}
