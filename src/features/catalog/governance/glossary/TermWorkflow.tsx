// The moves a person may make on a term from its status (glossaryRules.ts): editors submit,
// withdraw, deprecate and reopen; the term's reviewers and admins approve or reject a term in
// review, with an optional comment. The server checks each again and its refusal is shown here.
import { useState } from 'react';
import { nextStatuses, reviewDecisions, reviewProblem, termStatusLabels, type TermStatus } from '@common/catalog-governance/glossaryRules';
import type { TermRecord } from '@common/catalog-governance/glossaryContract';
import { apiErrorMessage } from '../../../../api/apiError';
import { useTransitionTermMutation } from '../../../../api/catalogGovernanceApi';
import { selectRealmRoles, selectSession } from '../../../../auth';
import { InlineError } from '../../../../components/InlineError';
import { useAppSelector } from '../../../../state/hooks';

const actionLabels: Partial<Record<TermStatus, string>> = {
  in_review: 'Submit for review',
  approved: 'Approve',
  rejected: 'Reject',
  draft: 'Back to draft',
  deprecated: 'Deprecate',
};

export function TermWorkflow({ term, editor }: { term: TermRecord; editor: boolean }) {
  const roles = useAppSelector(selectRealmRoles);
  const username = useAppSelector(selectSession)?.tokenParsed.preferred_username ?? '';
  const [transition, moving] = useTransitionTermMutation();
  const [comment, setComment] = useState('');
  const deciding = term.status === 'in_review';
  const mayDecide = deciding && reviewProblem({ roles, username, reviewers: term.reviewers, submittedBy: term.submittedBy }) === null;
  const moves = nextStatuses(term.status).filter((to) => {
    if (deciding && reviewDecisions.includes(to)) return mayDecide;
    if (!editor) return false;
    // Without reviewers a term skips review; with them it must go through it.
    if (term.status === 'draft' && to === 'approved') return term.reviewers.length === 0;
    if (to === 'in_review') return term.reviewers.length > 0;
    return true;
  });
  if (moves.length === 0) {
    return deciding ? (
      <p className="small text-body-secondary">{`Waiting for a decision by ${term.reviewers.join(', ') || 'an administrator'}.`}</p>
    ) : null;
  }
  const move = (to: TermStatus) =>
    void transition({ id: term.id, body: { to, ...(comment.trim() ? { comment: comment.trim() } : {}) } }).then(() => setComment(''));
  return (
    <div className="mb-3">
      {moving.error ? <InlineError>{apiErrorMessage(moving.error)}</InlineError> : null}
      {deciding && mayDecide ? (
        <div className="mb-2" style={{ maxWidth: '32rem' }}>
          <label htmlFor="term-decision-comment" className="form-label small mb-1">
            Comment on your decision (optional)
          </label>
          <textarea
            id="term-decision-comment"
            className="form-control form-control-sm"
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2" role="group" aria-label="Workflow">
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={`btn btn-sm ${to === 'approved' ? 'btn-success' : to === 'rejected' ? 'btn-outline-danger' : 'btn-outline-primary'}`}
            disabled={moving.isLoading}
            onClick={() => move(to)}
          >
            {actionLabels[to] ?? termStatusLabels[to]}
          </button>
        ))}
      </div>
    </div>
  );
}
