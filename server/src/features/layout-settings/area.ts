// Layout settings: each user's last appearance settings, saved by the browser and looked up by support staff.
import { defineArea } from '../../platform/area/index.js';
import { registerLayoutSettingsRoutes } from './layoutSettingsRoutes.js';

export const area = defineArea({
  id: 'layout-settings',
  register({ app, db }) {
    registerLayoutSettingsRoutes(app, db);
  },
});
