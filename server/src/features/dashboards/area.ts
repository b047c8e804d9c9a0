// Dashboards: the organisation's list of embedded dashboards (the Viewer and its admin page).
// Demo organisations start with dashboards pointing at the portal's own demo dashboard pages.
import { defineArea } from '../../platform/area/index.js';
import { dashboardsPort, frameOriginsPort, impactSources } from '../../platform/ports/index.js';
import { registerDashboardRoutes } from './dashboardsRoutes.js';
import { dashboardOrigins, dashboardsDirectory } from './dashboardsStore.js';
import { seedDemoData } from './demoSeed.js';
import { dashboardsImpactSource } from './impactSource.js';

/** Another instance may change dashboards too; its origins are picked up within this time. */
const ORIGINS_REFRESH_MS = 60_000;

export const area = defineArea<{ config: { demoData: boolean; portalUrl: string } }>({
  id: 'dashboards',
  async register({ app, db, ports }, { config }) {
    if (config.demoData) await seedDemoData(db, config.portalUrl);
    // The CSP's frame-src follows the dashboards: read at start and again after each change.
    let origins: readonly string[] = [];
    const refresh = () =>
      dashboardOrigins(db).then(
        (list) => {
          origins = list;
        },
        (error: unknown) => app.log.error({ err: error }, 'could not read dashboard origins'),
      );
    await refresh();
    const timer = setInterval(() => void refresh(), ORIGINS_REFRESH_MS);
    timer.unref();
    ports.provide(frameOriginsPort, { current: () => origins });
    ports.provide(dashboardsPort, dashboardsDirectory(db));
    ports.extend(impactSources, dashboardsImpactSource(db));
    registerDashboardRoutes(app, db, () => void refresh());
    return { close: async () => clearInterval(timer) };
  },
});
