/**
 * The `metadata` block every dbt artifact starts with. The version is the dbt-core release whose
 * published schemas these artifacts follow (manifest v12, run_results v6, sources v3, catalog
 * v1), with a local label saying the sample builder wrote them, not a dbt run.
 */
import { md5 } from './hashes.js';

export const DBT_VERSION = '1.11.0+dataworks.sample';
export const ADAPTER_TYPE = 'duckdb';

export const SCHEMA_URLS = {
  manifest: 'https://schemas.getdbt.com/dbt/manifest/v12.json',
  runResults: 'https://schemas.getdbt.com/dbt/run-results/v6.json',
  sources: 'https://schemas.getdbt.com/dbt/sources/v3.json',
  catalog: 'https://schemas.getdbt.com/dbt/catalog/v1.json',
} as const;

export interface Invocation {
  id: string;
  startedAt: string;
}

/** A UUID-shaped id from a seed text, so the same organisation and "now" give the same invocation. */
export function invocationId(seed: string): string {
  const hex = md5(seed);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function artifactMetadata(schema: keyof typeof SCHEMA_URLS, invocation: Invocation, generatedAt: string): Record<string, unknown> {
  return {
    dbt_schema_version: SCHEMA_URLS[schema],
    dbt_version: DBT_VERSION,
    generated_at: generatedAt,
    invocation_id: invocation.id,
    invocation_started_at: invocation.startedAt,
    env: {},
  };
}
