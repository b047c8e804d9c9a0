// Feature requests and the roadmap: votes, comments and followers, who hear of status changes.
import { defineArea } from '../../platform/area/index.js';
import { registerFeatureRequestRoutes } from './featureRequestsRoutes.js';

export const area = defineArea({
  id: 'feature-requests',
  register({ app, db, notifications }) {
    registerFeatureRequestRoutes(app, db, notifications);
  },
});
