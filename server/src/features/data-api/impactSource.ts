// Impact analysis: the live data-API endpoints whose SQL reads a relation a change reaches. The
// tables come from parsing each endpoint's statement (placeholders bound as `?`), matched to the
// assets' relation names unquoted and case-blind, a shorter name matching when only one asset
// ends that way.
import { appPaths } from '@common/paths';
import type { ImpactSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { tablesReadBy } from '../../platform/warehouse/readOnlyQuery.js';
import { relationIndex } from '../../platform/warehouse/relationNames.js';
import { liveEndpoints } from './endpointsStore.js';
import { compilePlaceholders } from './placeholders.js';

export function endpointsImpactSource(db: StoreDb): ImpactSource {
  return {
    kind: 'endpoints',
    async reached(organisation, assets) {
      const relations = assets.flatMap((asset) =>
        asset.relationName ? [{ nodeId: asset.uniqueId, relationName: asset.relationName }] : [],
      );
      if (relations.length === 0) return [];
      const index = relationIndex(relations);
      const names = new Map(assets.map((asset) => [asset.uniqueId, asset.name]));
      const reached = [];
      for (const endpoint of await liveEndpoints(db, organisation)) {
        let tables: string[];
        try {
          tables = await tablesReadBy(compilePlaceholders(endpoint.definition.sql, endpoint.definition.parameters).text);
        } catch {
          continue; // A statement that no longer compiles reads nothing the portal can name.
        }
        const read = [...new Set(tables.flatMap((table) => index.find(table) ?? []))];
        if (read.length === 0) continue;
        reached.push({
          id: endpoint.id,
          name: endpoint.name,
          via: `reads ${read.map((id) => names.get(id) ?? id).join(', ')}`,
          href: `${appPaths.apiCreator}?endpoint=${encodeURIComponent(endpoint.id)}`,
          owners: [],
        });
      }
      return reached;
    },
  };
}
