// Answers of the Data Quality and Incident Manager APIs for page tests, and a fake backend that
// routes on the path and records each request with its query.
import type { InternalAxiosRequestConfig } from 'axios';
import type { IncidentDetailResponse, IncidentListResponse, IncidentRecord } from '../../../../common/catalog-quality/incidentsContract';
import type {
  QualitySummaryResponse,
  QualityTest,
  QualityTestsResponse,
  TestHistoryResponse,
} from '../../../../common/catalog-quality/qualityContract';
import { apiClient } from '../../../../src/api/client';
import { withArtifacts } from '../../../helpers/dbtFixtures';
import { bodyOf, fakeBackend, json, type FakeAnswer } from '../../../helpers/fakeBackend';

export function qualityTest(name: string, overrides: Partial<QualityTest> = {}): QualityTest {
  return {
    uniqueId: `test.acme_shop.${name}`,
    name,
    type: 'generic',
    kind: 'not_null',
    severity: 'error',
    assetId: 'model.acme_shop.orders',
    assetName: 'orders',
    column: 'customer_id',
    domain: 'marts',
    owner: 'finance',
    status: 'pass',
    failures: 0,
    message: null,
    executedAt: '2026-11-20T02:00:00.000Z',
    recent: 'ppp',
    runs: 3,
    flips: 0,
    ...overrides,
  };
}

export const failing = qualityTest('not_null_fct_orders_customer_id', {
  status: 'fail',
  failures: 12,
  recent: 'fpf',
  flips: 2,
  message: 'Got 12 results, configured to fail if != 0',
});
export const testsAnswer: QualityTestsResponse = {
  total: 2,
  page: 1,
  pageSize: 25,
  tests: [failing, qualityTest('unique_orders_order_id', { column: 'order_id', kind: 'unique' })],
};

export const summaryAnswer = (by: 'asset' | 'domain' | 'owner'): QualitySummaryResponse => ({
  by,
  groupCount: 1,
  totals: { key: null, label: 'All tests', tests: 2, passing: 1, failing: 1, warning: 0, other: 0, flaky: 1, failingRows: 12 },
  groups: [
    {
      key: by === 'asset' ? 'model.acme_shop.orders' : 'marts',
      label: by === 'asset' ? 'orders' : 'marts',
      tests: 2,
      passing: 1,
      failing: 1,
      warning: 0,
      other: 0,
      flaky: 1,
      failingRows: 12,
    },
  ],
});

export const historyAnswer: TestHistoryResponse = {
  test: failing,
  runs: [
    { executedAt: '2026-11-20T02:00:00.000Z', status: 'fail', failures: 12, message: 'Got 12 results', executionTime: 0.4 },
    { executedAt: '2026-11-19T02:00:00.000Z', status: 'pass', failures: 0, message: null, executionTime: 0.3 },
    { executedAt: '2026-11-18T02:00:00.000Z', status: 'fail', failures: 9, message: 'Got 9 results', executionTime: 0.5 },
  ],
};

export function incident(overrides: Partial<IncidentRecord> = {}): IncidentRecord {
  return {
    id: '7b6f1c1e-2f6a-4b8e-9a51-0d6c3f1a2b3c',
    kind: 'test',
    subjectId: failing.uniqueId,
    name: failing.name,
    assetId: 'model.acme_shop.fct_orders',
    assetName: 'fct_orders',
    domain: 'marts',
    state: 'new',
    severity: 3,
    assignee: null,
    resolutionReason: null,
    resolutionComment: null,
    lastStatus: 'fail',
    lastFailures: 12,
    lastMessage: 'Got 12 results, configured to fail if != 0',
    failureCount: 2,
    openedAt: '2026-11-19T02:00:00.000Z',
    lastFailedAt: '2026-11-20T02:00:00.000Z',
    passingSince: null,
    acknowledgedAt: null,
    assignedAt: null,
    resolvedAt: null,
    ...overrides,
  };
}

export const listOf = (incidents: IncidentRecord[]): IncidentListResponse => ({
  total: incidents.length,
  page: 1,
  pageSize: 25,
  incidents,
  counts: { new: 1, acknowledged: 0, assigned: 0, resolved: 0 },
});
export const detailOf = (record: IncidentRecord): IncidentDetailResponse => ({
  incident: record,
  timeline: [{ at: record.openedAt, type: 'opened', actor: null, details: { status: 'fail', failures: 12 } }],
});

export type Routes = Record<string, (request: InternalAxiosRequestConfig, query: URLSearchParams) => FakeAnswer>;

/** `GET api/…` keys on the path; every request is recorded as `METHOD path?query` with its body. */
export function serve(routes: Routes) {
  const requests: { route: string; body: unknown }[] = [];
  const backend = fakeBackend((request) => {
    const [path = '', search = ''] = (request.url ?? '').split('?');
    const method = (request.method ?? 'get').toUpperCase();
    requests.push({ route: `${method} ${request.url ?? ''}`, body: bodyOf(request) });
    if (method === 'GET' && path === 'api/dbt/ingestions') return json(200, withArtifacts);
    const answer = routes[`${method} ${path}`];
    return answer
      ? JSON.parse(JSON.stringify(answer(request, new URLSearchParams(search))))
      : json(404, { error: 'not_found', message: `No fake answer for ${method} ${path}.` });
  });
  apiClient.defaults.adapter = backend.adapter;
  return requests;
}
