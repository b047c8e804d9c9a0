// A fake portal API for the notifications and support pages: a handler per "METHOD path"
// (path without the query string), every request recorded with its query and body.
import axios, { type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../../src/api/client';
import { bodyOf, fakeBackend, json, type FakeAnswer } from './fakeBackend';

export type WorkspaceRoute = (request: InternalAxiosRequestConfig, body: unknown) => FakeAnswer;

export interface WorkspaceServer {
  /** `GET api/notifications?limit=25&offset=0`, … in order. */
  requests: string[];
  bodies: { route: string; body: unknown }[];
  set(route: string, answer: FakeAnswer | WorkspaceRoute): void;
}

export function connectWorkspaceServer(routes: Record<string, FakeAnswer | WorkspaceRoute>): WorkspaceServer {
  const answers = new Map(Object.entries(routes));
  const server: WorkspaceServer = {
    requests: [],
    bodies: [],
    set: (route, answer) => answers.set(route, answer),
  };
  apiClient.defaults.adapter = fakeBackend((request) => {
    const method = (request.method ?? 'get').toUpperCase();
    const route = `${method} ${(request.url ?? '').split('?')[0]}`;
    server.requests.push(`${method} ${axios.getUri({ url: request.url, params: request.params })}`);
    const body = bodyOf(request);
    if (method !== 'GET') server.bodies.push({ route, body });
    const answer = answers.get(route);
    if (!answer) return json(404, { error: 'not_found', message: `No fake answer for ${route}` });
    return typeof answer === 'function' ? answer(request, body) : answer;
  }).adapter;
  return server;
}
