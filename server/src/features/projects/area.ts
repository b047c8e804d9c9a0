// Projects: a client's data projects and the health of the resources they group.
import { defineArea } from '../../platform/area/index.js';
import { registerProjectRoutes } from './projectsRoutes.js';

export const area = defineArea({
  id: 'projects',
  register({ app, db }) {
    registerProjectRoutes(app, db);
  },
});
