// What the glossary workflow tells people, through the notifications service: a term submitted
// for review goes to each of its reviewers the portal knows (by username), a decision to whoever
// submitted the term. A notice that cannot be sent is logged; the move stands.
import type { FastifyBaseLogger } from 'fastify';
import type { TermRecord } from '@common/catalog-governance/glossaryContract';
import { termStatusLabels } from '@common/catalog-governance/glossaryRules';
import { appPaths } from '@common/paths';
import { subjectsOfUsernames, type NotificationsService } from '../../platform/notifications/index.js';
import type { Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export type TermNotices = (actor: Actor, term: TermRecord, from: string) => Promise<void>;

export function createTermNotices(db: StoreDb, notify: NotificationsService['notify'] | null, log: FastifyBaseLogger): TermNotices {
  const subjectsOf = (organisation: string, usernames: readonly string[]) => subjectsOfUsernames(db, organisation, usernames);
  return async (actor, term, from) => {
    if (!notify) return;
    const link = `${appPaths.catalogGlossary}?${new URLSearchParams({ glossary: term.glossaryId, term: term.id }).toString()}`;
    try {
      if (term.status === 'in_review') {
        for (const subject of await subjectsOf(actor.organisation, term.reviewers)) {
          await notify({
            organisation: actor.organisation,
            audience: { userId: subject },
            type: 'glossary_review',
            title: `${actor.username} asks you to review the term ${term.name}`,
            link,
            data: { termId: term.id },
            exceptUserIds: [actor.subject],
          });
        }
      } else if (from === 'in_review' && term.submittedBy) {
        for (const subject of await subjectsOf(actor.organisation, [term.submittedBy])) {
          await notify({
            organisation: actor.organisation,
            audience: { userId: subject },
            type: 'glossary_review',
            title: `${actor.username} moved ${term.name} to ${termStatusLabels[term.status]}`,
            link,
            data: { termId: term.id },
            exceptUserIds: [actor.subject],
          });
        }
      }
    } catch (error) {
      log.error({ err: error, organisation: actor.organisation, termId: term.id }, 'could not send the glossary notification');
    }
  };
}
