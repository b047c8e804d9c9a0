// Revoked sessions and per-user "not before" times (migration 008): a verified token is still
// refused when its session (`sid`) was revoked or it was issued (`iat`) before its user's
// not-before time. JWTs cannot be recalled, so this is what makes "revoke session" and "sign
// out everywhere" take effect on the next API call rather than when the token expires.
//
// Several portal instances share the store, so every instance reads it; answers are cached in
// process for at most REVOCATION_CACHE_MS, and a revocation recorded by this instance clears
// its own cache at once.
import { sql, type Kysely } from 'kysely';
import type { StoreSchema } from '../../store/schema.js';
import { HttpError } from '../errors.js';
import type { Caller, TokenVerifier } from './tokenVerifier.js';

export const REVOCATION_CACHE_MS = 2_000;
/** How long a revoked session is remembered: longer than any token of it can live. */
const REVOKED_SESSION_RETENTION_MS = 2 * 24 * 3600 * 1000;

export interface RevocationList {
  /**
   * Throws 401 when the caller's token may no longer be used. Answers synchronously (undefined,
   * or a thrown 401) while both cached answers are fresh, which is nearly every call; a promise
   * only when the store must be read.
   */
  check(caller: Caller): Promise<void> | undefined;
  /** Records a revoked session, in `executor`'s transaction when given (e.g. with its audit entry). */
  revokeSession(entry: { sid: string; organisation: string; subject: string }, executor?: Kysely<StoreSchema>): Promise<void>;
  /** Tokens of `subject` issued before `notBefore` are refused from now on (a later time already set stays). */
  setNotBefore(entry: { subject: string; organisation: string; notBefore: Date }, executor?: Kysely<StoreSchema>): Promise<void>;
}

/** `now` is the clock the cache is judged by (tests pass their own to step past the cache time). */
export function createRevocationList(db: Kysely<StoreSchema>, now: () => number = Date.now): RevocationList {
  const revokedCache = new Map<string, { revoked: boolean; until: number }>();
  const notBeforeCache = new Map<string, { notBefore: number | null; until: number }>();

  async function isRevoked(sid: string): Promise<boolean> {
    const hit = revokedCache.get(sid);
    if (hit && hit.until > now()) return hit.revoked;
    const row = await db.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid).executeTakeFirst();
    remember(revokedCache, sid, { revoked: row !== undefined, until: now() + REVOCATION_CACHE_MS });
    return row !== undefined;
  }

  async function notBeforeOf(subject: string): Promise<number | null> {
    const hit = notBeforeCache.get(subject);
    if (hit && hit.until > now()) return hit.notBefore;
    const row = await db.selectFrom('token_not_before').select('not_before').where('subject', '=', subject).executeTakeFirst();
    const notBefore = row ? new Date(row.not_before).getTime() : null;
    remember(notBeforeCache, subject, { notBefore, until: now() + REVOCATION_CACHE_MS });
    return notBefore;
  }

  return {
    check(caller) {
      const at = now();
      const revoked = caller.sessionId ? revokedCache.get(caller.sessionId) : undefined;
      const notBefore = notBeforeCache.get(caller.subject);
      if ((!caller.sessionId || (revoked && revoked.until > at)) && notBefore && notBefore.until > at) {
        judge(caller, revoked?.revoked ?? false, notBefore.notBefore);
        return undefined;
      }
      return (async () => {
        const isSessionRevoked = caller.sessionId ? await isRevoked(caller.sessionId) : false;
        judge(caller, isSessionRevoked, await notBeforeOf(caller.subject));
      })();
    },
    async revokeSession({ sid, organisation, subject }, executor = db) {
      // This instance refuses the session at once (the identity service has ended it already);
      // other instances see the row once the caller's transaction commits.
      remember(revokedCache, sid, { revoked: true, until: now() + REVOKED_SESSION_RETENTION_MS });
      await executor
        .insertInto('revoked_sessions')
        .values({ sid, organisation_id: organisation, subject, expires_at: new Date(Date.now() + REVOKED_SESSION_RETENTION_MS) })
        .onConflict((oc) => oc.column('sid').doNothing())
        .execute();
      await executor.deleteFrom('revoked_sessions').where('expires_at', '<', new Date()).execute();
    },
    async setNotBefore({ subject, organisation, notBefore }, executor = db) {
      const known = notBeforeCache.get(subject)?.notBefore ?? 0;
      remember(notBeforeCache, subject, { notBefore: Math.max(notBefore.getTime(), known), until: now() + REVOCATION_CACHE_MS });
      // Never moves back: a sign-out everywhere a moment earlier keeps its later cut-off.
      await executor
        .insertInto('token_not_before')
        .values({ subject, organisation_id: organisation, not_before: notBefore })
        .onConflict((oc) =>
          oc.column('subject').doUpdateSet({
            not_before: sql<Date>`GREATEST(token_not_before.not_before, excluded.not_before)`,
            organisation_id: organisation,
            updated_at: new Date(),
          }),
        )
        .execute();
    },
  };
}

function judge(caller: Caller, sessionRevoked: boolean, notBefore: number | null): void {
  if (sessionRevoked) throw new HttpError(401, 'invalid_token', 'This session was ended by an administrator. Sign in again.');
  // Without `iat` a token cannot show it is newer than the cut-off: refuse it then too.
  if (notBefore !== null && (caller.issuedAt === undefined || caller.issuedAt * 1000 < notBefore)) {
    throw new HttpError(401, 'invalid_token', 'You were signed out everywhere. Sign in again.');
  }
}

/** Bounded: a flood of distinct sids must not grow the cache without end. */
function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  if (cache.size >= 10_000) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, value);
}

/** The token check with revocations: signature and claims first, then the revocation list. */
export function withRevocations(verify: TokenVerifier, revocations: RevocationList): TokenVerifier {
  const checked: TokenVerifier = async (token) => {
    const caller = await verify(token);
    const pending = revocations.check(caller);
    if (pending) await pending;
    return caller;
  };
  // Without waiting when both the token and its revocation answers are cached (throws 401 when revoked).
  checked.cached = (token) => {
    const caller = verify.cached?.(token);
    if (!caller) return undefined;
    const pending = revocations.check(caller);
    if (!pending) return caller;
    // The store must be read: the request takes the awaited path, which checks again and reports
    // a refusal itself. This read's own outcome is dropped, never left to reject with no one
    // listening (an unhandled rejection ends the whole portal process).
    pending.catch(() => undefined);
    return undefined;
  };
  return checked;
}
