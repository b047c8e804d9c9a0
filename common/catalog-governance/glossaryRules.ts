// Glossary rules both sides apply: a term's workflow (Draft → In review → Approved / Rejected →
// Deprecated), which moves are allowed, and who may make each one.
// - Editors (the roles in the organisation's governance settings, by default admin and
//   Client-Dataworks-docs) write glossaries and terms and move a term to review, back to draft
//   or to deprecated.
// - Approving or rejecting a term in review is for its reviewers and for admins. As in
//   OpenMetadata, a term without reviewers needs no review: an editor approves it from Draft.
//   A reviewer who submitted the term cannot also approve it alone: someone else has to look.
import { hasAnyRole } from '../access/editions';

export const termStatuses = ['draft', 'in_review', 'approved', 'rejected', 'deprecated'] as const;
export type TermStatus = (typeof termStatuses)[number];

export const termStatusLabels: Record<TermStatus, string> = {
  draft: 'Draft',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  deprecated: 'Deprecated',
};

/** From each status, where a term may go. */
const allowed: Record<TermStatus, readonly TermStatus[]> = {
  draft: ['in_review', 'approved'],
  in_review: ['approved', 'rejected', 'draft'],
  approved: ['deprecated', 'draft'],
  rejected: ['draft'],
  deprecated: ['draft'],
};

export function canMoveTerm(from: TermStatus, to: TermStatus): boolean {
  return allowed[from].includes(to);
}

export function nextStatuses(from: TermStatus): readonly TermStatus[] {
  return allowed[from];
}

/** The moves that decide a review. */
export const reviewDecisions: readonly TermStatus[] = ['approved', 'rejected'];

export const DEFAULT_GLOSSARY_EDITOR_ROLES = ['admin', 'Client-Dataworks-docs'] as const;
/** Roles an organisation may name as glossary editors (settings). */
export const glossaryEditorRoleChoices = ['admin', 'Client-Admin', 'Client-Dataworks-docs', 'Client-dataworks-business-users'] as const;

export const NAME_MAX = 128;
export const DEFINITION_MAX = 20_000;
export const PEOPLE_MAX = 20;
export const SYNONYMS_MAX = 50;
export const RELATED_MAX = 50;
export const IMPORT_ROWS_MAX = 2_000;

export function canEditGlossary(userRoles: readonly string[], editorRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, editorRoles);
}

export interface ReviewContext {
  roles: readonly string[];
  username: string;
  reviewers: readonly string[];
  submittedBy: string | null;
}

/**
 * Whether this person may approve or reject a term in review; null when they may, else why not.
 * Usernames compare case-insensitively (reviewers are typed by people).
 */
export function reviewProblem(context: ReviewContext): string | null {
  const me = context.username.toLowerCase();
  const admin = hasAnyRole(context.roles, ['admin']);
  const reviewers = context.reviewers.map((name) => name.toLowerCase());
  if (!admin && !reviewers.includes(me)) return "Only the term's reviewers or an administrator may approve or reject it.";
  if (context.submittedBy?.toLowerCase() === me && reviewers.length > 0 && reviewers.every((name) => name === me) && !admin) {
    return 'You submitted this term and are its only reviewer: another reviewer or an administrator has to decide.';
  }
  return null;
}
