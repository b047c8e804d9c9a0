// Which signals pass a rule's filters, and the Slack-compatible body a webhook receives.
import type { AlertFilters } from '../../../../common/catalog-alerts/alertsContract';
import { toSignal } from '../../../../common/signals/signalTypes';
import { signalMatches } from '../../../../server/src/features/catalog-alerts/ruleMatching';
import { slackBody } from '../../../../server/src/features/catalog-alerts/slackBody';

const none: AlertFilters = { assetIds: [], tags: [], domains: [], owners: [], maxSeverity: null };
const signal = toSignal({
  organisation: 'acme',
  kind: 'test_failure',
  title: 'Test unique_orders failed',
  body: 'The latest dbt run reported fail with 3 failing rows. <b>x</b> & y',
  link: '/app/data-catalog/assets/model.shop.orders',
  assetId: 'model.shop.orders',
});
const asset = { id: 'model.shop.orders', tags: ['Finance', 'daily'], domain: 'sales', owners: ['ana@example.com'] };

test('no filters match everything; each listed filter must match, any value within it, case aside', () => {
  expect(signalMatches(signal, none, null)).toBe(true);
  expect(signalMatches(signal, { ...none, tags: ['finance'] }, asset)).toBe(true);
  expect(signalMatches(signal, { ...none, tags: ['marketing', 'DAILY'] }, asset)).toBe(true);
  expect(signalMatches(signal, { ...none, tags: ['marketing'] }, asset)).toBe(false);
  expect(signalMatches(signal, { ...none, tags: ['finance'], domains: ['marketing'] }, asset)).toBe(false);
  expect(signalMatches(signal, { ...none, domains: ['Sales'], owners: ['ANA@example.com'] }, asset)).toBe(true);
  expect(signalMatches(signal, { ...none, assetIds: ['model.shop.orders'] }, asset)).toBe(true);
  expect(signalMatches(signal, { ...none, assetIds: ['model.shop.customers'] }, asset)).toBe(false);
});

test('asset filters are not met by a signal about no asset; severity counts 1 as the most severe', () => {
  const anomaly = toSignal({ organisation: 'acme', kind: 'cost_anomaly', title: 'Cost', body: '' });
  expect(anomaly.severity).toBe(3);
  expect(signalMatches(anomaly, { ...none, tags: ['finance'] }, null)).toBe(false);
  expect(signalMatches(anomaly, { ...none, maxSeverity: 3 }, null)).toBe(true);
  expect(signalMatches(anomaly, { ...none, maxSeverity: 2 }, null)).toBe(false);
  expect(signal.severity).toBe(2);
  expect(signalMatches(signal, { ...none, maxSeverity: 2 }, asset)).toBe(true);
});

test('the webhook body is Slack-compatible: a text fallback, blocks with escaped mrkdwn, a button to the portal, and the signal', () => {
  const body = slackBody(signal, { ruleName: 'Finance tests', portalUrl: 'https://portal.example.com', isTest: true });
  expect(body.text).toBe(
    '[Test] Test unique_orders failed\nThe latest dbt run reported fail with 3 failing rows. <b>x</b> & y\nOpen in Dataworks: https://portal.example.com/app/data-catalog/assets/model.shop.orders',
  );
  expect(body.blocks.map((block) => block.type)).toEqual(['header', 'section', 'context', 'actions']);
  expect(JSON.stringify(body.blocks[1])).toContain('&lt;b&gt;x&lt;/b&gt; &amp; y');
  expect(JSON.stringify(body.blocks[3])).toContain('https://portal.example.com/app/data-catalog/assets/model.shop.orders');
  expect(body.dataworks).toMatchObject({ kind: 'test_failure', rule: 'Finance tests', test: true, assetId: 'model.shop.orders' });
});
