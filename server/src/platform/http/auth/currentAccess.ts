// Sensitive changes are authorised against the caller's roles as the identity service holds them
// now, not against the roles in their access token. A token is a copy of the roles at the time it
// was issued and lives for minutes (longer under some Keycloak settings); without this, an
// administrator demoted a minute ago could still use their old token to grant themselves the role
// back. Which changes count as sensitive: security (members, roles, sessions, sign-in policy),
// API keys, warehouse roles and users, connector secrets and programs, catalog settings and
// upload tokens; each of those routes asks with `requireCurrentRoute` instead of `requireRoute`.
//
// The lookup costs one call to the identity service per sensitive change, which are rare; reads
// and everyday writes keep the token check alone. Role changes also end the member's sessions
// (security area), so an old token stops working everywhere on its next call as well.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRouteId } from '@common/paths';
import { HttpError } from '../errors.js';
import { accessCheck, callerOf, organisationOf } from './authenticate.js';
import type { Caller } from './tokenVerifier.js';

export interface CurrentAccess {
  enabled: boolean;
  /** Every realm role the member holds now, as a token issued now would carry them. */
  roles: string[];
}

/** The member's current access in their organisation; null when they are not (or no longer) a member. */
export type CurrentAccessLookup = (organisation: string, caller: Caller) => Promise<CurrentAccess | null>;

declare module 'fastify' {
  interface FastifyInstance {
    currentAccess: CurrentAccessLookup;
  }
}

/** Wired once by the security area: its identity service answers for the whole portal. */
export function registerCurrentAccess(app: FastifyInstance, lookup: CurrentAccessLookup): void {
  app.decorate('currentAccess', lookup);
}

/**
 * `requireRoute` for a sensitive change: the token's roles must allow it (a quick 403 without a
 * lookup), then the identity service's current roles must too. The request goes on with the
 * current roles in `request.caller`, so rules further down (who may grant what) use them.
 */
export function requireCurrentRoute(routeIds: AppRouteId | readonly AppRouteId[], writeRoles?: readonly string[]) {
  const check = accessCheck(routeIds, writeRoles);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    check(request);
    const caller = callerOf(request);
    const current = await request.server.currentAccess(organisationOf(caller), caller);
    if (!current?.enabled) {
      throw new HttpError(401, 'invalid_token', 'Your account is disabled or no longer belongs to this organisation. Sign in again.');
    }
    request.caller = { ...caller, roles: current.roles };
    try {
      check(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403) {
        throw new HttpError(
          403,
          'forbidden',
          'Your roles have changed since you signed in and no longer allow this. Sign in again to see what you may do now.',
        );
      }
      throw error;
    }
  };
}
