/**
 * The organisation's OpenAPI 3.1 document: one path per live endpoint (JSON, CSV and NDJSON),
 * its parameters straight from the version's JSON Schema (OpenAPI 3.1 schemas are JSON Schema
 * 2020-12), pagination, the API key security scheme and the error answers.
 */
import { dataEndpointPath } from '@common/data-api/dataApiRules';
import type { LiveEndpoint } from './endpointsStore.js';

const errorSchema = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });

function operation(endpoint: LiveEndpoint, format: 'json' | 'csv' | 'ndjson') {
  const properties = (endpoint.jsonSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = new Set((endpoint.jsonSchema.required ?? []) as string[]);
  const parameters = [
    ...Object.entries(properties).map(([name, schema]) => {
      const { description, ...rest } = schema;
      return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema: rest };
    }),
    {
      name: 'page',
      in: 'query',
      required: false,
      description: 'Page number, from 1.',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    {
      name: 'page_size',
      in: 'query',
      required: false,
      description: `Rows per page (at most the row cap, ${endpoint.definition.rowCap}).`,
      schema: { type: 'integer', minimum: 1, maximum: endpoint.definition.rowCap, default: endpoint.definition.pageSize },
    },
  ];
  const content =
    format === 'json'
      ? { 'application/json': { schema: { $ref: '#/components/schemas/Result' } } }
      : format === 'csv'
        ? { 'text/csv': { schema: { type: 'string' } } }
        : { 'application/x-ndjson': { schema: { type: 'string' } } };
  return {
    get: {
      operationId: format === 'json' ? endpoint.name : `${endpoint.name}_${format}`,
      summary: endpoint.definition.description || endpoint.name,
      description: `Version ${endpoint.version}. Answers are cached for ${endpoint.definition.cacheSeconds} s.`,
      tags: [endpoint.name],
      parameters,
      responses: {
        '200': {
          description: 'Rows of the query.',
          headers: {
            'RateLimit-Limit': { schema: { type: 'integer' } },
            'RateLimit-Remaining': { schema: { type: 'integer' } },
            'RateLimit-Reset': { schema: { type: 'integer' } },
          },
          content,
        },
        '400': errorAnswer('A parameter is missing, of the wrong type or out of range; `field` names it.'),
        '401': errorAnswer('No valid API key (missing, unknown, revoked or expired).'),
        '403': errorAnswer('The key may not call this endpoint.'),
        '429': errorAnswer("The key's rate limit is used up; see Retry-After."),
      },
    },
  };
}

export function openApiDocument(organisation: string, endpoints: readonly LiveEndpoint[], serverUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const endpoint of endpoints) {
    for (const format of ['json', 'csv', 'ndjson'] as const) paths[dataEndpointPath(endpoint.name, format)] = operation(endpoint, format);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `Dataworks data APIs of ${organisation}`,
      version: '1',
      description: 'Read-only endpoints over the organisation warehouse. Send the API key as `Authorization: Bearer <key>`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from API management (dw_live_…).' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message'],
          properties: { error: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
        },
        Result: {
          type: 'object',
          properties: {
            data: { type: 'array', items: { type: 'object' } },
            meta: {
              type: 'object',
              properties: {
                endpoint: { type: 'string' },
                version: { type: 'integer' },
                columns: { type: 'array', items: { type: 'string' } },
                rows: { type: 'integer' },
                page: { type: 'integer' },
                pageSize: { type: 'integer' },
                hasMore: { type: 'boolean' },
                elapsedMs: { type: 'number' },
                cached: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
  };
}
