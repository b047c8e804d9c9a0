// Feature requests and the roadmap (issue 13). app/portalServer.ts registers them with the notifications service.
export { registerFeatureRequestRoutes } from './featureRequestsRoutes.js';
