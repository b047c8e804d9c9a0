// Consume: dbt exposures with their health, and freshness of sources and models
// (GET /api/exposures, GET /api/freshness, POST /api/freshness/checks).
import { z } from 'zod';
import type { AppRouteId } from '../paths';
import { freshnessStatuses, healthSignal, healthStatuses, nodeRef, testStatuses } from './catalogContract';

// The data health signals are declared with the catalog's shapes (assets and lineage carry them too).
export { healthSignal, healthStatuses, type HealthSignal, type HealthStatus } from './catalogContract';

export const exposureSummary = z.object({
  uniqueId: z.string(),
  name: z.string(),
  /** The dbt project that declares the exposure. */
  projectName: z.string(),
  label: z.string().nullable(),
  type: z.string(),
  maturity: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  url: z.string().nullable(),
  /** Name of the organisation's configured dashboard this URL opens, if any. */
  dashboardName: z.string().nullable(),
  description: z.string(),
  tags: z.array(z.string()),
  upstreamModels: z.number(),
  upstreamSources: z.number(),
  health: healthSignal,
});
export type ExposureSummary = z.infer<typeof exposureSummary>;
export const exposuresResponse = z.object({ exposures: z.array(exposureSummary), asOf: z.string().nullable() });
export type ExposuresResponse = z.infer<typeof exposuresResponse>;

export const exposureIdParams = z.object({ uniqueId: z.string().min(1).max(1024) });

export const exposureDetail = exposureSummary.extend({
  /** Every upstream node (all depths) and the edges between them and the exposure. */
  upstream: z.array(nodeRef.extend({ testStatus: z.enum(testStatuses).nullable() })),
  edges: z.array(z.object({ from: z.string(), to: z.string() })),
  failingTests: z.array(
    z.object({
      uniqueId: z.string(),
      name: z.string(),
      status: z.enum(testStatuses),
      attachedTo: z.string().nullable(),
      message: z.string().nullable(),
    }),
  ),
  staleSources: z.array(
    z.object({ uniqueId: z.string(), name: z.string(), status: z.enum(freshnessStatuses), maxLoadedAt: z.string().nullable() }),
  ),
  /** Health per ingestion, oldest first. */
  history: z.array(z.object({ at: z.string(), status: z.enum(healthStatuses) })),
});
export type ExposureDetail = z.infer<typeof exposureDetail>;
export const exposureResponse = z.object({ exposure: exposureDetail });

export const freshnessOrigins = ['dbt', 'portal'] as const;

export const sourceFreshness = z.object({
  uniqueId: z.string(),
  sourceName: z.string(),
  name: z.string(),
  relationName: z.string().nullable(),
  loadedAtField: z.string().nullable(),
  /** dbt's criteria as written, e.g. { count: 12, period: 'hour' }. */
  warnAfter: z.object({ count: z.number(), period: z.string() }).nullable(),
  errorAfter: z.object({ count: z.number(), period: z.string() }).nullable(),
  filter: z.string().nullable(),
  maxLoadedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  status: z.enum(freshnessStatuses),
  /** Where the latest result came from: an uploaded sources.json or the portal's own check. */
  origin: z.enum(freshnessOrigins).nullable(),
  error: z.string().nullable(),
  history: z.array(
    z.object({
      checkedAt: z.string(),
      status: z.enum(freshnessStatuses),
      ageSeconds: z.number().nullable(),
      origin: z.enum(freshnessOrigins),
    }),
  ),
});
export type SourceFreshness = z.infer<typeof sourceFreshness>;

export const modelFreshness = z.object({
  uniqueId: z.string(),
  name: z.string(),
  materialized: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  ageSeconds: z.number().nullable(),
  lastStatus: z.string().nullable(),
});
export type ModelFreshness = z.infer<typeof modelFreshness>;

export const freshnessResponse = z.object({
  sources: z.array(sourceFreshness),
  models: z.array(modelFreshness),
  /** The scheduled check's interval, minutes; null when off. */
  scheduleMinutes: z.number().nullable(),
  lastCheckAt: z.string().nullable(),
});
export type FreshnessResponse = z.infer<typeof freshnessResponse>;

/** POST /api/freshness/checks: starts a check job (202), followed on the live channel. */
export const freshnessCheckResponse = z.object({ jobId: z.string() });
export type FreshnessCheckResponse = z.infer<typeof freshnessCheckResponse>;

/** The job kind of a freshness check, and the live topic the results change on. */
export const FRESHNESS_CHECK_JOB = 'dbt.freshness-check';
export const CATALOG_TOPIC = 'catalog';
/** The pages that read the catalog and refresh on CATALOG_TOPIC: its users hear of it, nobody else. */
export const CATALOG_TOPIC_ROUTES = [
  'catalogExplore',
  'catalogAssets',
  'catalogAsset',
  'catalogLineage',
  'catalogDataQuality',
  'catalogIncidents',
  'catalogProducts',
  'catalogDomain',
  'catalogGlossary',
  'catalogClassifications',
  'catalogMetrics',
  'exposures',
  'exposure',
  'freshness',
] as const satisfies readonly AppRouteId[];
