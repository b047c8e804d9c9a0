// Every /api request except the health check needs a valid bearer token (401 otherwise);
// routes then ask for a page of the access table (403 when the user may not open it) and
// for an organisation (403 when the token has none). The access table is the one the browser
// uses too, common/access/access.ts: one set of rules for menu, routes and API.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canOpen } from '@common/access/access';
import { hasAnyRole } from '@common/access/editions';
import type { AppRouteId } from '@common/paths';
import { HttpError } from '../errors.js';
import type { Actor } from '../../store/audit.js';
import type { Caller, TokenVerifier } from './tokenVerifier.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const PUBLIC_API_PATHS = new Set(['/api/health']);
/**
 * Published data APIs authenticate by API key, not by a sign-in token: the data API feature
 * checks the key on every route under this prefix (and only these routes are exempt here).
 */
export const API_KEY_PATH_PREFIX = '/api/data/v1/';
const BEARER = /^Bearer ([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*\.[A-Za-z0-9\-_]*)$/;

/**
 * Upload tokens (`dwu_…`): secrets the portal itself issues to an organisation's dbt jobs. The
 * dbt layer resolves one to a caller holding only the dbt uploader role, so the access table
 * decides what it may do exactly as for a service account's token.
 */
export const UPLOAD_TOKEN = /^Bearer (dwu_[A-Za-z0-9_-]{32,64})$/;
export type UploadTokenVerifier = (token: string) => Promise<Caller>;

export function registerAuthentication(app: FastifyInstance, verify: TokenVerifier, verifyUploadToken?: UploadTokenVerifier): void {
  app.decorateRequest('caller', null);
  // A callback hook, not an async one: a token seen before (nearly every call) is answered
  // without a promise, which is measurable on the API's hottest paths (bench:api).
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.url.indexOf('?');
    const path = query < 0 ? request.url : request.url.slice(0, query);
    if (!path.startsWith('/api/') || PUBLIC_API_PATHS.has(path) || path.startsWith(API_KEY_PATH_PREFIX) || request.method === 'OPTIONS')
      return done();
    const header = request.headers.authorization;
    if (!header) return done(new HttpError(401, 'invalid_token', 'Sign in first: the request has no bearer token.'));
    const settle = (pending: Promise<Caller>) =>
      pending.then(
        (caller) => {
          request.caller = caller;
          done();
        },
        (error: Error) => done(error),
      );
    const upload = verifyUploadToken ? UPLOAD_TOKEN.exec(header) : null;
    if (upload?.[1] && verifyUploadToken) return void settle(verifyUploadToken(upload[1]));
    const match = BEARER.exec(header);
    if (!match?.[1]) return done(new HttpError(401, 'invalid_token', 'The Authorization header must be "Bearer <access token>".'));
    const token = match[1];
    let known: Caller | undefined;
    try {
      known = verify.cached?.(token);
    } catch (error) {
      return done(error as Error);
    }
    if (!known) return void settle(verify(token));
    request.caller = known;
    done();
  });
}

/** The verified caller of an /api route (the onRequest hook has run). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'invalid_token', 'Sign in first.');
  return request.caller;
}

/** A caller with an organisation: every record the API serves belongs to one. */
export function organisationOf(caller: Caller): string {
  if (!caller.organisation) throw new HttpError(403, 'forbidden', 'Your account does not belong to an organisation yet.');
  return caller.organisation;
}

/** Who acts on a route: the verified caller, in their organisation, as audit records and ownership checks need them. */
export interface RequestActor extends Actor {
  roles: readonly string[];
  email: string | null;
}

/** The actor of an /api route; 403 when the caller's token names no organisation. */
export function actorOf(request: FastifyRequest): RequestActor {
  const caller = callerOf(request);
  return {
    organisation: organisationOf(caller),
    subject: caller.subject,
    username: caller.username,
    roles: caller.roles,
    email: caller.email ?? null,
  };
}

/**
 * preHandler: the caller may open the page this API serves (feature and roles of the access
 * table) — any one of `routeIds` when several pages share the route — and, for writes that
 * only some of the page's users may make, holds one of `writeRoles`.
 */
export function requireRoute(routeIds: AppRouteId | readonly AppRouteId[], writeRoles?: readonly string[]) {
  const check = accessCheck(routeIds, writeRoles);
  // A callback hook: the check never waits, so it need not cost a promise per request.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
}

/** `requireRoute`'s check as a plain function: throws 403 (or 401) when the caller may not. */
export function accessCheck(routeIds: AppRouteId | readonly AppRouteId[], writeRoles?: readonly string[]) {
  const ids = typeof routeIds === 'string' ? [routeIds] : routeIds;
  return (request: FastifyRequest): void => {
    const caller = callerOf(request);
    if (!ids.some((id) => canOpen(caller.roles, id))) throw new HttpError(403, 'forbidden', 'Your roles do not allow this.');
    if (writeRoles && !hasAnyRole(caller.roles, writeRoles))
      throw new HttpError(403, 'forbidden', 'Only an administrator of your organisation may change this.');
    organisationOf(caller);
  };
}
