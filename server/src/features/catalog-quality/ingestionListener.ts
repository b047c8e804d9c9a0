// What the area does with each ingestion, inside its transaction (the dbt layer calls it): fold
// the run's test results into the test states, open or count incidents, and, once committed,
// send the notices of the incidents it opened and report its failing and warning tests as
// signals (the alert rules listen). After each of the portal's own freshness checks,
// the same for the sources it found stale.
import type { StoreDb } from '../../platform/store/openStore.js';
import type { IncidentNotices } from './incidentNotices.js';
import { openIncidents } from './incidentOpening.js';
import { testSignalsOf } from './testSignals.js';
import { foldIngestion } from './testStates.js';
import type { IngestionListener } from '../../platform/ports/index.js';
import type { ReportSignal } from '../../platform/signals/index.js';

export type { ReportSignal };

/** The platform's ingestion listener, with both steps always there. */
export interface QualityIngestionListener extends IngestionListener {
  inTransaction(tx: StoreDb, ingestion: { organisation: string; ingestionId: string }): Promise<() => Promise<void>>;
  freshnessChecked(db: StoreDb, check: { organisation: string; startedAt: Date }): Promise<void>;
}

export function qualityIngestionListener(
  notices: Pick<IncidentNotices, 'opened'> | null,
  signals: { db: StoreDb; report: ReportSignal } | null = null,
): QualityIngestionListener {
  return {
    async inTransaction(tx, { organisation, ingestionId }) {
      await foldIngestion(tx, organisation, ingestionId);
      const opened = await openIncidents(tx, organisation, { ingestionId });
      return async () => {
        await notices?.opened(organisation, opened);
        if (!signals) return;
        const { signals: raised } = await testSignalsOf(signals.db, organisation, ingestionId);
        for (const signal of raised) await signals.report(signal);
      };
    },
    async freshnessChecked(db, { organisation, startedAt }) {
      const opened = await db.transaction().execute((tx) => openIncidents(tx, organisation, { portalCheckSince: startedAt }));
      await notices?.opened(organisation, opened);
    },
  };
}
