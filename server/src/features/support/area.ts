// Support: tickets between the organisation and the support team, with attachments and notices.
import { defineArea } from '../../platform/area/index.js';
import { registerSupportRoutes } from './supportRoutes.js';

export const area = defineArea({
  id: 'support',
  async register({ app, db, notifications }) {
    await registerSupportRoutes(app, db, notifications);
  },
});
