// Projects: a client's data projects and the health of the resources they group. app/portalServer.ts registers them.
export { registerProjectRoutes } from './projectsRoutes.js';
