// The dbt catalog as other areas read it (the dbt area, which keeps the artifacts, provides it).
// Areas that need catalog facts ask here instead of reading the dbt tables.
import { definePort } from './portRegistry.js';

export interface IngestionSummary {
  id: string;
  origin: string;
  ingestedAt: string;
  projectName: string;
}

/** A node of the organisation's current dbt artifacts. */
export interface CatalogNode {
  uniqueId: string;
  name: string;
  resourceType: string;
}

/** The latest evidence about nodes: run results of the nodes and their tests, freshness of the sources. */
export interface HealthEvidence {
  /** The nodes judged: the node itself and, when asked, everything upstream of it. */
  nodeIds: string[];
  /** The tests attached to those nodes. */
  testIds: string[];
  /** The newest run result of each node or test that has one. */
  results: Array<{ uniqueId: string; status: string }>;
  /** The newest freshness result of each source among the nodes. */
  freshness: Array<{ uniqueId: string; status: string }>;
}

/** What alert rule filters look at on an asset: its tags, domain and owners. */
export interface AssetFacts {
  id: string;
  tags: string[];
  domain: string | null;
  owners: string[];
}

export interface CatalogReadModel {
  /** The asset's tags, domain and owners; null when the organisation has no such node. */
  assetFacts(organisation: string, uniqueId: string): Promise<AssetFacts | null>;
  /** The organisation's newest ingestions, newest first. */
  recentIngestions(organisation: string, limit: number): Promise<IngestionSummary[]>;
  /** The nodes among `uniqueIds` the organisation has (unknown ids are left out). */
  nodes(organisation: string, uniqueIds: readonly string[]): Promise<CatalogNode[]>;
  /** The organisation's nodes of `resourceTypes`, by name (at most `limit`). */
  nodesOfTypes(organisation: string, resourceTypes: readonly string[], limit: number): Promise<CatalogNode[]>;
  /** The latest results about a node, and about everything upstream of it when `upstream`. */
  healthEvidence(organisation: string, uniqueId: string, options: { upstream: boolean }): Promise<HealthEvidence>;
}

export const catalogReadModelPort = definePort<CatalogReadModel>('catalog read model');
