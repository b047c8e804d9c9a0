// Data Quality and incidents on the portal store (PGlite, or PostgreSQL with
// STORE_TEST_DATABASE_URL): test states folded in at ingestion, summaries with the real numbers
// of public dbt projects, flakiness, and the incident lifecycle with its refusals.
import { qualityTestsQuery, qualitySummaryQuery } from '../../../../common/catalog-quality/qualityContract';
import { ingestArtifacts, type ArtifactSet } from '../../../../server/src/features/dbt/ingest';
import { qualityIngestionListener } from '../../../../server/src/features/catalog-quality/ingestionListener';
import {
  incidentDetail,
  incidentMetrics,
  listIncidents,
  reopenIncident,
  setIncidentSeverity,
  transitionIncident,
} from '../../../../server/src/features/catalog-quality/incidentsStore';
import { IncidentTransitionError, QualityInputError, QualityNotFoundError } from '../../../../server/src/features/catalog-quality/errors';
import { listTests, qualitySummary, testHistory } from '../../../../server/src/features/catalog-quality/qualityQueries';
import { rebuildTestStates } from '../../../../server/src/features/catalog-quality/testStates';
import type { Actor } from '../../../../server/src/platform/store/audit';
import type { Store } from '../../../../server/src/platform/store/openStore';
import { manifestOf, openTestStore, realJson, runResultsOf } from '../dbt/fixtures';

jest.setTimeout(120_000);

const ECOM = 'peekknuf__ELT_ECOM';
const TRADE = '2moonyo__global-trade-intelligence-pipeline';
const FAILING = 'test.ecom.unique_OBT_ECOM_id.d0ccddc384';
const actor: Actor = { organisation: 'acme', subject: 'sub-docs', username: 'docs' };
const members = async () => [
  { subject: 'sub-docs', username: 'docs' },
  { subject: 'sub-admin', username: 'admin' },
];

let store: Store;
const opened: string[][] = [];
const listener = qualityIngestionListener({
  opened: async (_organisation, incidents) => {
    if (incidents.length > 0) opened.push(incidents.map((incident) => incident.name));
  },
});

async function ingest(set: ArtifactSet, organisation = 'acme') {
  return ingestArtifacts(store.db, set, { organisation, origin: 'upload', actor: { ...actor, organisation } }, listener);
}

const ecom = async (runResults?: unknown): Promise<ArtifactSet> => ({
  manifest: await realJson(ECOM, 'manifest.json'),
  run_results: runResults ?? (await realJson(ECOM, 'run_results.json')),
});
const ecomRun = (failing: 'pass' | 'fail') =>
  runResultsOf([
    { id: 'test.ecom.not_null_OBT_ECOM_id.4f2a4de7d6', status: 'pass' },
    { id: 'test.ecom.not_null_OBT_ECOM_timestamp.0f0bd2dc95', status: 'pass' },
    { id: FAILING, status: failing },
  ]);

beforeAll(async () => {
  store = await openTestStore();
});
afterAll(async () => {
  await store?.close();
});

