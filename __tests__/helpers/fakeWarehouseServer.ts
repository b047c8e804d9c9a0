// The warehouse routes of the portal API as page tests need them: canned answers per route,
// every request recorded with its full URL (query string included), and writes handed to a
// function the test gives.
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { bodyOf, json, type FakeAnswer, type Handler } from './fakeBackend';
import { sampleUsageSync } from './warehouseFixtures';

export type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;
export type Reply = FakeAnswer | ((request: InternalAxiosRequestConfig) => FakeAnswer);

export interface FakeWarehouseServer {
  handler: Handler;
  /** Method and full URL of every request, in order: `GET api/warehouse/cost?from=…`. */
  requests: string[];
  /** Bodies of the POSTs and PUTs, in order. */
  posted: unknown[];
  /** Replaces the answer of a route (path without the query string). */
  reply(route: Route, answer: Reply): void;
  /** Answers the next request on the route with this, then goes back to the usual answer. */
  failNext(route: Route, answer: FakeAnswer): void;
}

const copy = (answer: FakeAnswer): FakeAnswer => ({
  ...answer,
  data: answer.data === undefined ? undefined : JSON.parse(JSON.stringify(answer.data)),
});

/** Every Optimize page shows how current the usage copy is; tests that do not care get this answer. */
const DEFAULT_ROUTES: Partial<Record<Route, Reply>> = { 'GET api/warehouse/usage-sync': json(200, sampleUsageSync) };

export function fakeWarehouseServer(routes: Partial<Record<Route, Reply>>): FakeWarehouseServer {
  const answers = new Map<string, Reply>(Object.entries({ ...DEFAULT_ROUTES, ...routes }) as [string, Reply][]);
  const failures: { route: string; answer: FakeAnswer }[] = [];
  const server: FakeWarehouseServer = {
    requests: [],
    posted: [],
    reply(route, answer) {
      answers.set(route, answer);
    },
    failNext(route, answer) {
      failures.push({ route, answer });
    },
    handler: (request) => {
      const method = (request.method ?? 'get').toUpperCase();
      const route = `${method} ${request.url ?? ''}`;
      server.requests.push(`${method} ${axios.getUri({ url: request.url, params: request.params })}`);
      if (method === 'POST' || method === 'PUT') server.posted.push(bodyOf(request));
      const failure = failures.findIndex((entry) => entry.route === route);
      if (failure >= 0) return copy(failures.splice(failure, 1)[0]!.answer);
      const answer = answers.get(route);
      if (!answer) return json(404, { error: 'not_found', message: `No fake answer for ${route}.` });
      // Copies: the store freezes what it receives, the fixtures must stay untouched.
      return copy(typeof answer === 'function' ? answer(request) : answer);
    },
  };
  return server;
}
