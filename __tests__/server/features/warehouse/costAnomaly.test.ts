// Cost anomalies: the copy's last complete day against the 28 days before it.
import { createCostAnomalyWatch, detectCostAnomaly } from '../../../../server/src/features/warehouse/budgets/costAnomaly';

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 40 days of data ending 2026-11-24 (partial); `costs` gives each day's spend by its offset from the last complete day (0 = 2026-11-23). */
function source(cost: (offset: number) => number, from = '2026-10-15') {
  const calls: { from: string; to: string }[] = [];
  return {
    calls,
    dataRange: async () => ({ from, to: '2026-11-24' }),
    dailyScopeSpend: async (_scope: 'account', _value: null, range: { from: string; to: string }) => {
      calls.push(range);
      const days = [];
      for (let day = range.from; day <= range.to; day = shift(day, 1)) {
        const value = cost(Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse('2026-11-23T00:00:00Z')) / 86_400_000));
        if (value > 0) days.push({ day, cost: value });
      }
      return days;
    },
  };
}

test('a day far above its 28 days before is an anomaly; the partial last day is not judged', async () => {
  const spiky = source((offset) => (offset === 0 ? 400 : 100 + (Math.abs(offset) % 3) * 5));
  const anomaly = await detectCostAnomaly(spiky);
  expect(anomaly).toMatchObject({ day: '2026-11-23', cost: 400 });
  expect(anomaly?.baselineMean).toBeCloseTo(105, 0);
  expect(spiky.calls).toEqual([{ from: '2026-10-26', to: '2026-11-23' }]);
});

test('ordinary days, a noisy account, a quiet account and too little history are not anomalies', async () => {
  expect(await detectCostAnomaly(source(() => 100))).toBeNull();
  expect(await detectCostAnomaly(source((offset) => (offset === 0 ? 130 : offset % 2 === 0 ? 40 : 160)))).toBeNull();
  expect(await detectCostAnomaly(source((offset) => (offset === 0 ? 0.5 : 0)))).not.toBeNull();
  expect(await detectCostAnomaly(source((offset) => (offset === 0 ? 0 : 100)))).toBeNull();
  expect(await detectCostAnomaly(source((offset) => (offset === 0 ? 400 : 100), '2026-11-10'))).toBeNull();
});

test('each organisation day is reported once', async () => {
  const reported: string[] = [];
  const watch = createCostAnomalyWatch(async (signal) => {
    reported.push(`${signal.organisation}:${signal.kind}:${signal.title}`);
  });
  const spiky = source((offset) => (offset === 0 ? 400 : 100));
  await watch('acme', spiky);
  await watch('acme', spiky);
  await watch('globex', spiky);
  expect(reported).toEqual([
    'acme:cost_anomaly:Warehouse cost on 2026-11-23 was $400.00 (4.0× the daily average)',
    'globex:cost_anomaly:Warehouse cost on 2026-11-23 was $400.00 (4.0× the daily average)',
  ]);
});
