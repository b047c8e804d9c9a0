// The data API's management contract (/api/data-api): endpoints with versions, API keys, usage.
// The browser imports types only from here, so its requests load none of these validators.
import { z } from 'zod';
import { linearRegExpProblem } from '../text/linearRegExp';
import { lineText } from '../text/textRules';
import {
  CACHE_SECONDS_MAX,
  ENDPOINT_DESCRIPTION_MAX,
  ENDPOINT_NAME,
  ENDPOINT_SQL_MAX,
  KEY_NAME_MAX,
  PARAMETER_NAME,
  PARAMETERS_MAX,
  parameterTypes,
  RATE_LIMIT_MAX,
  RESERVED_QUERY_NAMES,
  ROW_CAP_MAX,
} from './dataApiRules';

const scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);

export const endpointParameter = z
  .object({
    name: z
      .string()
      .regex(PARAMETER_NAME, 'must start with a letter and hold only a-z, 0-9 and _')
      .refine(
        (name) => !(RESERVED_QUERY_NAMES as readonly string[]).includes(name),
        `must not be ${RESERVED_QUERY_NAMES.join(' or ')} (kept for pagination)`,
      ),
    type: z.enum(parameterTypes, { error: `must be one of ${parameterTypes.join(', ')}` }),
    description: z.string().max(500).default(''),
    required: z.boolean().default(false),
    default: scalar.nullable().default(null),
    minimum: z.number().nullable().default(null),
    maximum: z.number().nullable().default(null),
    minLength: z.number().int().min(0).nullable().default(null),
    maxLength: z.number().int().min(1).nullable().default(null),
    pattern: z
      .string()
      .nullable()
      .default(null)
      .superRefine((pattern, ctx) => {
        const problem = pattern === null ? null : linearRegExpProblem(pattern);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    values: z.array(z.string().min(1).max(200)).max(100).default([]),
  })
  .strict()
  .superRefine((param, ctx) => {
    if (param.type === 'enum' && param.values.length === 0)
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'an enum needs at least one value' });
    if (param.minimum !== null && param.maximum !== null && param.minimum > param.maximum)
      ctx.addIssue({ code: 'custom', path: ['maximum'], message: 'must not be below the minimum' });
    if (param.minLength !== null && param.maxLength !== null && param.minLength > param.maxLength)
      ctx.addIssue({ code: 'custom', path: ['maxLength'], message: 'must not be below the minimum length' });
    if (param.required && param.default !== null)
      ctx.addIssue({ code: 'custom', path: ['default'], message: 'a required parameter has no default' });
  });
export type EndpointParameter = z.output<typeof endpointParameter>;
export type EndpointParameterInput = z.input<typeof endpointParameter>;

export const endpointDefinition = z
  .object({
    sql: z.string().trim().min(1, 'must not be empty').max(ENDPOINT_SQL_MAX, `must be at most ${ENDPOINT_SQL_MAX} characters`),
    description: z.string().max(ENDPOINT_DESCRIPTION_MAX).default(''),
    parameters: z
      .array(endpointParameter)
      .max(PARAMETERS_MAX)
      .default([])
      .superRefine((params, ctx) => {
        const seen = new Set<string>();
        params.forEach((param, index) => {
          if (seen.has(param.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `${param.name} is defined twice` });
          seen.add(param.name);
        });
      }),
    rowCap: z.number().int().min(1).max(ROW_CAP_MAX, `must be at most ${ROW_CAP_MAX}`).default(1000),
    pageSize: z.number().int().min(1).max(ROW_CAP_MAX).default(100),
    cacheSeconds: z.number().int().min(0).max(CACHE_SECONDS_MAX).default(60),
  })
  .strict()
  .refine((definition) => definition.pageSize <= definition.rowCap, { path: ['pageSize'], message: 'must not exceed the row cap' });
export type EndpointDefinition = z.output<typeof endpointDefinition>;
export type EndpointDefinitionInput = z.input<typeof endpointDefinition>;

export const createEndpointBody = z
  .object({
    name: z.string().regex(ENDPOINT_NAME, 'must be 2–63 characters: a-z first, then a-z, 0-9 and _'),
    definition: endpointDefinition,
  })
  .strict();
export type CreateEndpointBody = z.input<typeof createEndpointBody>;

export const saveDraftBody = z.object({ definition: endpointDefinition }).strict();
export type SaveDraftBody = z.input<typeof saveDraftBody>;

