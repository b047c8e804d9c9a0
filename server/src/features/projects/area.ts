// Projects: a client's data projects and the health of the resources they group.
import { defineArea } from '../../platform/area/index.js';
import { catalogReadModelPort, dashboardsPort } from '../../platform/ports/index.js';
import { registerProjectRoutes } from './projectsRoutes.js';

export const area = defineArea({
  id: 'projects',
  register({ app, db, ports }) {
    // A project groups other areas' resources: dashboards and catalog assets, read through their ports.
    registerProjectRoutes(app, db, { catalog: ports.later(catalogReadModelPort), dashboards: ports.later(dashboardsPort) });
  },
});
