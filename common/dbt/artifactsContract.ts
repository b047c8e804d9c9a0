// dbt artifacts as the portal ingests them (POST /api/dbt/artifacts, the watched directory,
// the shipped sample): which versions are accepted and what an ingestion answers.
import { z } from 'zod';

/** Manifest schema versions the catalog reads (dbt-core 1.5 and later). */
export const SUPPORTED_MANIFEST_VERSIONS = ['v9', 'v10', 'v11', 'v12'] as const;
/** The other artifacts of a run, by their own schema versions. */
export const SUPPORTED_RUN_RESULTS_VERSIONS = ['v4', 'v5', 'v6'] as const;
export const SUPPORTED_SOURCES_VERSIONS = ['v3'] as const;
export const SUPPORTED_CATALOG_VERSIONS = ['v1'] as const;

/** The multipart form field that names the project an upload is ingested as (by default the manifest's `metadata.project_name`). */
export const PROJECT_FIELD = 'project';

/** The multipart parts of an upload; only `manifest` is required. */
export const ARTIFACT_PARTS = ['manifest', 'run_results', 'sources', 'catalog'] as const;
export type ArtifactPart = (typeof ARTIFACT_PARTS)[number];

/** Default upper bound of one upload (all parts together), bytes; a setting on the server. */
export const DEFAULT_ARTIFACT_UPLOAD_LIMIT = 200 * 1024 * 1024;

export const ingestionCounts = z.object({
  models: z.number(),
  sources: z.number(),
  exposures: z.number(),
  /** Nodes of resource type `test`. */
  tests: z.number(),
  seeds: z.number(),
  snapshots: z.number(),
  /** Entries of `metrics`. */
  metrics: z.number(),
  /** Entries of `semantic_models`. */
  semanticModels: z.number(),
});
export type IngestionCounts = z.infer<typeof ingestionCounts>;

export const ingestionOrigins = ['upload', 'sample', 'directory'] as const;
export type IngestionOrigin = (typeof ingestionOrigins)[number];

export const ingestionSummary = z.object({
  id: z.string(),
  /** The dbt project it was ingested as: the upload's `project` field, else the manifest's `metadata.project_name`. */
  projectName: z.string(),
  dbtVersion: z.string(),
  manifestSchemaVersion: z.string(),
  counts: ingestionCounts,
});
export type IngestionSummary = z.infer<typeof ingestionSummary>;

/** 201 answer of POST /api/dbt/artifacts (the shape the issue fixes). */
export const ingestionResponse = z.object({ ingestion: ingestionSummary });
export type IngestionResponse = z.infer<typeof ingestionResponse>;

/** One ingestion as the pages list it (history, "as of"). */
export const ingestionRecord = ingestionSummary.extend({
  origin: z.enum(ingestionOrigins),
  /** `metadata.generated_at` of the manifest, ISO 8601. */
  generatedAt: z.string().nullable(),
  ingestedAt: z.string(),
  /** Which optional artifacts came with it. */
  parts: z.array(z.enum(ARTIFACT_PARTS)),
  ingestedBy: z.string().nullable(),
});
export type IngestionRecord = z.infer<typeof ingestionRecord>;

/**
 * GET /api/dbt/ingestions: newest first; `current` (the newest of the projects' current
 * ingestions) is null before the first ingestion; `projects` holds each project's current one, by name.
 */
export const ingestionsResponse = z.object({
  current: ingestionRecord.nullable(),
  projects: z.array(ingestionRecord),
  history: z.array(ingestionRecord),
});
export type IngestionsResponse = z.infer<typeof ingestionsResponse>;

/**
 * A project name as an upload's `project` field gives it: what dbt allows in `name:` of
 * dbt_project.yml (letters, digits, underscores), plus dots and dashes for environments
 * ("analytics-staging"). It is shown and filtered on, never put into SQL.
 */
export const projectNamePattern = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;
export const projectName = z
  .string()
  .regex(
    projectNamePattern,
    'A project name is 1 to 64 letters, digits, underscores, dots or dashes, starting with a letter, digit or underscore.',
  );

/** A model of another project that this project refs (dbt Mesh), and whether the organisation has that project's node. */
export const crossProjectRef = z.object({
  uniqueId: z.string(),
  name: z.string(),
  /** The project that defines it. */
  projectName: z.string(),
  /** False when that project is not uploaded to the organisation (or no longer has the model). */
  resolved: z.boolean(),
});
export type CrossProjectRef = z.infer<typeof crossProjectRef>;

/** One of the organisation's dbt projects: its current ingestion and the other projects it refs. */
export const dbtProject = z.object({
  name: z.string(),
  current: ingestionRecord,
  refs: z.array(crossProjectRef),
  /** Projects of the organisation that ref this one's models. */
  referencedBy: z.array(z.string()),
});
export type DbtProject = z.infer<typeof dbtProject>;

/** GET /api/dbt/projects: by name. */
export const projectsResponse = z.object({ projects: z.array(dbtProject) });
export type ProjectsResponse = z.infer<typeof projectsResponse>;
