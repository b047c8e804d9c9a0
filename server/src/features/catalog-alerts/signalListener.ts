// What the alerts area does with each signal: find the organisation's enabled rules for its
// kind, keep those whose filters it passes, record a pending delivery per destination and queue
// the jobs that send them. Nothing here waits for a receiver.
import type { Signal } from '@common/signals/signalTypes';
import type { JobRunner } from '../../platform/jobs/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { AssetFacts, CatalogReadModel } from '../../platform/ports/index.js';
import { recordDeliveries } from './deliveriesStore.js';
import { enqueueDeliveries } from './deliveryJob.js';
import { assetFiltersUsed, signalMatches } from './ruleMatching.js';
import { rulesFor } from './rulesStore.js';

/** `catalog`: the dbt catalog, which knows the tags, domain and owners of the asset a signal is about. */
export function alertSignalListener(db: StoreDb, jobs: JobRunner, catalog: CatalogReadModel) {
  return async (signal: Signal): Promise<void> => {
    const rules = await rulesFor(db, signal.organisation, signal.kind);
    if (rules.length === 0) return;
    let asset: AssetFacts | null = null;
    if (signal.assetId && rules.some((rule) => assetFiltersUsed(rule.filters)))
      asset = await catalog.assetFacts(signal.organisation, signal.assetId);
    for (const rule of rules) {
      if (!signalMatches(signal, rule.filters, asset)) continue;
      const deliveries = await recordDeliveries(db, rule, signal, false);
      await enqueueDeliveries(
        jobs,
        signal.organisation,
        deliveries.map((delivery) => delivery.id),
      );
    }
  };
}
