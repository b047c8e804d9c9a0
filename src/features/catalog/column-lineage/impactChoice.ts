// The impact analysis's choice as the asset page's URL holds it, so a report can be linked:
// `?impact=<column>` (or `?impact=*` for the whole model) and `&depth=` (1 to 10, 5 when absent).
import { IMPACT_DEPTH_MAX } from '@common/column-lineage/columnLineageContract';

export const IMPACT_PARAM = 'impact';
export const DEPTH_PARAM = 'depth';
/** The `impact` value for a change to the whole model rather than one column. */
export const WHOLE_MODEL = '*';
export const DEFAULT_IMPACT_DEPTH = 5;
export const impactDepths = Array.from({ length: IMPACT_DEPTH_MAX }, (_, index) => index + 1);

export interface ImpactChoice {
  /** The column that changes, or null for the whole model. */
  column: string | null;
  depth: number;
}

/** The depth in the URL, or the default when it is missing or not a whole number from 1 to 10. */
export function readDepth(params: URLSearchParams): number {
  const depth = Number(params.get(DEPTH_PARAM));
  return Number.isInteger(depth) && depth >= 1 && depth <= IMPACT_DEPTH_MAX ? depth : DEFAULT_IMPACT_DEPTH;
}

/** The choice in the URL, or null when the page shows no report. */
export function readImpactChoice(params: URLSearchParams): ImpactChoice | null {
  const impact = params.get(IMPACT_PARAM);
  if (!impact) return null;
  return { column: impact === WHOLE_MODEL ? null : impact, depth: readDepth(params) };
}

/** The page's query with this choice in it (the page's other parameters kept). */
export function withImpactChoice(current: URLSearchParams, choice: ImpactChoice): URLSearchParams {
  const next = new URLSearchParams(current);
  next.set(IMPACT_PARAM, choice.column ?? WHOLE_MODEL);
  next.set(DEPTH_PARAM, String(choice.depth));
  return next;
}

/** The same as a link's `?…`. */
export function impactSearch(current: URLSearchParams, choice: ImpactChoice): string {
  return `?${withImpactChoice(current, choice).toString()}`;
}
