// The normalised shape a manifest becomes (manifest.ts): one record per resource with its columns,
// and the data tests with what they attach to. The store keeps these.
import type { IngestionCounts } from '@common/dbt/artifactsContract';
import type { CatalogResourceType } from '@common/dbt/catalogContract';
import type { SemanticDefinition } from './semanticDefinition.js';

export interface FreshnessCriteria {
  loadedAtField: string | null;
  warnAfter: { count: number; period: string } | null;
  errorAfter: { count: number; period: string } | null;
  filter: string | null;
}

export interface ExposureInfo {
  type: string;
  label: string | null;
  maturity: string | null;
  url: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
}

export interface NormalisedColumn {
  name: string;
  description: string;
  dataType: string | null;
  tags: string[];
}

export interface NormalisedNode {
  uniqueId: string;
  resourceType: CatalogResourceType;
  name: string;
  packageName: string;
  database: string | null;
  schema: string | null;
  identifier: string | null;
  relationName: string | null;
  materialized: string | null;
  description: string;
  tags: string[];
  owners: string[];
  domain: string | null;
  meta: Record<string, unknown>;
  /** dbt's own word that the asset is certified: `certified: true` in its meta, or the tag `certified` (certification.ts). */
  certified: boolean;
  originalFilePath: string | null;
  rawCode: string | null;
  compiledCode: string | null;
  sourceName: string | null;
  freshness: FreshnessCriteria | null;
  exposure: ExposureInfo | null;
  columns: NormalisedColumn[];
  /** Parents (depends_on.nodes), tests excluded. */
  parents: string[];
  /** Semantic models, metrics, saved queries and macros only: their definition (semanticDefinition.ts). */
  semantic: SemanticDefinition | null;
  /** Model governance (dbt 1.5+); null and false elsewhere. */
  version: string | null;
  latestVersion: string | null;
  access: 'private' | 'protected' | 'public' | null;
  group: string | null;
  contractEnforced: boolean;
}

export interface NormalisedTest {
  uniqueId: string;
  name: string;
  /** The package that declares it: the project's own, or an installed package's (unit tests: their id's). */
  packageName: string;
  attachedTo: string | null;
  columnName: string | null;
  severity: string;
  /** Every node the test reads (a relationships test reads two). */
  dependsOn: string[];
  /** generic: a test macro applied in YAML; singular: a SQL file of its own; unit: a dbt unit test. */
  testType: 'generic' | 'singular' | 'unit';
  /** The generic test's macro (not_null, unique, accepted_values, …); null otherwise. */
  testKind: string | null;
}

export interface ParsedManifest {
  schemaVersion: string;
  dbtVersion: string;
  generatedAt: string | null;
  projectName: string;
  /** The manifest's `metadata.adapter_type` (snowflake, bigquery, postgres, duckdb…). */
  adapterType: string | null;
  nodes: NormalisedNode[];
  tests: NormalisedTest[];
  /** Models of other projects this one refs (dbt Mesh): not this project's own nodes. */
  externals: ExternalNode[];
  counts: IngestionCounts;
}

/**
 * A public model of another project, as a manifest carries it for a cross-project ref: dbt gives
 * such a node no file of its own (`original_file_path` and `path` empty) and the other project's
 * package name. The catalog joins it to that project's own node when the organisation has it.
 */
export interface ExternalNode {
  uniqueId: string;
  name: string;
  packageName: string;
  version: string | null;
  relationName: string | null;
}
