import { featureStatusLabels, type FeatureStatus } from '@common/feature-requests/featureRules';
import { ToneBadge } from '../../components/ToneBadge';

const classes: Record<FeatureStatus, string> = {
  under_consideration: 'text-bg-secondary',
  planned: 'text-bg-info',
  in_progress: 'text-bg-primary',
  released: 'text-bg-success',
  declined: 'text-bg-dark',
};

export function FeatureStatusBadge({ status }: { status: FeatureStatus }) {
  return <ToneBadge tones={classes} labels={featureStatusLabels} value={status} />;
}
