/**
 * Warehouse recommendations with estimated monthly savings (30 days), each carrying the
 * ALTER WAREHOUSE change that applies it (pass `recommendation.change` to Warehouse.write).
 *
 * - auto_suspend: the warehouse waits longer than 60 s before suspending. Replaying the range's
 *   gaps between running queries, a gap g costs min(g, current) idle seconds today and
 *   min(g, 60) at 60 s; the difference × credits per second is the saving (a resume after a
 *   longer gap is billed ≥ 60 s, which the 60-second tail already covers).
 * - downsize: low load (average running < 0.25, busy < 25% of the billed time), no queueing, no
 *   remote spilling. One size down halves the rate; running queries are assumed to take twice
 *   as long (so busy credits stay), idle credits halve: saving = (metered − busy) ÷ 2.
 *   Conservative: small queries rarely slow down that much.
 * - upsize: ≥ 1% of queries (and ≥ 5) spill to remote storage. One size up doubles the rate;
 *   busy credits stay (queries finish faster), idle credits double: a cost, shown as a negative
 *   saving.
 * - multi_cluster: queries queue (average queued load ≥ 0.05 or ≥ 5% of queries queued) on a
 *   single-cluster warehouse: MAX_CLUSTER_COUNT = 2 (Enterprise Edition). Extra cost ≈ a second
 *   cluster running for the time queries queued.
 * Size recommendations are held back when the warehouse's current size differs from the size
 * its queries ran at in the range (it was resized; the history no longer describes it).
 */
import { creditsPerHour, parseWarehouseSize, sizeStep } from '../../../platform/warehouse/billing.js';
import { num, str } from '../../../platform/warehouse/engine.js';
import { join, sql } from '../../../platform/warehouse/sql.js';
import type { AlterWarehouseChange } from '../management/changes.js';
import type { AnalyticsContext } from './context.js';
import { queryGapsRelation } from '../../../platform/warehouse/gaps.js';
import { rangeDays, rangeWindow, type DateRange } from './filters.js';
import { alterWarehouseDdl } from '../management/plan.js';
import { warehouseUsage, type WarehouseUsage } from './warehouses.js';
import type { RecommendationKind, Recommendation } from '@common/warehouse/analyticsContract';

export const TARGET_AUTO_SUSPEND_SECONDS = 60;
const DAYS_PER_MONTH = 30;

interface GapFigures {
  idleNowSeconds: number;
  idleAtTargetSeconds: number;
}

/** Replays the gaps between running queries of each warehouse under its current and the target auto-suspend. */
async function gapFigures(
  context: AnalyticsContext,
  range: DateRange,
  warehouses: readonly WarehouseUsage[],
): Promise<Map<string, GapFigures>> {
  const candidates = warehouses.filter((w) => w.autoSuspendSeconds !== null && w.autoSuspendSeconds > TARGET_AUTO_SUSPEND_SECONDS);
  const figures = new Map<string, GapFigures>();
  if (candidates.length === 0) return figures;
  const window = rangeWindow(range);
  const names = join(candidates.map((w) => sql`${w.name}`));
  const current = join(
    candidates.map((w) => sql`WHEN ${w.name} THEN ${w.autoSuspendSeconds ?? 0}`),
    ' ',
  );
  const rows = await context.engine.query(sql`
    WITH G AS (${queryGapsRelation(window)})
    SELECT WAREHOUSE_NAME AS "name",
           SUM(LEAST(GAP_S, CASE WAREHOUSE_NAME ${current} END)) AS "idleNow",
           SUM(LEAST(GAP_S, ${TARGET_AUTO_SUSPEND_SECONDS})) AS "idleAtTarget"
    FROM G WHERE WAREHOUSE_NAME IN (${names}) GROUP BY WAREHOUSE_NAME`);
  for (const row of rows) {
    figures.set(str(row, 'name'), { idleNowSeconds: num(row, 'idleNow'), idleAtTargetSeconds: num(row, 'idleAtTarget') });
  }
  return figures;
}

function describe(w: WarehouseUsage): Recommendation['current'] {
  return { size: w.sizeLabel, autoSuspendSeconds: w.autoSuspendSeconds, maxClusterCount: w.maxClusterCount };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
}

