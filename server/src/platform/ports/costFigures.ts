// What moved an organisation's Snowflake bill, for areas other than the warehouse area (the help
// assistant answers "why did my bill go up?" with it). The warehouse area provides it over its
// registry; the figures are the Cost page's own top movers (cached as the page's are).
import type { CostMovers } from '@common/warehouse/analyticsContract';
import { definePort } from './portRegistry.js';

export interface CostFigures {
  /** This month so far against the same days of last month, or null when the account has no usage yet. */
  monthMovers(organisation: string): Promise<CostMovers | null>;
}

export const costFiguresPort = definePort<CostFigures>('cost figures');