describe('a real project with a failing test (peekknuf/ELT_ECOM, dbt 1.7, `dbt test`: 2 pass, 1 fail with 80,000 rows)', () => {
  test('lists every test with its asset, column, type, severity and last result, failing first', async () => {
    await ingest(await ecom());
    const { total, tests } = await listTests(store.db, 'acme', qualityTestsQuery.parse({}));
    expect(total).toBe(3);
    expect(tests[0]).toMatchObject({
      uniqueId: FAILING,
      type: 'generic',
      kind: 'unique',
      severity: 'error',
      assetName: 'OBT_ECOM',
      column: 'id',
      status: 'fail',
      failures: 80000,
      recent: 'f',
      runs: 1,
      flips: 0,
    });
    expect(tests.slice(1).map((test) => test.status)).toEqual(['pass', 'pass']);
    expect(opened).toEqual([['unique_OBT_ECOM_id']]);
  });

  test('summarises by asset in one row per asset plus the totals', async () => {
    const summary = await qualitySummary(store.db, 'acme', qualitySummaryQuery.parse({ by: 'asset' }));
    expect(summary.groupCount).toBe(1);
    expect(summary.groups).toEqual([
      {
        key: 'model.ecom.OBT_ECOM',
        label: 'OBT_ECOM',
        tests: 3,
        passing: 2,
        failing: 1,
        warning: 0,
        other: 0,
        flaky: 0,
        failingRows: 80000,
      },
    ]);
    expect(summary.totals).toMatchObject({ label: 'All tests', tests: 3, failing: 1 });
  });

  test('a repeat failure is counted on the open incident and added to its timeline; a pass marks it passing again', async () => {
    await ingest(await ecom());
    let list = await listIncidents(store.db, 'acme', { page: 1, pageSize: 25 });
    expect(list.total).toBe(1);
    expect(list.incidents[0]).toMatchObject({
      name: 'unique_OBT_ECOM_id',
      state: 'new',
      failureCount: 2,
      lastFailures: 80000,
      passingSince: null,
      assetId: 'model.ecom.OBT_ECOM',
    });
    expect(opened).toHaveLength(1);

    await ingest(await ecom(ecomRun('pass')));
    list = await listIncidents(store.db, 'acme', { page: 1, pageSize: 25 });
    expect(list.incidents[0]?.passingSince).toEqual('2026-01-01T00:00:00.000Z');
    const detail = await incidentDetail(store.db, 'acme', list.incidents[0]?.id as string);
    expect(detail.timeline.map((event) => event.type)).toEqual(['passed', 'failed', 'opened']);
  });

  test('flakiness counts status flips over the recent runs; the history lists each run newest first', async () => {
    await ingest(await ecom(ecomRun('fail')));
    await ingest(await ecom(ecomRun('pass')));
    const { tests } = await listTests(store.db, 'acme', qualityTestsQuery.parse({ flaky: 'true' }));
    expect(tests.map((test) => [test.uniqueId, test.recent, test.flips])).toEqual([[FAILING, 'pfpff', 3]]);
    const history = await testHistory(store.db, 'acme', FAILING);
    expect(history.runs.map((run) => run.status)).toEqual(['pass', 'fail', 'pass', 'fail', 'fail']);
    // The same states from the whole history as from folding each ingestion in.
    await rebuildTestStates(store.db, 'acme');
    expect((await listTests(store.db, 'acme', qualityTestsQuery.parse({ q: 'unique_OBT' }))).tests[0]).toMatchObject({
      recent: 'pfpff',
      flips: 3,
      runs: 5,
    });
    await expect(testHistory(store.db, 'globex', FAILING)).rejects.toBeInstanceOf(QualityNotFoundError);
  });
});

