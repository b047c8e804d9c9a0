// Impact analysis: the Viewer's dashboards an exposure reached by a change points at (an
// exposure names its dashboard by URL, equal up to a trailing slash).
import { viewerPath } from '@common/paths';
import type { ImpactSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { listDashboards } from './dashboardsStore.js';

const sameUrl = (url: string) => url.trim().replace(/\/+$/, '');

export function dashboardsImpactSource(db: StoreDb): ImpactSource {
  return {
    kind: 'dashboards',
    async reached(organisation, assets) {
      const exposures = assets.filter((asset) => asset.resourceType === 'exposure' && asset.url);
      if (exposures.length === 0) return [];
      const dashboards = await listDashboards(db, organisation);
      return dashboards.flatMap((dashboard) => {
        const exposure = exposures.find((candidate) => sameUrl(candidate.url ?? '') === sameUrl(dashboard.url));
        return exposure
          ? [
              {
                id: dashboard.id,
                name: dashboard.name,
                via: `exposure ${exposure.name}`,
                href: viewerPath(dashboard.name, dashboard.url),
                owners: exposure.owners,
              },
            ]
          : [];
      });
    },
  };
}
