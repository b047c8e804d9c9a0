// The security area: the organisation's own members, sessions, portal roles and sign-in
// policy, over one IdentityService (the embedded identity server, or a Keycloak). What it
// needs comes in from app/portalServer.ts.
import type { FastifyInstance } from 'fastify';
import { registerAccessRoutes } from './accessRoutes.js';
import { registerAuthenticationRoutes } from './authenticationRoutes.js';
import type { SecurityDeps } from './context.js';
import { registerMemberRoutes } from './memberRoutes.js';

export { securityHttpError } from './errors.js';
export { createEmbeddedIdentityService } from './embeddedIdentityService.js';
export { createInvitationMailer } from './invitationMail.js';
export type { IdentityService } from './identityService.js';
export { KeycloakIdentityService, keycloakClientSecret } from './keycloak/index.js';

export function registerSecurityRoutes(app: FastifyInstance, deps: SecurityDeps): void {
  registerMemberRoutes(app, deps);
  registerAccessRoutes(app, deps);
  registerAuthenticationRoutes(app, deps);
}
