// Alert rules, deliveries, catalog settings and upload tokens on the portal store (PGlite, or
// PostgreSQL with STORE_TEST_DATABASE_URL): names unique per organisation whatever their case,
// organisations apart, the delivery log paged backwards, attempts counted, settings over their
// defaults, tokens resolved by hash and refused once revoked. Each change is audited.
import { toSignal } from '../../../../common/signals/signalTypes';
import { AlertRuleNameTakenError, AlertRuleNotFoundError } from '../../../../server/src/features/catalog-alerts/errors';
import {
  deliveryForSending,
  listDeliveries,
  recordAttempt,
  recordDeliveries,
} from '../../../../server/src/features/catalog-alerts/deliveriesStore';
import {
  createRule,
  deleteRule,
  listRules,
  ruleById,
  rulesFor,
  updateRule,
  type RuleValues,
} from '../../../../server/src/features/catalog-alerts/rulesStore';
import { catalogSettingsReader } from '../../../../server/src/features/catalog-settings/sections';
import { writeSection } from '../../../../server/src/features/catalog-settings/settingsStore';
import {
  createUploadToken,
  listUploadTokens,
  revokeUploadToken,
  uploadTokenVerifier,
} from '../../../../server/src/features/dbt/uploadTokens';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { openSchemaStore } from '../../schemaStore';

jest.setTimeout(120_000);

const acme: Actor = { organisation: 'acme', subject: 'sub-docs', username: 'docs' };
const globex: Actor = { organisation: 'globex', subject: 'sub-g', username: 'g-admin' };
const values = (overrides: Partial<RuleValues> = {}): RuleValues => ({
  name: 'Failing tests',
  trigger: 'test_failure',
  filters: { assetIds: [], tags: ['finance'], domains: [], owners: [], maxSeverity: null },
  destinations: [
    { kind: 'in_app', roles: [] },
    { kind: 'webhook', url: 'https://hooks.slack.com/services/T/B/secret' },
  ],
  enabled: true,
  ...overrides,
});

let store: Store;
beforeAll(async () => {
  store = await openSchemaStore('alerts');
});
afterAll(async () => {
  await store?.close();
});

test('rules: unique names per organisation, organisations apart, enabled rules by trigger, audited', async () => {
  const rule = await createRule(store.db, acme, values());
  await expect(createRule(store.db, acme, values({ name: 'FAILING TESTS' }))).rejects.toBeInstanceOf(AlertRuleNameTakenError);
  // Another organisation may use the name, and cannot reach acme's rule.
  const theirs = await createRule(store.db, globex, values());
  await expect(ruleById(store.db, 'globex', rule.id)).rejects.toBeInstanceOf(AlertRuleNotFoundError);
  await expect(updateRule(store.db, globex, rule.id, values())).rejects.toBeInstanceOf(AlertRuleNotFoundError);
  await expect(deleteRule(store.db, globex, rule.id)).rejects.toBeInstanceOf(AlertRuleNotFoundError);
  await expect(ruleById(store.db, 'acme', 'not-a-uuid')).rejects.toBeInstanceOf(AlertRuleNotFoundError);

  const off = await createRule(store.db, acme, values({ name: 'Off', enabled: false }));
  expect((await rulesFor(store.db, 'acme', 'test_failure')).map((entry) => entry.id)).toEqual([rule.id]);
  expect(await rulesFor(store.db, 'acme', 'cost_anomaly')).toEqual([]);
  const changed = await updateRule(store.db, acme, off.id, values({ name: 'Now on', trigger: 'cost_anomaly' }));
  expect(changed).toMatchObject({ name: 'Now on', trigger: 'cost_anomaly', enabled: true, filters: { tags: ['finance'] } });
  expect((await listRules(store.db, 'acme')).map((entry) => entry.name)).toEqual(['Failing tests', 'Now on']);
  expect((await listRules(store.db, 'globex')).map((entry) => entry.id)).toEqual([theirs.id]);
  const audit = await store.db
    .selectFrom('audit_log')
    .select(['action', 'target'])
    .where('organisation_id', '=', 'acme')
    .where('action', 'like', 'catalog.alert_rule.%')
    .execute();
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    'catalog.alert_rule.create',
    'catalog.alert_rule.create',
    'catalog.alert_rule.update',
  ]);
});

