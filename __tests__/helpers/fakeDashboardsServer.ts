// An in-memory version of the dashboards API of the portal server, for page tests.
import type { Dashboard } from '../../src/api/dashboardsApi';
import { bodyOf, json, type FakeAnswer, type Handler } from './fakeBackend';

export interface FakeDashboardsServer {
  handler: Handler;
  dashboards: Dashboard[];
  /** Answers the next request matching method and url with this instead. */
  failNext(method: string, url: string, answer: FakeAnswer): void;
}

export function fakeDashboardsServer(initial: Omit<Dashboard, 'updatedAt'>[]): FakeDashboardsServer {
  const server: FakeDashboardsServer = {
    dashboards: initial.map((dashboard) => ({ ...dashboard, updatedAt: '2026-01-01T00:00:00Z' })),
    failNext(method, url, answer) {
      failures.push({ method, url, answer });
    },
    // Answers are copies (jsdom has no structuredClone): the store freezes what it receives,
    // the server must stay writable.
    handler: (request) => answerCopy(respond(request)),
  };
  const failures: { method: string; url: string; answer: FakeAnswer }[] = [];
  const answerCopy = (answer: FakeAnswer): FakeAnswer => ({
    ...answer,
    data: answer.data === undefined ? undefined : JSON.parse(JSON.stringify(answer.data)),
  });
  const respond = (request: Parameters<Handler>[0]): FakeAnswer => {
    const method = (request.method ?? 'get').toUpperCase();
    const url = request.url ?? '';
    const failure = failures.findIndex((entry) => entry.method === method && entry.url === url);
    if (failure >= 0) return failures.splice(failure, 1)[0]!.answer;
    const sorted = () => [...server.dashboards].sort((a, b) => a.order - b.order);
    const body = bodyOf(request) as Record<string, unknown> | undefined;

    if (method === 'GET' && url === 'api/config/client-dashboards') {
      return json(200, { dashboards: sorted().map(({ name, url: link, order }) => ({ name, url: link, order })) });
    }
    if (method === 'GET' && url === 'api/dashboards') return json(200, { dashboards: sorted() });
    if (method === 'POST' && url === 'api/dashboards') {
      const dashboard = { id: `id-${server.dashboards.length + 1}`, order: server.dashboards.length, updatedAt: '', ...body } as Dashboard;
      server.dashboards.push(dashboard);
      return json(201, { dashboard });
    }
    if (method === 'PUT' && url === 'api/dashboards/order') {
      const ids = (body?.ids ?? []) as string[];
      server.dashboards = ids.map((id, order) => ({ ...server.dashboards.find((dashboard) => dashboard.id === id)!, order }));
      return json(200, { dashboards: sorted() });
    }
    const match = /^api\/dashboards\/(.+)$/.exec(url);
    const existing = match ? server.dashboards.find((dashboard) => dashboard.id === decodeURIComponent(match[1]!)) : undefined;
    if (!existing) return json(404, { error: 'not_found', message: 'No such dashboard.' });
    if (method === 'PATCH') {
      Object.assign(existing, body);
      return json(200, { dashboard: existing });
    }
    if (method === 'DELETE') {
      server.dashboards = server.dashboards.filter((dashboard) => dashboard !== existing);
      return json(204);
    }
    return json(405, { error: 'method_not_allowed', message: 'No.' });
  };
  return server;
}
