// Data Products (GET/POST /api/catalog/products, GET/PUT/DELETE /api/catalog/products/:id): a
// named group of the project's assets and exposures with an owner, a description and an
// objective — sources fresh within N hours and/or a test pass rate of at least X% — evaluated
// from the stored freshness results and test states, with the reasons when it is not met.
import { z } from 'zod';
import { DESCRIPTION_MAX, PRODUCT_MEMBERS_MAX } from './catalogOrganisationRules';
import { domainName } from './domainsContract';
import { costFigures, costWindow } from './costContract';

export const productIdParams = z.strictObject({ productId: z.uuid({ error: 'must be a product id' }) });

export const productObjective = z.strictObject({
  /** Every source the product reads (its own and those upstream of its assets) loaded within this many hours. */
  freshnessHours: z
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .max(24 * 365, 'must be at most a year')
    .nullable()
    .default(null),
  /** Share of the product's tests passing at their last run, in percent. */
  minTestPassRate: z
    .number({ error: 'must be a number' })
    .min(0, 'must be between 0 and 100')
    .max(100, 'must be between 0 and 100')
    .nullable()
    .default(null),
});
export type ProductObjective = z.output<typeof productObjective>;

const memberId = z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters');

export const productBody = z.strictObject({
  name: z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  description: z.string({ error: 'must be a text' }).max(DESCRIPTION_MAX, `must be at most ${DESCRIPTION_MAX} characters`).default(''),
  owner: z.string({ error: 'must be a text' }).trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters'),
  domain: domainName.nullable().default(null),
  /** Unique ids of models, sources, seeds, snapshots and exposures of the current dbt project. */
  assets: z
    .array(memberId, { error: 'must be a list of asset ids' })
    .max(PRODUCT_MEMBERS_MAX, `must list at most ${PRODUCT_MEMBERS_MAX} assets`)
    .default([]),
  objective: productObjective.default({ freshnessHours: null, minTestPassRate: null }),
});
export type ProductBody = z.input<typeof productBody>;
export type ProductInput = z.output<typeof productBody>;

export const productMember = z.object({ uniqueId: z.string(), name: z.string(), resourceType: z.string(), present: z.boolean() });
export type ProductMember = z.infer<typeof productMember>;

export const objectiveCheck = z.object({
  kind: z.enum(['freshness', 'tests']),
  met: z.boolean(),
  /** What the check found, in words ("3 of 4 sources loaded within 24 hours"). */
  summary: z.string(),
  /** Why it is not met, one line per offending source or test. */
  reasons: z.array(z.string()),
});
export type ObjectiveCheck = z.infer<typeof objectiveCheck>;

export const objectiveStatus = z.object({
  /** null: the product sets no objective. */
  met: z.boolean().nullable(),
  checks: z.array(objectiveCheck),
});
export type ObjectiveStatus = z.infer<typeof objectiveStatus>;

export const productSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.string(),
  domain: z.string().nullable(),
  objective: productObjective,
  assetCount: z.number(),
  exposureCount: z.number(),
  status: objectiveStatus,
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type ProductSummary = z.infer<typeof productSummary>;

export const productsResponse = z.object({ products: z.array(productSummary) });
export type ProductsResponse = z.infer<typeof productsResponse>;

export const productDetail = productSummary.extend({
  members: z.array(productMember),
  /** Builds of the product's models and of those upstream of its exposures, over the cost window; null without warehouse figures. */
  cost: costFigures.nullable(),
  /**
   * Each member's own build cost over the window: a model's (seed's, snapshot's) own builds, an
   * exposure's the builds of everything upstream; sources have none. Null with `cost`.
   */
  memberCosts: z.record(z.string(), z.number()).nullable(),
  costWindow: costWindow.nullable(),
  costUnavailable: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;
export const productResponse = z.object({ product: productDetail });

/** The menu's entries: names only, cheap. */
export const productMenuResponse = z.object({ products: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ProductMenuResponse = z.infer<typeof productMenuResponse>;
