// The demo dashboard pages the demo organisations' Viewer embeds (served only with demo data on).
import { isDemoOrganisation } from '@common/demo/demoOrganisations';
import { defineArea } from '../../platform/area/index.js';
import { warehouseAccessPort } from '../../platform/ports/index.js';
import { registerDemoDashboards } from './routes.js';
import { createSampleDashboardSource } from './sampleSource.js';

export const area = defineArea<{ config: { demoData: boolean; distDir: string } }>({
  id: 'demo-dashboards',
  async register({ app, ports }, { config }) {
    if (!config.demoData) return;
    // Only the demo organisations, so a made-up organisation in the URL cannot make the server
    // generate a sample account.
    const source = createSampleDashboardSource(async (organisation) =>
      isDemoOrganisation(organisation) ? ports.use(warehouseAccessPort).sampleEngine(organisation) : null,
    );
    await registerDemoDashboards(app, config.distDir, source);
  },
});