export function recommendFor(w: WarehouseUsage, gaps: GapFigures | undefined, days: number, pricePerCredit: number): Recommendation[] {
  const monthly = DAYS_PER_MONTH / Math.max(days, 1);
  const recommendations: Recommendation[] = [];
  const add = (
    kind: RecommendationKind,
    title: string,
    reason: string,
    credits: number,
    change: Omit<AlterWarehouseChange, 'kind' | 'warehouseName'>,
  ): void => {
    recommendations.push({
      id: `${w.name}:${kind}`,
      warehouseName: w.name,
      kind,
      title,
      reason,
      current: describe(w),
      estimatedMonthlySavingsCredits: credits,
      estimatedMonthlySavings: credits * pricePerCredit,
      change: { kind: 'alterWarehouse', warehouseName: w.name, ...change },
      statement: alterWarehouseDdl(w.name, change).text,
    });
  };
  if (w.meteredCredits <= 0 || w.size === null) return recommendations;
  const rate = creditsPerHour(w.size);
  const unused = Math.max(0, w.meteredCredits - w.busyCredits);

  if (gaps && w.autoSuspendSeconds !== null && w.autoSuspendSeconds > TARGET_AUTO_SUSPEND_SECONDS) {
    const credits = (((gaps.idleNowSeconds - gaps.idleAtTargetSeconds) * rate) / 3600) * monthly;
    if (credits >= Math.max(1, 0.03 * w.meteredCredits * monthly)) {
      add(
        'auto_suspend',
        `Suspend ${w.name} after ${TARGET_AUTO_SUSPEND_SECONDS} seconds`,
        `${w.name} waits ${w.autoSuspendSeconds} s after the last query before suspending; queries were running only ${percent(w.busyShare)} of the billed time.`,
        credits,
        { autoSuspendSeconds: TARGET_AUTO_SUSPEND_SECONDS },
      );
    }
  }

  const resized = w.historicalSize !== null && parseWarehouseSize(w.historicalSize) !== w.size;
  const spillShare = w.queries > 0 ? w.remoteSpillQueries / w.queries : 0;
  const queuedShare = w.queries > 0 ? w.queuedQueries / w.queries : 0;
  const smaller = sizeStep(w.size, -1);
  if (
    !resized &&
    smaller &&
    w.averageRunning < 0.25 &&
    w.busyShare < 0.25 &&
    w.averageQueued < 0.01 &&
    spillShare < 0.001 &&
    (unused / 2) * monthly >= 1
  ) {
    add(
      'downsize',
      `Downsize ${w.name} to ${smaller}`,
      `Average load is ${w.averageRunning.toFixed(2)} running queries while ${w.name} runs, with no queueing or remote spilling.`,
      (unused / 2) * monthly,
      { size: smaller },
    );
  }
  const larger = sizeStep(w.size, 1);
  if (!resized && larger && spillShare >= 0.01 && w.remoteSpillQueries >= 5) {
    add(
      'upsize',
      `Upsize ${w.name} to ${larger}`,
      `${w.remoteSpillQueries} queries (${percent(spillShare)}) spilled to remote storage: ${w.size} lacks the memory for them, and they run far slower.`,
      -unused * monthly,
      { size: larger },
    );
  }
  if (w.maxClusterCount <= 1 && (w.averageQueued >= 0.05 || (queuedShare >= 0.05 && w.queuedQueries >= 5))) {
    add(
      'multi_cluster',
      `Let ${w.name} add a second cluster when busy`,
      `${w.queuedQueries} queries (${percent(queuedShare)}) waited in the queue, ${Math.round(w.queuedSeconds / 60)} minutes in all; a second cluster starts only while queries queue (Enterprise Edition).`,
      -((w.queuedSeconds * rate) / 3600) * monthly,
      { maxClusterCount: 2 },
    );
  }
  return recommendations;
}

/** Recommendations for every warehouse, the largest saving first. */
export async function warehouseRecommendations(
  context: AnalyticsContext,
  range: DateRange,
  usage?: WarehouseUsage[],
): Promise<Recommendation[]> {
  const warehouses = usage ?? (await warehouseUsage(context, range));
  const gaps = await gapFigures(context, range, warehouses);
  const days = rangeDays(range);
  return warehouses
    .flatMap((w) => recommendFor(w, gaps.get(w.name), days, context.prices.pricePerCredit))
    .sort((a, b) => b.estimatedMonthlySavingsCredits - a.estimatedMonthlySavingsCredits || a.id.localeCompare(b.id));
}

export type { RecommendationKind, Recommendation };
