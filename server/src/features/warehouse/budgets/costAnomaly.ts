// Cost anomalies: a day whose account cost stands far above the days before it. After each usage
// sync the last complete day of the copy (the day before its last, which may still be filling)
// is compared with the 28 days before it: it is an anomaly when it is more than three standard
// deviations above their mean and at least half again as much (the second test keeps a very
// steady account from calling a small wobble an anomaly). Days without spend count as zero.
// Each organisation's day is reported once per portal instance: a restart may report it again.
import type { SignalInput } from '@common/signals/signalTypes';
import type { DateRange } from '@common/warehouse/analyticsContract';
import { appPaths } from '@common/paths';
import { addUtcDays } from '@common/time/utcDay';
import type { DailyCost } from '../analytics/scopeSpend.js';
import type { ReportSignal } from '../../../platform/signals/index.js';

export const ANOMALY_BASELINE_DAYS = 28;

export interface CostAnomaly {
  day: string;
  cost: number;
  baselineMean: number;
  baselineDeviation: number;
}

interface SpendSource {
  dataRange(): Promise<DateRange | null>;
  dailyScopeSpend(scope: 'account', value: null, range: DateRange): Promise<DailyCost[]>;
}

/** The anomaly on the copy's last complete day, or null (also when there are not 28 days before it). */
export async function detectCostAnomaly(source: SpendSource): Promise<CostAnomaly | null> {
  const range = await source.dataRange();
  if (!range) return null;
  const day = addUtcDays(range.to, -1);
  const from = addUtcDays(day, -ANOMALY_BASELINE_DAYS);
  if (from < range.from) return null;
  const spend = new Map((await source.dailyScopeSpend('account', null, { from, to: day })).map((entry) => [entry.day, entry.cost]));
  const baseline = Array.from({ length: ANOMALY_BASELINE_DAYS }, (_, index) => spend.get(addUtcDays(from, index)) ?? 0);
  const mean = baseline.reduce((sum, cost) => sum + cost, 0) / baseline.length;
  const deviation = Math.sqrt(baseline.reduce((sum, cost) => sum + (cost - mean) ** 2, 0) / baseline.length);
  const cost = spend.get(day) ?? 0;
  if (cost <= 0 || cost <= mean + 3 * deviation || cost < mean * 1.5) return null;
  return { day, cost, baselineMean: mean, baselineDeviation: deviation };
}

export function costAnomalySignal(organisation: string, anomaly: CostAnomaly): SignalInput {
  const money = (value: number) => `$${value.toLocaleString('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}`;
  const factor = anomaly.baselineMean > 0 ? ` (${(anomaly.cost / anomaly.baselineMean).toFixed(1)}× the daily average)` : '';
  return {
    organisation,
    kind: 'cost_anomaly',
    title: `Warehouse cost on ${anomaly.day} was ${money(anomaly.cost)}${factor}`,
    body: `The ${ANOMALY_BASELINE_DAYS} days before averaged ${money(anomaly.baselineMean)} a day (standard deviation ${money(anomaly.baselineDeviation)}). See what drove it in Optimize.`,
    link: `${appPaths.snowflakeCost}?from=${anomaly.day}&to=${anomaly.day}`,
    facts: { day: anomaly.day, cost: Number(anomaly.cost.toFixed(2)), baselineMean: Number(anomaly.baselineMean.toFixed(2)) },
  };
}

/** Checks after each sync and reports each organisation's anomalous day once. */
export function createCostAnomalyWatch(report: ReportSignal) {
  const reported = new Set<string>();
  return async (organisation: string, source: SpendSource): Promise<CostAnomaly | null> => {
    const anomaly = await detectCostAnomaly(source);
    if (!anomaly || reported.has(`${organisation}:${anomaly.day}`)) return anomaly;
    reported.add(`${organisation}:${anomaly.day}`);
    await report(costAnomalySignal(organisation, anomaly));
    return anomaly;
  };
}
