// Hive: the organisation's community questions and answers.
import { defineArea } from '../../platform/area/index.js';
import { registerHiveRoutes } from './hiveRoutes.js';

export const area = defineArea({
  id: 'hive',
  register({ app, db }) {
    registerHiveRoutes(app, db);
  },
});
