// Feature requests and the roadmap. app/portalServer.ts registers them with the notifications service.
export { registerFeatureRequestRoutes } from './featureRequestsRoutes.js';
