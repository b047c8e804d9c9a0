// Feature requests and the roadmap (/api/features): votes by the organisation's users (one
// each), comments, subscribers told of every status change through the notifications service.
import { z } from 'zod';
import { COMMENT_MAX, MARKDOWN_MAX, TITLE_MAX, lineText, markdownText, searchText } from '../workspace/fieldRules';
import { featureStatuses } from './featureRules';

export const DECLINE_REASON_MAX = 1_000;

export const featureSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(featureStatuses),
  declineReason: z.string().nullable(),
  authorUsername: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  votes: z.number(),
  myVote: z.boolean(),
  comments: z.number(),
});
export type FeatureSummary = z.infer<typeof featureSummary>;

export const featureComment = z.object({ id: z.string(), body: z.string(), authorUsername: z.string(), createdAt: z.string() });
export type FeatureComment = z.infer<typeof featureComment>;

export const featureDetail = featureSummary.extend({
  description: z.string(),
  subscribed: z.boolean(),
  subscribers: z.number(),
  commentList: z.array(featureComment),
  canChangeStatus: z.boolean(),
});
export type FeatureDetail = z.infer<typeof featureDetail>;

export const featureListQuery = z.object({
  q: searchText,
  status: z.enum(featureStatuses).optional(),
  sort: z.enum(['votes', 'newest']).optional(),
});
export type FeatureListQuery = z.input<typeof featureListQuery>;
export const featureListResponse = z.object({ features: z.array(featureSummary), canChangeStatus: z.boolean() });
export type FeatureListResponse = z.infer<typeof featureListResponse>;

export const createFeatureBody = z.strictObject(
  { title: lineText(TITLE_MAX), description: markdownText(MARKDOWN_MAX) },
  { error: 'must be a JSON object' },
);
export type FeatureInput = z.input<typeof createFeatureBody>;
export const featureStatusBody = z.strictObject(
  {
    status: z.enum(featureStatuses, { error: `must be one of ${featureStatuses.join(', ')}` }),
    reason: markdownText(DECLINE_REASON_MAX).optional(),
  },
  { error: 'must be a JSON object' },
);
export type FeatureStatusChange = z.input<typeof featureStatusBody>;
export const featureCommentBody = z.strictObject({ body: markdownText(COMMENT_MAX) }, { error: 'must be a JSON object' });
export const featureVoteBody = z.strictObject({ vote: z.boolean({ error: 'must be true or false' }) }, { error: 'must be a JSON object' });
export const featureSubscriptionBody = z.strictObject(
  { subscribed: z.boolean({ error: 'must be true or false' }) },
  { error: 'must be a JSON object' },
);
export const featureResponse = z.object({ feature: featureDetail });
