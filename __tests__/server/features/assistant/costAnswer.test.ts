// Which questions the assistant answers with the Cost page's figures, and how the figures read.
import { asksAboutBill, costPassage } from '../../../../server/src/features/assistant/costAnswer';
import type { CostMovers } from '@common/warehouse/analyticsContract';

it.each([
  'why did my snowflake bill go up this month?',
  'Why are our costs higher than last month',
  'what changed in the bill?',
  'snowflake spend increased, why',
  'Why did credits jump?',
])('"%s" asks about the bill going up', (question) => {
  expect(asksAboutBill(question)).toBe(true);
});

it.each(['how do I read the lineage graph?', 'where is the cost page', 'why is my query slow?', 'reset my password'])(
  '"%s" does not',
  (question) => {
    expect(asksAboutBill(question)).toBe(false);
  },
);

it('says the bill against the same days of last month, a partial month as such, and the largest mover of each kind', () => {
  const movers: CostMovers = {
    range: { from: '2026-11-01', to: '2026-11-21' },
    previousRange: { from: '2026-10-01', to: '2026-10-21' },
    currency: 'USD',
    totalCost: 1150,
    previousTotalCost: 1000,
    change: 150,
    changeShare: 0.15,
    movers: {
      warehouse: [{ name: 'ANALYTICS_WH', label: 'ANALYTICS_WH', cost: 600, previousCost: 480, change: 120, changeShare: 0.25 }],
      user: [],
      pattern: [{ name: 'abc', label: 'SELECT * FROM ORDERS', cost: 40, previousCost: 0, change: 40, changeShare: null }],
      model: [{ name: 'model.shop.orders', label: 'orders', cost: 80, previousCost: 100, change: -20, changeShare: -0.2 }],
      tag: [],
    },
  };
  const passage = costPassage(movers);
  expect(passage.link).toBe('/app/snowflake/cost');
  expect(passage.text.map((part) => part.text).join('')).toBe(
    'This month so far (1–21 November 2026, a partial month) the bill is $1,150.00: +$150.00 (+15.0%) against $1,000.00 over the same days of last month (1–21 October 2026). ' +
      'The largest moves: warehouse ANALYTICS_WH +$120.00 (+25.0%); query pattern "SELECT * FROM ORDERS" +$40.00 (new); dbt model orders -$20.00 (-20.0%). ' +
      'The Cost page lists every mover and links each to its queries.',
  );
  const whole = costPassage({ ...movers, range: { from: '2026-11-01', to: '2026-11-30' } });
  expect(whole.text[0]!.text).toContain('(1–30 November 2026) the bill');
});
