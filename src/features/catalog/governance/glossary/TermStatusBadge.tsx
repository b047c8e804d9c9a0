import { termStatusLabels, type TermStatus } from '@common/catalog-governance/glossaryRules';
import { ToneBadge } from '../../../../components/ToneBadge';

const variant: Record<TermStatus, string> = {
  draft: 'text-bg-secondary',
  in_review: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
  deprecated: 'text-bg-dark',
};

/** A term's status in words (never colour alone). */
export function TermStatusBadge({ status }: { status: TermStatus }) {
  return <ToneBadge tones={variant} labels={termStatusLabels} value={status} />;
}
