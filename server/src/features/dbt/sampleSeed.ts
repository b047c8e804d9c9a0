// The shipped sample projects' artifacts, ingested for each demo organisation on the embedded
// sample warehouse the first time the portal starts with an empty catalog for it (DEMO_DATA
// on): the demo project, then the finance project that refs its public models (dbt Mesh), so
// cross-project lineage is there with no configuration. The artifacts are written from the
// projects and that organisation's warehouse by samples/dbt/sampleArtifacts.ts, as `dbt build`,
// `dbt source freshness` and `dbt docs generate` would write them.
import type { FastifyBaseLogger } from 'fastify';
import type { Engine } from '../../platform/warehouse/engine.js';
import type { DbtService } from './dbtService.js';

export interface SampleArtifacts {
  manifest: unknown;
  runResults: unknown;
  sources: unknown;
  catalog: unknown;
}

/** Every sample project's artifacts, upstream projects first (each is ingested as its own project). */
export type SampleBuilder = (engine: Engine, options: { now: Date; organisation: string; portalUrl: string }) => Promise<SampleArtifacts[]>;

/** The embedded sample warehouse of a demo organisation; null when it uses another engine. */
export type SampleWarehouse = (organisation: string) => Promise<Engine | null>;

export async function seedSampleArtifacts(options: {
  service: DbtService;
  organisations: readonly string[];
  warehouse: SampleWarehouse;
  build: SampleBuilder;
  /** Where the demo dashboards the sample's exposures point at are served. */
  portalUrl: string;
  log: FastifyBaseLogger;
  now?: Date;
  /** Aborted when the portal stops: the organisations not yet done are left for the next start. */
  signal?: AbortSignal;
}): Promise<string[]> {
  const seeded: string[] = [];
  for (const organisation of options.organisations) {
    if (options.signal?.aborted) break;
    try {
      const existing = await options.service.db
        .selectFrom('dbt_ingestions')
        .select('id')
        .where('organisation_id', '=', organisation)
        .limit(1)
        .executeTakeFirst();
      if (existing) continue;
      const engine = await options.warehouse(organisation);
      if (!engine) continue;
      const started = Date.now();
      const projects = await options.build(engine, { now: options.now ?? new Date(), organisation, portalUrl: options.portalUrl });
      // Stopping: the store is about to close; this organisation's sample is ingested at the next start.
      if (options.signal?.aborted) break;
      for (const artifacts of projects) {
        const summary = await options.service.ingest(
          { manifest: artifacts.manifest, run_results: artifacts.runResults, sources: artifacts.sources, catalog: artifacts.catalog },
          { organisation, origin: 'sample', actor: { organisation, subject: 'portal:sample', username: 'sample project' } },
        );
        options.log.info(
          { organisation, project: summary.projectName, ingestion: summary.id, counts: summary.counts, milliseconds: Date.now() - started },
          'ingested a sample dbt project',
        );
      }
      seeded.push(organisation);
    } catch (error) {
      // A build the stop interrupted is done again at the next start.
      if (options.signal?.aborted) break;
      options.log.error({ err: error, organisation }, 'could not ingest the sample dbt project');
    }
  }
  return seeded;
}
