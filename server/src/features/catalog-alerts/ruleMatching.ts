// Whether a signal passes a rule's filters. Each filter that lists values must match (all
// filters together); within one filter any listed value will do. Filters on the asset (ids,
// tags, domain, owners) are not met by a signal about no asset, such as a cost anomaly.
// Comparisons ignore case, as people type tags and owners both ways.
import type { AlertFilters } from '@common/catalog-alerts/alertsContract';
import type { Signal } from '@common/signals/signalTypes';
import type { AssetFacts } from '../../platform/ports/index.js';

const lower = (values: readonly string[]) => new Set(values.map((value) => value.toLowerCase()));
const anyOf = (wanted: readonly string[], have: readonly string[]) => {
  const set = lower(wanted);
  return have.some((value) => set.has(value.toLowerCase()));
};

export function assetFiltersUsed(filters: AlertFilters): boolean {
  return filters.assetIds.length + filters.tags.length + filters.domains.length + filters.owners.length > 0;
}

export function signalMatches(signal: Signal, filters: AlertFilters, asset: AssetFacts | null): boolean {
  if (filters.maxSeverity !== null && signal.severity > filters.maxSeverity) return false;
  if (!assetFiltersUsed(filters)) return true;
  return asset !== null && assetMatches(filters, asset);
}

/** Whether an asset passes the rule's asset filters (ids, tags, domain, owners). */
export function assetMatches(filters: AlertFilters, asset: AssetFacts): boolean {
  if (filters.assetIds.length > 0 && !anyOf(filters.assetIds, [asset.id])) return false;
  if (filters.tags.length > 0 && !anyOf(filters.tags, asset.tags)) return false;
  if (filters.domains.length > 0 && !anyOf(filters.domains, asset.domain ? [asset.domain] : [])) return false;
  if (filters.owners.length > 0 && !anyOf(filters.owners, asset.owners)) return false;
  return true;
}
