// Impact analysis across areas: the column lineage area works out which catalog assets a change
// reaches, and each area that keeps something built on assets (dashboards, data-API endpoints,
// alert rules, data products) says which of its things those assets touch. The owning areas add
// a source here; column lineage calls them all, knowing none of them.
import type { ImpactedThing } from '@common/column-lineage/columnLineageContract';
import { defineExtensionPoint } from './portRegistry.js';

/** A catalog asset a change reaches (or the one changed), with what other areas match it by. */
export interface ImpactedAsset {
  uniqueId: string;
  name: string;
  resourceType: string;
  /** The warehouse relation it is built as (`analytics.dbt.orders`); null for exposures and metrics. */
  relationName: string | null;
  tags: string[];
  domain: string | null;
  owners: string[];
  /** An exposure's URL (its dashboard or application). */
  url: string | null;
}

export type ImpactKind = 'dashboards' | 'endpoints' | 'alertRules' | 'dataProducts';

export interface ImpactSource {
  kind: ImpactKind;
  /** The things of the area the assets touch, each saying why. */
  reached(organisation: string, assets: readonly ImpactedAsset[]): Promise<ImpactedThing[]>;
}

export const impactSources = defineExtensionPoint<ImpactSource>('impact sources');
