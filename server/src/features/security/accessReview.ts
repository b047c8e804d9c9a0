// The access review: per member their portal roles (the powerful ones picked out), one-time
// code status, last sign-in (from the sign-in events) and whether they are dormant, i.e. have
// not signed in for `dormantDays` (never signed in counts as dormant once the account is older
// than that).
import { powerfulRoles } from '@common/access/roleGrants';
import type { AccessReview } from '@common/security/securityContract';
import type { IdentityMember, IdentityService } from './identityService.js';

const MEMBER_PAGE = 500;
const EVENT_PAGE = 1000;
/** Enough history for any review; older sign-ins than this many events back count as none. */
const EVENT_PAGES_MAX = 20;

export async function allMembers(identity: IdentityService, organisation: string): Promise<IdentityMember[]> {
  const members: IdentityMember[] = [];
  for (let first = 0; ; first += MEMBER_PAGE) {
    const page = await identity.listMembers(organisation, { first, max: MEMBER_PAGE });
    members.push(...page.members);
    if (page.members.length < MEMBER_PAGE || members.length >= page.total) return members;
  }
}

async function lastSignIns(identity: IdentityService, organisation: string, wanted: number): Promise<Map<string, string>> {
  const last = new Map<string, string>();
  for (let pageIndex = 0; pageIndex < EVENT_PAGES_MAX && last.size < wanted; pageIndex += 1) {
    const page = await identity.querySignInEvents(organisation, { types: ['LOGIN'], first: pageIndex * EVENT_PAGE, max: EVENT_PAGE });
    for (const event of page.events) {
      // Newest first: the first event seen for a member is their last sign-in.
      if (event.memberId && !last.has(event.memberId)) last.set(event.memberId, event.time);
    }
    if (!page.hasMore) break;
  }
  return last;
}

export async function accessReview(
  identity: IdentityService,
  organisation: string,
  dormantDays: number,
  now = new Date(),
): Promise<AccessReview> {
  const members = await allMembers(identity, organisation);
  const signIns = await lastSignIns(identity, organisation, members.length);
  const cutoff = now.getTime() - dormantDays * 86_400_000;
  const rows = members.map((member) => {
    const lastSignInAt = signIns.get(member.id) ?? null;
    const since = lastSignInAt ? Date.parse(lastSignInAt) : Date.parse(member.createdAt);
    return {
      memberId: member.id,
      username: member.username,
      name: [member.firstName, member.lastName].filter(Boolean).join(' '),
      enabled: member.enabled,
      roles: member.roles,
      powerfulRoles: member.roles.filter((role) => (powerfulRoles as readonly string[]).includes(role)),
      mfaConfigured: member.mfaConfigured,
      lastSignInAt,
      dormant: since < cutoff,
    };
  });
  return { dormantDays, generatedAt: now.toISOString(), rows };
}