test('deliveries: one per destination, the destination kept with the signal, attempts counted, paged backwards, kept after the rule goes', async () => {
  const rule = await createRule(store.db, acme, values({ name: 'For the log' }));
  const signal = toSignal({ organisation: 'acme', kind: 'test_failure', title: 'Test x failed', body: '', assetId: 'model.shop.orders' });
  const made = await recordDeliveries(store.db, rule, signal, false);
  expect(made.map((delivery) => [delivery.destinationKind, delivery.status, delivery.target])).toEqual([
    ['in_app', 'pending', 'everyone in the organisation'],
    ['webhook', 'pending', 'https://hooks.slack.com/services/…'],
  ]);
  const webhook = made[1]?.id ?? '';
  const stored = await deliveryForSending(store.db, 'acme', webhook);
  expect(stored).toMatchObject({
    ruleName: 'For the log',
    destination: { kind: 'webhook', url: 'https://hooks.slack.com/services/T/B/secret' },
    signal: { title: 'Test x failed' },
  });
  expect(await deliveryForSending(store.db, 'globex', webhook)).toBeNull();

  await recordAttempt(store.db, webhook, { status: 'pending', error: 'The webhook answered 500.', responseStatus: 500 });
  await recordAttempt(store.db, webhook, { status: 'sent', error: null, responseStatus: 200 });
  for (let index = 0; index < 3; index += 1) await recordDeliveries(store.db, rule, { ...signal, title: `More ${index}` }, true);

  const first = await listDeliveries(store.db, 'acme', { limit: 4 });
  expect(first.deliveries).toHaveLength(4);
  expect(first.deliveries[0]?.title).toBe('More 2');
  const rest = await listDeliveries(store.db, 'acme', { limit: 4, before: first.nextBefore ?? undefined });
  expect(rest.nextBefore).toBeNull();
  const all = [...first.deliveries, ...rest.deliveries];
  expect(new Set(all.map((delivery) => delivery.id)).size).toBe(8);
  expect(all.find((delivery) => delivery.id === webhook)).toMatchObject({
    status: 'sent',
    attempts: 2,
    responseStatus: 200,
    lastError: null,
    finishedAt: expect.any(String),
  });
  expect((await listDeliveries(store.db, 'acme', { limit: 50, status: 'sent' })).deliveries.map((delivery) => delivery.id)).toEqual([
    webhook,
  ]);
  expect((await listDeliveries(store.db, 'globex', { limit: 50 })).deliveries).toEqual([]);

  await deleteRule(store.db, acme, rule.id);
  const kept = await listDeliveries(store.db, 'acme', { limit: 50 });
  expect(kept.deliveries.filter((delivery) => delivery.ruleName === 'For the log')).toHaveLength(8);
  expect(kept.deliveries.every((delivery) => delivery.ruleName !== 'For the log' || delivery.ruleId === null)).toBe(true);
});

test('settings: the default until saved, per organisation, audited', async () => {
  const read = catalogSettingsReader(store.db, {
    webhooks: { allowedHosts: [] },
    freshness: { checkMinutes: 60 },
    profiler: { sampleRows: 1_000_000 },
    externalCatalog: { url: null },
    artifactsDir: null,
    uploadLimitBytes: 1024,
  });
  expect(await read.freshnessCheckMinutes('acme')).toBe(60);
  await writeSection(store.db, acme, 'freshness', { checkMinutes: 15 });
  await writeSection(store.db, acme, 'freshness', { checkMinutes: 20 });
  await writeSection(store.db, acme, 'externalCatalog', { url: 'https://catalog.acme.example' });
  expect(await read.freshnessCheckMinutes('acme')).toBe(20);
  expect(await read.freshnessCheckMinutes('globex')).toBe(60);
  expect(await read.externalCatalogUrl('acme')).toBe('https://catalog.acme.example');
  expect(await read.section('acme', 'freshness')).toMatchObject({ value: { checkMinutes: 20 }, updatedBy: 'docs' });
  // A stored value of an older shape falls back to the default rather than breaking its readers.
  await writeSection(store.db, globex, 'profiler', { rows: 5 });
  expect(await read.profileSampleRows('globex')).toBe(1_000_000);
  const audit = await store.db.selectFrom('audit_log').select('action').where('action', 'like', 'catalog.settings.%').execute();
  expect(audit).toHaveLength(4);
});

test('upload tokens: resolved by their hash to an uploader of their organisation, refused once revoked', async () => {
  const { token, record } = await createUploadToken(store.db, acme, 'CI');
  const stored = await store.db
    .selectFrom('dbt_upload_tokens')
    .select(['token_hash', 'token_start'])
    .where('id', '=', record.id)
    .executeTakeFirstOrThrow();
  expect(stored.token_hash).not.toContain(token.slice(4));
  expect(stored.token_start).toBe(token.slice(0, 10));
  const verify = uploadTokenVerifier(store.db);
  expect(await verify(token)).toEqual({
    subject: `upload-token:${record.id}`,
    username: 'upload token "CI"',
    organisation: 'acme',
    roles: ['dbt-uploader'],
  });
  expect((await listUploadTokens(store.db, 'acme'))[0]?.lastUsedAt).not.toBeNull();
  expect(await listUploadTokens(store.db, 'globex')).toEqual([]);
  await expect(revokeUploadToken(store.db, globex, record.id)).rejects.toMatchObject({ statusCode: 404 });
  await revokeUploadToken(store.db, acme, record.id);
  await expect(verify(token)).rejects.toMatchObject({ statusCode: 401 });
  await expect(verify(`dwu_${'a'.repeat(43)}`)).rejects.toMatchObject({ statusCode: 401 });
  expect(await listUploadTokens(store.db, 'acme')).toEqual([]);
});
