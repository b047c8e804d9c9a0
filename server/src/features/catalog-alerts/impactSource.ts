// Impact analysis: the alert rules that watch an asset a change reaches, by their asset filters
// (ids, tags, domain, owners; the same matching as signals). A rule with no asset filter watches
// everything and is not listed: it says nothing about these assets in particular.
import { alertFilters } from '@common/catalog-alerts/alertsContract';
import { appPaths } from '@common/paths';
import type { ImpactSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { assetFiltersUsed, assetMatches } from './ruleMatching.js';

export function alertRulesImpactSource(db: StoreDb): ImpactSource {
  return {
    kind: 'alertRules',
    async reached(organisation, assets) {
      const rules = await db
        .selectFrom('catalog_alert_rules')
        .select(['id', 'name', 'filters', 'created_by'])
        .where('organisation_id', '=', organisation)
        .where('enabled', '=', true)
        .orderBy('name')
        .execute();
      return rules.flatMap((rule) => {
        const parsed = alertFilters.safeParse(rule.filters);
        if (!parsed.success || !assetFiltersUsed(parsed.data)) return [];
        const watched = assets.filter((asset) =>
          assetMatches(parsed.data, { id: asset.uniqueId, tags: asset.tags, domain: asset.domain, owners: asset.owners }),
        );
        if (watched.length === 0) return [];
        return [
          {
            id: rule.id,
            name: rule.name,
            via: `watches ${watched
              .slice(0, 3)
              .map((asset) => asset.name)
              .join(', ')}${watched.length > 3 ? ` and ${watched.length - 3} more` : ''}`,
            href: appPaths.catalogAlerts,
            owners: [rule.created_by],
          },
        ];
      });
    },
  };
}
