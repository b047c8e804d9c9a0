// Requests built from endpoint descriptions: the path's parameters are filled in and encoded,
// the method and body go with them, and a missing parameter is refused rather than sent as ":id".
import { endpoint, endpointUrl } from '@common/api/endpoint';
import { dashboardsEndpoints } from '@common/dashboards/dashboardsEndpoints';
import { endpointRequest } from '../../src/api/endpointRequest';

test('a descriptor gives the method, the encoded path and the body', () => {
  expect(endpointRequest(dashboardsEndpoints.update, { params: { id: 'a/b c' }, body: { name: 'Sales' } })).toEqual({
    url: 'api/dashboards/a%2Fb%20c',
    method: 'PATCH',
    body: { name: 'Sales' },
  });
  expect(endpointRequest(dashboardsEndpoints.list, {})).toEqual({ url: 'api/dashboards', method: 'GET' });
  expect(dashboardsEndpoints.create.status).toBe(201);
});

test('a query goes as query parameters', () => {
  const search = endpoint<{ query: { q: string }; response: unknown }>()('GET', '/api/things');
  expect(endpointRequest(search, { query: { q: 'x' } })).toEqual({ url: 'api/things', method: 'GET', params: { q: 'x' } });
});

test('a path parameter that is missing is an error, not a literal ":id"', () => {
  const one = endpoint<{ params: { id: string }; response: unknown }>()('GET', '/api/things/:id');
  expect(() => (endpointUrl as (e: typeof one, p?: Record<string, string>) => string)(one, {})).toThrow(/"id" is missing/);
});
