// A request to the portal API built from its endpoint description in common/ (method, path and
// parameters), so the browser never writes an API path or method by hand.
import { endpointUrl, type Endpoint } from '@common/api/endpoint';
import type { ApiRequest } from './baseApi';

type TypesOf<E> = E extends Endpoint<infer T> ? T : never;

/** What a call to `E` sends: its path parameters, query and body, each only when the endpoint takes it. */
export type EndpointArgs<E extends Endpoint> = (TypesOf<E>['params'] extends Record<string, string>
  ? { params: TypesOf<E>['params'] }
  : { params?: undefined }) &
  (TypesOf<E>['query'] extends Record<string, unknown> ? { query?: TypesOf<E>['query'] } : { query?: undefined }) &
  (undefined extends TypesOf<E>['body'] ? { body?: undefined } : { body: TypesOf<E>['body'] });

/** What `E` answers. */
export type EndpointResponse<E extends Endpoint> = TypesOf<E>['response'];

export function endpointRequest<E extends Endpoint>(endpoint: E, args: EndpointArgs<E>): ApiRequest {
  const { params, query, body } = args as { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown };
  const url = (endpointUrl as (endpoint: Endpoint, params?: Record<string, string>) => string)(endpoint, params);
  return { url, method: endpoint.method, ...(body !== undefined ? { body } : {}), ...(query ? { params: query } : {}) };
}
