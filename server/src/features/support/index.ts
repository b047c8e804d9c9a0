// The support desk: tickets between an organisation's users and support staff. What
// it needs from elsewhere comes in from app/portalServer.ts: the store and the notifications service.
export { registerSupportRoutes } from './supportRoutes.js';
export { supportHttpError } from './errors.js';
