// Column-level lineage and impact analysis: after each dbt ingestion a job parses the models'
// compiled SQL in worker processes and stores which upstream columns each column comes from; the
// routes answer an asset's column lineage, the lineage graph's column mode, each project's
// coverage and impact reports, asking the areas that build on assets (impact sources) what a
// change reaches.
import { defineArea } from '../../platform/area/index.js';
import { impactSources, ingestionListeners } from '../../platform/ports/index.js';
import { createParserPool } from './engine/parserPool.js';
import { defineColumnLineageJob, queueColumnLineage } from './lineageJob.js';
import { registerColumnLineageRoutes } from './routes/lineageRoutes.js';

export const area = defineArea<{ config: { columnLineage: { parseWorkers: number } } }>({
  id: 'column-lineage',
  register({ app, db, jobs, log, ports }, { config }) {
    // Each job starts its own parse workers and stops them when it ends (shutdown aborts the job).
    // The worker is TypeScript, run with tsx's loader from the project's root (as `npm start` runs the portal).
    defineColumnLineageJob(db, jobs, () => createParserPool(process.cwd(), config.columnLineage.parseWorkers));
    registerColumnLineageRoutes(app, db, () => ports.contributions(impactSources));
    // After an ingestion or a deleted project, once committed: the job brings the lineage in line.
    const recompute = (organisation: string) => async () => {
      await queueColumnLineage(jobs, organisation).catch((error: unknown) =>
        log.error({ err: error, organisation }, 'could not queue the column lineage job'),
      );
    };
    ports.extend(ingestionListeners, {
      async inTransaction(_tx, { organisation }) {
        return recompute(organisation);
      },
      async projectRemoved(_tx, { organisation }) {
        return recompute(organisation);
      },
    });
  },
});
