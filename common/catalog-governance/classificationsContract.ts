// Classifications (GET/POST/DELETE /api/catalog/governance/classifications…): categories of tags
// (PII with Sensitive / NonSensitive, Tier with Tier1–Tier5, and the organisation's own),
// mutually exclusive or not, applied to assets and columns by people, mapped in from dbt, and
// suggested for personal data from column names and sampled values.
//
// dbt mapping (on read, so every ingestion counts at once and nothing is copied):
// - a node or column tag `pii`, `sensitive` or `personal_data`, or the node's `meta.contains_pii`
//   true → PII.Sensitive; `meta.contains_pii` false → PII.NonSensitive;
// - a node tag `tier1` … `tier5` (or `tier_1`, `tier-1`), or `meta.tier` 1–5 / "tier1" / "Tier 1"
//   → Tier.TierN;
// - a tag named `<Category>.<Tag>` of an existing category and tag (e.g. `PII.Sensitive`) → that tag.
// A person's application in a mutually exclusive category takes the place of dbt's there.
import { z } from 'zod';

export const CLASSIFICATION_NAME_MAX = 64;
const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(CLASSIFICATION_NAME_MAX, `must be at most ${CLASSIFICATION_NAME_MAX} characters`)
  .regex(/^[A-Za-z][A-Za-z0-9_ -]*$/, 'must start with a letter and hold only letters, digits, spaces, _ and -');
const uuid = (what: string) => z.uuid({ error: `must be a ${what} id` });

export const applicationSources = ['manual', 'suggestion', 'dbt'] as const;
export type ApplicationSource = (typeof applicationSources)[number];

export const classificationIdParams = z.strictObject({ classificationId: uuid('classification') });
export const tagIdParams = z.strictObject({ tagId: uuid('tag') });
export const suggestionIdParams = z.strictObject({ suggestionId: uuid('suggestion') });

export const classificationBody = z.strictObject({
  name,
  description: z.string().max(2000, 'must be at most 2000 characters').default(''),
  mutuallyExclusive: z.boolean({ error: 'must be true or false' }).default(false),
});
export type ClassificationBody = z.input<typeof classificationBody>;

export const tagBody = z.strictObject({ name, description: z.string().max(2000, 'must be at most 2000 characters').default('') });
export type TagBody = z.input<typeof tagBody>;

export const classificationTag = z.object({ id: z.string(), name: z.string(), description: z.string(), usage: z.number() });
export type ClassificationTag = z.infer<typeof classificationTag>;
export const classificationRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  mutuallyExclusive: z.boolean(),
  tags: z.array(classificationTag),
});
export type ClassificationRecord = z.infer<typeof classificationRecord>;
export const classificationListResponse = z.object({ classifications: z.array(classificationRecord), editor: z.boolean() });
export type ClassificationListResponse = z.infer<typeof classificationListResponse>;

export const applyBody = z.strictObject({
  tagId: uuid('tag'),
  nodeId: z.string().trim().min(1, 'must name an asset').max(1000),
  columnName: z.string().trim().min(1).max(1000).nullable().default(null),
});
export type ApplyBody = z.input<typeof applyBody>;
export const unapplyBody = applyBody;

export const applicationRecord = z.object({
  tagId: z.string(),
  tag: z.string(),
  classification: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  columnName: z.string().nullable(),
  source: z.enum(applicationSources),
  appliedBy: z.string().nullable(),
});
export type ApplicationRecord = z.infer<typeof applicationRecord>;

export const applicationsQuery = z.strictObject({
  tagId: uuid('tag').optional(),
  nodeId: z.string().trim().min(1).max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(500, 'must be at most 500').default(200),
});
export const applicationsResponse = z.object({ applications: z.array(applicationRecord), total: z.number() });
export type ApplicationsResponse = z.infer<typeof applicationsResponse>;

export const suggestionStates = ['pending', 'accepted', 'rejected'] as const;
export type SuggestionState = (typeof suggestionStates)[number];
export const suggestionRecord = z.object({
  id: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  columnName: z.string(),
  tagId: z.string(),
  tag: z.string(),
  classification: z.string(),
  /** `name` (the column's name matched a pattern) or `values` (sampled values did). */
  basis: z.enum(['name', 'values']),
  /** What matched: the pattern's label, and for values the share of sampled values that matched. */
  evidence: z.string(),
  state: z.enum(suggestionStates),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type SuggestionRecord = z.infer<typeof suggestionRecord>;
export const suggestionsQuery = z.strictObject({
  state: z.enum(suggestionStates, { error: `must be one of ${suggestionStates.join(', ')}` }).default('pending'),
});
export const suggestionsResponse = z.object({
  suggestions: z.array(suggestionRecord),
  scan: z.object({ jobId: z.string().nullable(), scannedAt: z.string().nullable() }),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponse>;
export const suggestionDecisionBody = z.strictObject({ decision: z.enum(['accept', 'reject'], { error: 'must be accept or reject' }) });
export type SuggestionDecisionBody = z.infer<typeof suggestionDecisionBody>;
export const SUGGESTION_SCAN_JOB = 'catalog.governance.pii-scan';
