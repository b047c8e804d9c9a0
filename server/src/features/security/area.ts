// Security: the organisation's members, invitations, roles, sessions and sign-in policy, kept in
// the identity service: the embedded identity server's admin API, or a real Keycloak's
// (IDENTITY_ADMIN_API). The same service answers the platform's current-access check that
// sensitive changes in every area make.
import { defineArea } from '../../platform/area/index.js';
import { organisationMembersPort } from '../../platform/ports/index.js';
import { registerCurrentAccess } from '../../platform/http/auth/currentAccess.js';
import type { RevocationList } from '../../platform/http/auth/revocations.js';
import type { NotificationsService, SmtpSettings } from '../../platform/notifications/index.js';
import { createEmbeddedIdentityService } from './embeddedIdentityService.js';
import type { IdentityService } from './identityService.js';
import { createInvitationMailer } from './invitationMail.js';
import { KeycloakIdentityService, keycloakClientSecret } from './keycloak/index.js';
import type { FastifyInstance } from 'fastify';
import { allMembers } from './accessReview.js';
import { registerAccessRoutes } from './accessRoutes.js';
import { registerAuthenticationRoutes } from './authenticationRoutes.js';
import type { SecurityDeps } from './context.js';
import { registerMemberRoutes } from './memberRoutes.js';
import { registerSignUpRoutes } from './signUpRoutes.js';

// What the app and its tests use of the area: the identity service contract and the embedded one.
export { createEmbeddedIdentityService } from './embeddedIdentityService.js';
export type { IdentityService } from './identityService.js';

function registerSecurityRoutes(app: FastifyInstance, deps: SecurityDeps, notifications: NotificationsService): void {
  registerMemberRoutes(app, deps);
  registerAccessRoutes(app, deps);
  registerAuthenticationRoutes(app, deps);
  registerSignUpRoutes(app, deps, notifications);
}

interface IdentitySettings {
  identity: { realm: string };
  identityAdmin: { url: string; secretFile: string; api: 'embedded' | 'keycloak'; clientId: string; clientSecret: string | undefined };
}

async function identityServiceFor(config: IdentitySettings): Promise<IdentityService> {
  const { identityAdmin } = config;
  if (identityAdmin.api === 'keycloak') {
    const clientSecret = await keycloakClientSecret({ clientSecret: identityAdmin.clientSecret, secretFile: identityAdmin.secretFile });
    return new KeycloakIdentityService({
      url: identityAdmin.url,
      realm: config.identity.realm,
      clientId: identityAdmin.clientId,
      clientSecret,
      timeoutMs: 10_000,
    });
  }
  return createEmbeddedIdentityService({ url: identityAdmin.url, realm: config.identity.realm, secretFile: identityAdmin.secretFile });
}

export const area = defineArea<{
  /** Another identity service than the one the settings name (tests hand in their own). */
  identityService?: IdentityService;
  revocations: RevocationList;
  config: IdentitySettings & { smtp: SmtpSettings | null };
}>({
  id: 'security',
  async register({ app, db, ports, notifications }, { identityService, revocations, config }) {
    const identity = identityService ?? (await identityServiceFor(config));
    // Sensitive changes (security, API keys, warehouse roles, connector secrets, catalog settings)
    // are authorised on the caller's current roles in the identity service, not the token's.
    registerCurrentAccess(app, (organisation, caller) => identity.currentAccess(organisation, caller.subject));
    // Other areas offer the organisation's members (an incident's assignee) from the identity service.
    ports.provide(organisationMembersPort, {
      list: async (organisation) =>
        (await allMembers(identity, organisation)).map((member) => ({
          subject: member.id,
          username: member.username,
          enabled: member.enabled,
          roles: member.roles,
        })),
    });
    const invitations = createInvitationMailer(config.smtp, app.log);
    registerSecurityRoutes(app, { identity, db, revocations, invitations }, notifications);
    return { close: async () => invitations.close() };
  },
});
