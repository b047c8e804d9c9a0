// A term's moves through the review workflow (common/catalog-governance/glossaryRules.ts says who
// may make which). The status is read under a row lock, so two reviewers deciding at once cannot
// both move the term from the same status; the move, its history entry and its audit entry are
// one transaction.
import { canMoveTerm, reviewDecisions, termStatusLabels, reviewProblem, type TermStatus } from '@common/catalog-governance/glossaryRules';
import type { TermRecord, TermTransitionBody } from '@common/catalog-governance/glossaryContract';
import { hasAnyRole } from '@common/access/editions';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { GovernanceConflictError, GovernanceForbiddenError, GovernanceNotFoundError } from './errors.js';
import { termDetail } from './glossaryStore.js';

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

export async function transitionTerm(
  db: StoreDb,
  actor: Actor & { roles: readonly string[] },
  editorRoles: readonly string[],
  termId: string,
  body: TermTransitionBody,
): Promise<{ term: TermRecord; from: TermStatus }> {
  const editor = hasAnyRole(actor.roles, ['admin', ...editorRoles]);
  const from = await db.transaction().execute(async (tx) => {
    const current = await tx
      .selectFrom('glossary_terms')
      .selectAll()
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', termId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new GovernanceNotFoundError('term');
    const from: TermStatus = current.status;
    const to = body.to;
    if (!canMoveTerm(from, to))
      throw new GovernanceConflictError('to', `A term that is ${termStatusLabels[from]} cannot be moved to ${termStatusLabels[to]}.`);
    const reviewers = asList(current.reviewers);
    if (from === 'in_review' && reviewDecisions.includes(to)) {
      const problem = reviewProblem({ roles: actor.roles, username: actor.username, reviewers, submittedBy: current.submitted_by });
      if (problem) throw new GovernanceForbiddenError(problem);
    } else {
      if (!editor) throw new GovernanceForbiddenError('Only glossary editors may move a term to this status.');
      if (from === 'draft' && to === 'approved' && reviewers.length > 0)
        throw new GovernanceConflictError(
          'to',
          `${current.name} has reviewers: submit it for review (Draft → In review) instead of approving it directly.`,
        );
      if (to === 'in_review' && reviewers.length === 0)
        throw new GovernanceConflictError(
          'to',
          `${current.name} has no reviewers: add at least one reviewer before submitting it for review, or approve it directly.`,
        );
    }
    const now = new Date();
    await tx
      .updateTable('glossary_terms')
      .set({ status: to, updated_at: now, ...(to === 'in_review' ? { submitted_by: actor.username } : {}) })
      .where('id', '=', termId)
      .execute();
    await tx
      .insertInto('glossary_term_events')
      .values({ term_id: termId, at: now, actor: actor.username, from_status: from, to_status: to, comment: body.comment || null })
      .execute();
    await writeAudit(
      tx,
      { organisation: actor.organisation, subject: actor.subject, username: actor.username },
      { action: `catalog.glossary.term.${to}`, target: termId, details: { name: current.name, from, comment: body.comment || null } },
    );
    return from;
  });
  return { term: (await termDetail(db, actor.organisation, termId)).term, from };
}
