// One description of each API endpoint, beside its contract: its method, path and the types of
// its path parameters, query, body and answer. The server registers the route from it (with the
// contract's zod schemas, checked against these types) and the browser's RTK Query endpoints
// build their requests from it, so a path or method is written once. A descriptor holds no zod at
// run time, so importing one into the browser costs a few bytes, not the validator.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The types an endpoint carries; `never` for what it does not take. */
export interface EndpointTypes {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  response: unknown;
}

export interface Endpoint<T extends EndpointTypes = EndpointTypes> {
  readonly method: HttpMethod;
  /** The server path with `:name` parameters, e.g. `/api/dashboards/:id`. */
  readonly path: string;
  /** The success status the server answers with (200 unless said). */
  readonly status: number;
  /** Never set: carries the endpoint's types. */
  readonly types?: T;
}

/** Declares an endpoint: `endpoint<{ params: { id: string }; response: X }>()('PATCH', '/api/x/:id')`. */
export const endpoint =
  <T extends EndpointTypes>() =>
  (method: HttpMethod, path: string, status = 200): Endpoint<T> => ({ method, path, status });

type ParamsOf<E> = E extends Endpoint<infer T> ? (T['params'] extends Record<string, string> ? T['params'] : undefined) : never;

/** The endpoint's path with its parameters filled in (each encoded), without the leading slash (the API client's base URL precedes it). */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...[params]: ParamsOf<E> extends undefined ? [] : [ParamsOf<E>]): string {
  const filled = endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: the path parameter "${name}" is missing.`);
    return encodeURIComponent(value);
  });
  return filled.replace(/^\//, '');
}