describe('the incident lifecycle', () => {
  const openIncident = async () => (await listIncidents(store.db, 'acme', { page: 1, pageSize: 5 })).incidents[0]?.id as string;
  const timelineLength = async (id: string) => (await incidentDetail(store.db, 'acme', id)).timeline.length;

  test('New → Acknowledged → Assigned → Resolved, each step on the timeline and in the audit', async () => {
    const id = await openIncident();
    expect((await transitionIncident(store.db, actor, id, { to: 'acknowledged' }, members)).incident).toMatchObject({
      state: 'acknowledged',
    });
    const assigned = await transitionIncident(store.db, actor, id, { to: 'assigned', assignee: 'sub-admin' }, members);
    expect(assigned.incident).toMatchObject({ state: 'assigned', assignee: { subject: 'sub-admin', username: 'admin' } });
    expect(assigned.assigned).toEqual({ subject: 'sub-admin', username: 'admin' });
    expect((await setIncidentSeverity(store.db, actor, id, 1)).severity).toBe(1);
    const resolved = await transitionIncident(
      store.db,
      actor,
      id,
      { to: 'resolved', reason: 'false_positive', comment: 'Duplicates are expected in the wide table.' },
      members,
    );
    expect(resolved.incident).toMatchObject({
      state: 'resolved',
      resolutionReason: 'false_positive',
      resolutionComment: 'Duplicates are expected in the wide table.',
    });
    const detail = await incidentDetail(store.db, 'acme', id);
    expect(detail.timeline.slice(0, 4).map((event) => [event.type, event.actor])).toEqual([
      ['resolved', 'docs'],
      ['severity', 'docs'],
      ['assigned', 'docs'],
      ['acknowledged', 'docs'],
    ]);
    const audit = await store.db.selectFrom('audit_log').select('action').where('target', '=', id).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual([
      'catalog.incident.acknowledged',
      'catalog.incident.assigned',
      'catalog.incident.severity',
      'catalog.incident.resolved',
    ]);
  });

  test('forbidden moves and incomplete ones are refused and write nothing', async () => {
    const resolved = (await listIncidents(store.db, 'acme', { page: 1, pageSize: 5, state: ['resolved'] })).incidents[0]?.id as string;
    const before = await timelineLength(resolved);
    await expect(transitionIncident(store.db, actor, resolved, { to: 'acknowledged' }, members)).rejects.toThrow(
      new IncidentTransitionError('resolved', 'acknowledged'),
    );
    await expect(setIncidentSeverity(store.db, actor, resolved, 2)).rejects.toBeInstanceOf(IncidentTransitionError);
    expect(await timelineLength(resolved)).toBe(before);

    // The next failure opens a new incident (the resolved one stays closed).
    await ingest(await ecom(ecomRun('fail')));
    const fresh = await openIncident();
    expect(fresh).not.toBe(resolved);
    // The old one cannot be reopened beside it: the test's failures now count on the new one.
    await expect(reopenIncident(store.db, actor, resolved, 'Back again')).rejects.toThrow(/^A newer incident on .+ is open/);
    expect(await timelineLength(resolved)).toBe(before);
    const checks: [Parameters<typeof transitionIncident>[3], string][] = [
      [{ to: 'assigned' }, 'assignee'],
      [{ to: 'assigned', assignee: 'sub-stranger' }, 'assignee'],
      [{ to: 'resolved' }, 'reason'],
      [{ to: 'resolved', reason: 'fixed' }, 'comment'],
      [{ to: 'resolved', reason: 'fixed', comment: '' }, 'comment'],
      [{ to: 'acknowledged', reason: 'fixed' }, 'reason'],
    ];
    for (const [body, field] of checks) {
      const error = await transitionIncident(store.db, actor, fresh, body, members).catch((failure: unknown) => failure);
      expect(error).toBeInstanceOf(QualityInputError);
      expect((error as QualityInputError).field).toBe(field);
    }
    await expect(
      transitionIncident(store.db, { ...actor, organisation: 'globex' }, fresh, { to: 'acknowledged' }, members),
    ).rejects.toBeInstanceOf(QualityNotFoundError);
    const detail = await incidentDetail(store.db, 'acme', fresh);
    expect(detail.incident.state).toBe('new');
    expect(detail.timeline.map((event) => event.type)).toEqual(['opened']);
    await transitionIncident(store.db, actor, fresh, { to: 'acknowledged' }, members);
    await expect(transitionIncident(store.db, actor, fresh, { to: 'acknowledged' }, members)).rejects.toThrow(
      'An incident that is acknowledged cannot be moved to acknowledged.',
    );
  });

  test('time to acknowledge and to resolve per domain', async () => {
    const metrics = await incidentMetrics(store.db, 'acme');
    expect(metrics.domains).toHaveLength(1);
    expect(metrics.domains[0]).toMatchObject({ incidents: 2, open: 1 });
    expect(metrics.domains[0]?.medianAcknowledgeSeconds).toEqual(expect.any(Number));
    expect(metrics.domains[0]?.medianResolveSeconds).toEqual(expect.any(Number));
  });
});

describe('a large real build (2moonyo/global-trade-intelligence-pipeline: 395 tests, 460 results)', () => {
  test('summaries by domain and owner agree with the run results, and paging covers every test once', async () => {
    const manifest = (await realJson(TRADE, 'manifest.json')) as {
      nodes: Record<string, { resource_type: string; test_metadata?: unknown; config?: { severity?: string } }>;
    };
    const runResults = (await realJson(TRADE, 'run_results.json')) as { results: { unique_id: string; status: string }[] };
    await ingest({ manifest, run_results: runResults }, 'trade');
    const statusOf = new Map(runResults.results.map((result) => [result.unique_id, result.status]));
    const tests = Object.entries(manifest.nodes).filter(([, node]) => node.resource_type === 'test');
    const expected = { tests: tests.length, passing: 0, failing: 0, warning: 0, other: 0 };
    for (const [id] of tests) {
      const status = statusOf.get(id);
      if (status === 'pass' || status === 'success') expected.passing += 1;
      else if (status === 'fail' || status === 'error') expected.failing += 1;
      else if (status === 'warn') expected.warning += 1;
      else expected.other += 1;
    }
    expect(expected.tests).toBe(395);
    for (const by of ['domain', 'owner', 'asset'] as const) {
      const summary = await qualitySummary(store.db, 'trade', qualitySummaryQuery.parse({ by, limit: 500 }));
      expect(summary.totals).toMatchObject(expected);
      expect(summary.groups.reduce((sum, group) => sum + group.tests, 0)).toBe(395);
      expect(summary.groups).toHaveLength(summary.groupCount);
    }
    const generic = tests.filter(([, node]) => node.test_metadata).length;
    expect((await listTests(store.db, 'trade', qualityTestsQuery.parse({ type: 'singular' }))).total).toBe(395 - generic);

    const seen = new Set<string>();
    for (let page = 1; page <= 4; page += 1) {
      const result = await listTests(store.db, 'trade', qualityTestsQuery.parse({ page, pageSize: 100 }));
      expect(result.total).toBe(395);
      for (const test of result.tests) seen.add(test.uniqueId);
    }
    expect(seen.size).toBe(395);
    const failing = await listTests(store.db, 'trade', qualityTestsQuery.parse({ status: ['fail', 'error'], pageSize: 100 }));
    expect(failing.total).toBe(expected.failing);
    const incidents = await listIncidents(store.db, 'trade', { page: 1, pageSize: 100 });
    expect(incidents.total).toBe(expected.failing);
  });
});

