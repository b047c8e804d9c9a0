// The job that computes an organisation's column lineage, queued after every dbt ingestion. One
// runs per organisation at a time (its singleton key); an ingestion that lands while it runs is
// picked up by the same job before it ends, so the lineage always catches up with the artifacts.
import { z } from 'zod';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { computeColumnLineage, type ComputeSummary } from './computeLineage.js';
import type { ParserPool } from './engine/parserPool.js';

export const COLUMN_LINEAGE_JOB = 'column-lineage.compute';
const ROUNDS_MAX = 5;

/** The organisation's projects' current ingestions, as one string: it changes with any ingestion or deleted project. */
async function currentIngestion(db: StoreDb, organisation: string): Promise<string> {
  const rows = await db
    .selectFrom('catalog_read_ingestions')
    .select('id')
    .where('organisation_id', '=', organisation)
    .where('is_current', '=', true)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id).join(',');
}

/** `parsers` starts a pool of parse workers; the job closes it when it ends, so no parser stays in memory between jobs. */
export function defineColumnLineageJob(db: StoreDb, jobs: JobRunner, parsers: () => ParserPool): void {
  jobs.define(
    COLUMN_LINEAGE_JOB,
    async ({ organisation, signal, progress }) => {
      let summary: ComputeSummary | null = null;
      const pool = parsers();
      try {
        for (let round = 0; round < ROUNDS_MAX; round += 1) {
          const before = await currentIngestion(db, organisation);
          summary = await computeColumnLineage(db, pool, organisation, {
            signal,
            progress: (fraction, message) => progress({ fraction, message }),
          });
          if ((await currentIngestion(db, organisation)) === before) break;
        }
      } finally {
        await pool.close();
      }
      return summary;
    },
    { payload: z.object({}).strict(), maxAttempts: 3, routes: ['catalogAsset', 'catalogLineage'] },
  );
}

export async function queueColumnLineage(jobs: JobRunner, organisation: string): Promise<void> {
  await jobs.enqueue({ kind: COLUMN_LINEAGE_JOB, organisation, payload: {}, singletonKey: 'column-lineage' });
}
