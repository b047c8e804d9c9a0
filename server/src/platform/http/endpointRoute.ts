// Registers a route from its endpoint description in common/ (common/api/endpoint.ts): the method
// and path come from there, the zod schemas from the area's contract. The compiler checks that
// each schema fits the endpoint's declared types, so the description the browser builds its
// requests from and the route that answers them cannot drift apart.
import type { Endpoint, EndpointTypes } from '@common/api/endpoint';
import type { z } from 'zod';

type TypesOf<E> = E extends Endpoint<infer T> ? T : never;

interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}

/** `never` when a schema's output does not fit the type the endpoint declares for it. */
type Fits<Schema, Declared> = Schema extends z.ZodType ? (z.output<Schema> extends Declared ? Schema : never) : Schema;

type CheckedSchemas<T extends EndpointTypes, S extends RouteSchemas> = {
  params?: Fits<S['params'], T['params']>;
  querystring?: Fits<S['querystring'], T['query']>;
  body?: Fits<S['body'], T['body']>;
  response?: Fits<S['response'], T['response']>;
};

/**
 * The route options of `endpoint` with `schemas`, to spread into `app.route({ …, preValidation, handler })`.
 * The answer's schema is filed under the endpoint's success status.
 */
export function endpointRoute<E extends Endpoint, S extends RouteSchemas>(endpoint: E, schemas: S & CheckedSchemas<TypesOf<E>, S>) {
  const { response, ...input } = schemas;
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...input, ...(response ? { response: { [endpoint.status]: response } as Record<number, S['response']> } : {}) } as Omit<
      S,
      'response'
    > & { response?: Record<number, S['response']> },
  };
}
