// Hive: the organisation's community questions and answers. app/portalServer.ts registers it.
export { registerHiveRoutes } from './hiveRoutes.js';