export const versionStatus = z.enum(['draft', 'published']);
export const endpointVersion = z.object({
  version: z.number(),
  status: versionStatus,
  definition: z.object({
    sql: z.string(),
    description: z.string(),
    parameters: z.array(z.any()),
    rowCap: z.number(),
    pageSize: z.number(),
    cacheSeconds: z.number(),
  }),
  jsonSchema: z.record(z.string(), z.unknown()),
  createdBy: z.string(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type EndpointVersion = Omit<z.infer<typeof endpointVersion>, 'definition'> & { definition: EndpointDefinition };

export const endpointSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The version callers get, or null while nothing is published. */
  liveVersion: z.number().nullable(),
  latestVersion: z.number(),
  hasDraft: z.boolean(),
  updatedAt: z.string(),
});
export type EndpointSummary = z.infer<typeof endpointSummary>;

export const endpointDetail = endpointSummary.extend({ versions: z.array(endpointVersion) });
export type EndpointDetail = Omit<z.infer<typeof endpointDetail>, 'versions'> & { versions: EndpointVersion[] };

export const endpointIdParams = z.object({ id: z.uuid('must be an endpoint id') });
export const versionParams = z.object({ id: z.uuid('must be an endpoint id'), version: z.coerce.number().int().min(1) });

export const runBody = z
  .object({
    definition: endpointDefinition,
    /** Parameter values as a caller would send them in the query string. */
    inputs: z.record(z.string(), z.string().max(1000)).default({}),
    page: z.number().int().min(1).default(1),
  })
  .strict();
export type RunBody = z.input<typeof runBody>;

export const runResult = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
  rowCount: z.number(),
  hasMore: z.boolean(),
  elapsedMs: z.number(),
  statement: z.string(),
});
export type RunResult = z.infer<typeof runResult>;

// API keys

export const createKeyBody = z
  .object({
    name: lineText(KEY_NAME_MAX),
    /** Endpoint ids the key may call. */
    scopes: z.array(z.uuid('must be endpoint ids')).min(1, 'must name at least one endpoint').max(200),
    /** Parameter values the key always sends, whatever the caller asks (e.g. the one region it may read). */
    fixedParameters: z.record(z.string().regex(PARAMETER_NAME, 'must be parameter names'), z.string().max(1000)).default({}),
    expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullable().default(null),
    /** Calls per minute. */
    rateLimit: z.number().int().min(1).max(RATE_LIMIT_MAX).default(600),
  })
  .strict();
export type CreateKeyBody = z.input<typeof createKeyBody>;

export const apiKeySummary = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.object({ id: z.string(), name: z.string() })),
  fixedParameters: z.record(z.string(), z.string()),
  expiresAt: z.string().nullable(),
  rateLimit: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

export const createdKey = z.object({ key: apiKeySummary, secret: z.string() });
export type CreatedKey = z.infer<typeof createdKey>;
export const keyIdParams = z.object({ id: z.uuid('must be a key id') });

// Usage

export const usageQuery = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).optional(),
    bucket: z.enum(['hour', 'day']).default('hour'),
    endpoint: z.uuid('must be an endpoint id').optional(),
    key: z.uuid('must be a key id').optional(),
  })
  .strict();
export type UsageQuery = z.input<typeof usageQuery>;

export const usageBucket = z.object({
  start: z.string(),
  calls: z.number(),
  errors: z.number(),
  rows: z.number(),
  p50: z.number(),
  p99: z.number(),
});
export const usageRow = z.object({
  endpoint: z.string(),
  keyName: z.string(),
  keyPrefix: z.string(),
  calls: z.number(),
  rows: z.number(),
  p50: z.number(),
  p95: z.number(),
  p99: z.number(),
  statuses: z.record(z.string(), z.number()),
});
export const usageReport = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  series: z.array(usageBucket),
  statuses: z.record(z.string(), z.number()),
  breakdown: z.array(usageRow),
});
export type UsageReport = z.infer<typeof usageReport>;

// Documents and answers with no schema of their own

/** The parts of an OpenAPI 3.1 document the documentation view shows. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<
    string,
    {
      get?: {
        operationId: string;
        summary?: string;
        description?: string;
        parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> }[];
      };
    }
  >;
}

/** A published endpoint's answer to a key holder asking for JSON. */
export interface PublishedDataJson {
  data: Array<Record<string, unknown>>;
  meta: {
    endpoint: string;
    version: number;
    columns: string[];
    rows: number;
    page: number;
    pageSize: number;
    hasMore: boolean;
    elapsedMs: number;
    cached: boolean;
  };
}
