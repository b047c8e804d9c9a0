// Who is acting in the knowledge areas: the token's organisation, subject, username and roles
// (the roles decide who may edit; the audit records the rest).
import type { FastifyRequest } from 'fastify';
import { callerOf, organisationOf } from '../../platform/http/auth/authenticate.js';
import type { Actor } from '../../platform/store/audit.js';

export interface KnowledgeActor extends Actor {
  roles: readonly string[];
}

export function knowledgeActorOf(request: FastifyRequest): KnowledgeActor {
  const caller = callerOf(request);
  return { organisation: organisationOf(caller), subject: caller.subject, username: caller.username, roles: caller.roles };
}
