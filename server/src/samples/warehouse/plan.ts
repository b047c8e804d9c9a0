/**
 * Everything the generator decides in JS before any SQL runs: the seed, the window (90 days unless
 * asked otherwise; the scale benchmark draws a year), how
 * many queries each workload gets, and the account's people. Small, deterministic, testable.
 */
import { DAY_MS, startOfUtcDay } from '@common/time/utcDay';
import { creditsPerHour } from '../../platform/warehouse/billing.js';
import { mulberry32, seedFrom } from '../../platform/random/seededRandom.js';
import { samplePeople, type SamplePeople } from './people.js';
import { SAMPLE_WAREHOUSES, type SampleWarehouse } from './sampleWarehouses.js';
import type { Workload } from './workloadShapes.js';
import { CLOUD_SERVICES_PER_COMPILE_SECOND, MONITOR_CLOUD_SERVICES_PER_DAY, REFERENCE_QUERY_COUNT, SAMPLE_WORKLOADS } from './workloads.js';

export const SAMPLE_DAYS = 90;

export interface PlannedWorkload extends Workload {
  queryCount: number;
  /** Cloud-services credits per compilation millisecond (warehouse workloads). */
  cloudServicesPerCompileMs: number;
  /** Mean cloud-services credits per query (the monitoring workload, which has no warehouse). */
  cloudServicesPerQuery: number;
}

export interface SamplePlan {
  org: string;
  seed: number;
  /** Start of the first day (00:00 UTC). */
  windowStart: Date;
  /** The generation time truncated to the hour; nothing happens at or after it. */
  windowEnd: Date;
  days: number;
  queryCount: number;
  warehouses: ReadonlyArray<SampleWarehouse & { id: number; creditsPerHour: number }>;
  workloads: PlannedWorkload[];
  people: SamplePeople;
}

function countWeekdays(start: Date, end: Date): number {
  let count = 0;
  for (const day = new Date(start); day < end; day.setUTCDate(day.getUTCDate() + 1)) {
    const dow = day.getUTCDay();
    if (dow !== 0 && dow !== 6) count += 1;
  }
  return count;
}

export function planSample(org: string, queryCount: number, now: Date = new Date(), windowDays: number = SAMPLE_DAYS): SamplePlan {
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > 1100)
    throw new Error(`A sample covers 1 to 1100 days, not ${windowDays}`);
  const seed = seedFrom(`dataworks-sample:${org}`);
  const random = mulberry32(seed);
  const windowEnd = new Date(now);
  windowEnd.setUTCMinutes(0, 0, 0);
  const windowStart = new Date(startOfUtcDay(windowEnd).getTime() - windowDays * DAY_MS);
  const days = (windowEnd.getTime() - windowStart.getTime()) / DAY_MS;

  const people = samplePeople(random, org);
  const fixed = SAMPLE_WORKLOADS.filter((w) => w.perWeekday !== undefined);
  const fixedCounts = new Map(fixed.map((w) => [w.id, Math.round((w.perWeekday ?? 0) * countWeekdays(windowStart, windowEnd))]));
  const fixedTotal = [...fixedCounts.values()].reduce((a, b) => a + b, 0);
  const flexible = Math.max(0, queryCount - fixedTotal);
  const shareTotal = SAMPLE_WORKLOADS.reduce((sum, w) => sum + (w.perWeekday === undefined ? w.share : 0), 0);
  // Per-size scaling keeps the account's cloud-services profile the same at any sample size.
  const scale = REFERENCE_QUERY_COUNT / Math.max(queryCount, 1);

  let assigned = 0;
  const workloads = SAMPLE_WORKLOADS.map((w, index): PlannedWorkload => {
    const users =
      w.id === 'analytics'
        ? people.analysts.map((name) => ({ name, role: 'ANALYST', weight: random.jitter(1, 0.6) }))
        : w.id === 'dev'
          ? people.engineers.map((name) => ({ name, role: 'DATA_ENGINEER', weight: random.jitter(1, 0.5) }))
          : w.users;
    let count = fixedCounts.get(w.id) ?? Math.floor((flexible * w.share) / shareTotal);
    if (index === SAMPLE_WORKLOADS.length - 1) count = Math.max(0, queryCount - assigned);
    assigned += count;
    return {
      ...w,
      users,
      queryCount: count,
      cloudServicesPerCompileMs: (CLOUD_SERVICES_PER_COMPILE_SECOND / 1000) * scale,
      cloudServicesPerQuery:
        w.warehouse === null && count > 0 ? (MONITOR_CLOUD_SERVICES_PER_DAY * random.jitter(1, 0.1) * days) / count : 0,
    };
  });

  return {
    org,
    seed,
    windowStart,
    windowEnd,
    days,
    queryCount,
    warehouses: SAMPLE_WAREHOUSES.map((w, i) => ({ ...w, id: 1001 + i, creditsPerHour: creditsPerHour(w.size) })),
    workloads,
    people,
  };
}
