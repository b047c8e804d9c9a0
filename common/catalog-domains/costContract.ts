// Cost per asset (GET /api/catalog/costs/…): warehouse query cost attributed to dbt models —
// queries carrying dbt's query comment or a query tag with the node id are the model's builds;
// queries naming its relation are its reads — over the last COST_WINDOW_DAYS days of the
// organisation's usage copy, priced as Optimize prices queries.
import { z } from 'zod';

export const costFigures = z.object({
  credits: z.number(),
  cost: z.number(),
  builds: z.number(),
  /** The same figure over the window before, for the trend; null when the copy does not reach back that far. */
  previousCost: z.number().nullable(),
  /** One value per day of the window, oldest first (cost). */
  daily: z.array(z.object({ day: z.string(), cost: z.number() })),
});
export type CostFigures = z.infer<typeof costFigures>;

export const costWindow = z.object({ from: z.string(), to: z.string(), currency: z.string() });
export type CostWindow = z.infer<typeof costWindow>;

export const assetCostResponse = z.object({
  window: costWindow,
  /** The asset's own builds (models, seeds, snapshots) or its upstream models' builds (exposures). */
  cost: costFigures,
  reads: z.number(),
  lastRead: z.string().nullable(),
  /** Exposures: the models whose builds are summed. */
  upstreamModels: z.number(),
});
export type AssetCostResponse = z.infer<typeof assetCostResponse>;

export const unreadModel = z.object({
  uniqueId: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  cost: z.number(),
  builds: z.number(),
});
export type UnreadModel = z.infer<typeof unreadModel>;
export const unreadModelsResponse = z.object({ window: costWindow, models: z.array(unreadModel), totalCost: z.number() });
export type UnreadModelsResponse = z.infer<typeof unreadModelsResponse>;

export const exposureCost = z.object({ uniqueId: z.string(), cost: z.number(), builds: z.number(), upstreamModels: z.number() });
export const exposureCostsResponse = z.object({ window: costWindow, exposures: z.array(exposureCost) });
export type ExposureCostsResponse = z.infer<typeof exposureCostsResponse>;

export const assetCostQuery = z.strictObject({
  assetId: z.string().trim().min(1, 'must not be empty').max(1024, 'must be at most 1024 characters'),
});
