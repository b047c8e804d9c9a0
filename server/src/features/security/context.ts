// What every security route needs: the identity service, the store (audit, revocations), the
// caller as an audit actor, and the caller's roles for the grant rules.
import type { FastifyRequest } from 'fastify';
import type { RevocationList } from '../../platform/http/auth/revocations.js';
import { callerOf, organisationOf } from '../../platform/http/auth/authenticate.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { Actor } from '../../platform/store/audit.js';
import type { IdentityService } from './identityService.js';
import type { InvitationMailer } from './invitationMail.js';

export interface SecurityDeps {
  identity: IdentityService;
  db: StoreDb;
  revocations: RevocationList;
  /** Invitation e-mail through the portal's SMTP settings (off without them). */
  invitations: InvitationMailer;
}

export interface SecurityCaller extends Actor {
  roles: string[];
}

export function securityCaller(request: FastifyRequest): SecurityCaller {
  const caller = callerOf(request);
  return { organisation: organisationOf(caller), subject: caller.subject, username: caller.username, roles: caller.roles };
}