describe('unit tests', () => {
  test('are kept apart: typed unit, attached to their model, listed only when asked for', async () => {
    const manifest = manifestOf({
      models: [{ name: 'orders' }],
      tests: [{ name: 'not_null_orders_id', on: 'model.shop.orders', column: 'id' }],
    });
    manifest.unit_tests = {
      'unit_test.shop.orders.test_totals': {
        unique_id: 'unit_test.shop.orders.test_totals',
        name: 'test_totals',
        model: 'orders',
        depends_on: { nodes: ['model.shop.orders'] },
      },
    };
    await ingest({ manifest, run_results: runResultsOf([{ id: 'unit_test.shop.orders.test_totals', status: 'fail' }]) }, 'units');
    expect((await listTests(store.db, 'units', qualityTestsQuery.parse({}))).tests.map((test) => test.name)).toEqual([
      'not_null_orders_id',
    ]);
    const units = await listTests(store.db, 'units', qualityTestsQuery.parse({ type: 'unit' }));
    expect(units.tests).toEqual([
      expect.objectContaining({ name: 'test_totals', type: 'unit', assetId: 'model.shop.orders', status: 'fail' }),
    ]);
  });
});

describe('source freshness', () => {
  test("a freshness error opens an incident, from an uploaded sources.json and from the portal's own check", async () => {
    const manifest = manifestOf({
      models: [{ name: 'orders', parents: ['source.shop.raw.orders'] }],
      sources: [{ source: 'raw', name: 'orders', loadedAt: 'loaded_at', errorHours: 24 }],
    });
    await ingest({ manifest }, 'fresh');
    const startedAt = new Date();
    await store.db
      .insertInto('dbt_freshness_results')
      .values({
        organisation_id: 'fresh',
        project_name: 'shop',
        ingestion_id: null,
        unique_id: 'source.shop.raw.orders',
        origin: 'portal',
        status: 'error',
        checked_at: new Date(),
        age_seconds: 200_000,
        max_loaded_at: null,
        error: null,
      })
      .execute();
    await listener.freshnessChecked(store.db, { organisation: 'fresh', startedAt });
    let list = await listIncidents(store.db, 'fresh', { page: 1, pageSize: 5 });
    expect(list.incidents).toEqual([
      expect.objectContaining({
        kind: 'freshness',
        name: 'raw.orders',
        assetId: 'source.shop.raw.orders',
        lastStatus: 'error',
        failureCount: 1,
      }),
    ]);
    // The next check finds it stale again: counted on the same incident.
    const again = new Date();
    await store.db
      .insertInto('dbt_freshness_results')
      .values({
        organisation_id: 'fresh',
        project_name: 'shop',
        ingestion_id: null,
        unique_id: 'source.shop.raw.orders',
        origin: 'portal',
        status: 'error',
        checked_at: new Date(again.getTime() + 1),
        age_seconds: 203_600,
        max_loaded_at: null,
        error: null,
      })
      .execute();
    await listener.freshnessChecked(store.db, { organisation: 'fresh', startedAt: again });
    list = await listIncidents(store.db, 'fresh', { page: 1, pageSize: 5 });
    expect(list.incidents.map((one) => one.failureCount)).toEqual([2]);
  });
});
