// Ending a member's sessions so that the portal refuses their tokens on the next call, while a
// sign-in a moment later is good at once. Tokens say when they were issued in whole seconds
// (`iat`), so the not-before time is the start of the current second; tokens issued earlier in
// that same second are refused through their sessions, each recorded as revoked.
import type { Kysely } from 'kysely';
import type { RevocationList } from '../../platform/http/auth/revocations.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import type { IdentityService } from './identityService.js';

export interface SessionCutOff {
  organisation: string;
  subject: string;
  /** The member's sessions as they were just before they were ended. */
  sessionIds: string[];
  /** Tokens issued before this time are refused (the start of the second the change happened in). */
  notBefore: Date;
}

/**
 * Runs `end` (the identity service's change that ends the sessions) after reading the member's
 * sessions; answers the change's result with the cut-off to record beside it.
 */
export async function endingSessions<T>(
  identity: IdentityService,
  organisation: string,
  subject: string,
  end: () => Promise<T>,
): Promise<{ result: T; cutOff: SessionCutOff }> {
  const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000);
  const sessions = await identity.listSessions(organisation, subject);
  const result = await end();
  return { result, cutOff: { organisation, subject, sessionIds: sessions.map((session) => session.id), notBefore } };
}

/** Records the cut-off in the caller's transaction (beside the change's audit entry). */
export async function recordCutOff(revocations: RevocationList, cutOff: SessionCutOff, tx: Kysely<StoreSchema>): Promise<void> {
  const { organisation, subject } = cutOff;
  for (const sid of cutOff.sessionIds) await revocations.revokeSession({ sid, organisation, subject }, tx);
  await revocations.setNotBefore({ subject, organisation, notBefore: cutOff.notBefore }, tx);
}
