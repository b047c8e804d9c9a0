// The roadmap's statuses and the moves between them, run by both sides:
// under consideration → planned → in progress → released, or declined (with a reason) before
// it is released; a declined request may be considered again. Anything else is refused, naming it.

export const featureStatuses = ['under_consideration', 'planned', 'in_progress', 'released', 'declined'] as const;
export type FeatureStatus = (typeof featureStatuses)[number];

export const featureStatusLabels: Record<FeatureStatus, string> = {
  under_consideration: 'Under consideration',
  planned: 'Planned',
  in_progress: 'In progress',
  released: 'Released',
  declined: 'Declined',
};

const allowed: Record<FeatureStatus, readonly FeatureStatus[]> = {
  under_consideration: ['planned', 'declined'],
  planned: ['in_progress', 'declined'],
  in_progress: ['released', 'declined'],
  released: [],
  declined: ['under_consideration'],
};

export function nextFeatureStatuses(from: FeatureStatus): readonly FeatureStatus[] {
  return allowed[from];
}

/** Why a status change is refused, naming it; undefined when it is allowed. */
export function featureTransitionProblem(from: FeatureStatus, to: FeatureStatus): string | undefined {
  if (allowed[from].includes(to)) return undefined;
  const next = allowed[from].map((status) => featureStatusLabels[status].toLowerCase());
  return `${featureStatusLabels[from]} → ${featureStatusLabels[to]} is not allowed: a request that is ${featureStatusLabels[from].toLowerCase()} can ${
    next.length > 0 ? `only become ${next.join(' or ')}` : 'not change status any more'
  }.`;
}
