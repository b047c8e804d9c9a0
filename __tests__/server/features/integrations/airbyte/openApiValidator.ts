// Reads OpenAPI 3.1 documents and checks requests and answers against them with
// @cfworker/json-schema (the validator the portal already uses): finds the operation for a method
// and path, and checks path parameters, query parameters and JSON bodies against the operation's
// schemas, `$ref`s resolved into the document's own components. The Airbyte stand-in is built on
// it; it knows nothing of Airbyte.
import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';

type JsonObject = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  servers?: Array<{ url: string }>;
  security?: unknown[];
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** The path template as the server sees it, the server URL's path in front: `/v1/sources/{sourceId}`. */
  template: string;
  operationId: string;
  /** Whether the document asks for a bearer token (the health document does not). */
  secured: boolean;
  parameters: Parameter[];
  body?: { required: boolean; schema?: Schema };
  responses: Record<string, Schema | undefined>;
  document: LoadedDocument;
  pattern: RegExp;
  pathNames: string[];
}

interface LoadedDocument {
  lookup: Record<string, Schema | boolean>;
  resolve: <T>(value: T) => T;
}

export interface OperationMatch {
  operation: Operation;
  pathParams: Record<string, string>;
}

const CONTAINER_KEYWORDS = new Set([
  '$ref',
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'allOf',
  'then',
  'else',
  'dependentSchemas',
]);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Keys whose value is a map of names (`properties: {id: …}`), not a schema or an OpenAPI object. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'paths',
  'components',
  'schemas',
  'responses',
  'content',
  'headers',
  'parameters',
  'requestBodies',
  'securitySchemes',
]);

/**
 * A copy of a document ready for the validator, which leaves the caller's document untouched (the
 * validator marks the schemas it reads). Two changes:
 * - The description writes some formats in capitals (`UUID` for most ids, `uuid` for others).
 *   JSON Schema ignores a format it does not know, so `UUID` would check nothing, while Airbyte's
 *   server reads both as a UUID and refuses anything else: the names are read without case.
 * - `example` and `examples` are left out. They take no part in validation, and the validator
 *   would read an example's `id` field as a schema's identifier (and stop on two alike).
 */
function normalisedCopy(value: unknown, namesHere = false): unknown {
  if (Array.isArray(value)) return value.map((item) => normalisedCopy(item));
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (!namesHere && (key === 'example' || key === 'examples')) continue;
    copy[key] =
      !namesHere && key === 'format' && typeof item === 'string'
        ? item.toLowerCase()
        : normalisedCopy(item, !namesHere && NAME_MAPS.has(key));
  }
  return copy;
}

function pointerToPath(instanceLocation: string): string {
  const parts = instanceLocation
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function joinPath(parent: string, child: string): string {
  return parent ? `${parent}.${child}` : child;
}

/**
 * Turns the validator's output into one line per failure, each naming the field. A `oneOf` that
 * matched nothing (a source's configuration: one schema per connector type) is explained by the
 * one branch its `const` fields select, or else reported as a whole.
 */
export function describeFailures(errors: OutputUnit[], root = ''): string[] {
  const lines: string[] = [];
  const handledUnder: string[] = [];
  for (const error of errors) {
    if (handledUnder.some((prefix) => error.keywordLocation.startsWith(prefix))) continue;
    const at = joinPath(root, pointerToPath(error.instanceLocation));
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      const prefix = `${error.keywordLocation}/`;
      handledUnder.push(prefix);
      const branches = new Map<string, OutputUnit[]>();
      for (const inner of errors) {
        if (!inner.keywordLocation.startsWith(prefix)) continue;
        const branch = inner.keywordLocation.slice(prefix.length).split('/')[0] ?? '';
        branches.set(branch, [...(branches.get(branch) ?? []), inner]);
      }
      const directChild = new RegExp(`^${error.instanceLocation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^/]+$`);
      const selected = [...branches.values()].filter(
        (inner) => !inner.some((unit) => (unit.keyword === 'const' || unit.keyword === 'enum') && directChild.test(unit.instanceLocation)),
      );
      if (selected.length === 1 && selected[0]) lines.push(...describeFailures(selected[0], root));
      else lines.push(`${at || 'the value'}: matches none of the ${Math.max(branches.size, 1)} shapes the description allows`);
      continue;
    }
    if (CONTAINER_KEYWORDS.has(error.keyword)) continue;
    const required = /^Instance does not have required property "(.+)"\.$/.exec(error.error);
    if (required?.[1]) lines.push(`${joinPath(at, required[1])} is required`);
    else lines.push(`${at || 'the value'}: ${error.error.replace(/\.$/, '')}`);
  }
  return [...new Set(lines)];
}

function pathPattern(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Strings from a URL turned into what the parameter's schema expects, so the schema can judge them. */
function fromQueryText(values: string[], schema: JsonObject | undefined): unknown {
  const type = schema?.type;
  if (type === 'array') return values.map((value) => fromQueryText([value], schema?.items as JsonObject | undefined));
  const value = values[values.length - 1] ?? '';
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export class OpenApiDescription {
  readonly operations: Operation[] = [];

  constructor(documents: Array<{ name: string; document: OpenApiDocument }>) {
    for (const { name, document: original } of documents) {
      const document = normalisedCopy(original) as OpenApiDocument;
      const base = `https://openapi-description.invalid/${encodeURIComponent(name)}`;
      const lookup = dereference({ ...document, $id: base } as unknown as Schema);
      const resolve = <T>(value: T): T => {
        let current: unknown = value;
        for (let hops = 0; current && typeof current === 'object' && '$ref' in current && hops < 10; hops += 1) {
          current = lookup[new URL((current as { $ref: string }).$ref, base).href];
        }
        return current as T;
      };
      const loaded: LoadedDocument = { lookup, resolve };
      // Parameters sit in arrays the validator does not walk: their schemas are registered one by
      // one, so their `$ref`s resolve into the document's components as the others do.
      let registered = 0;
      const withSchemaRegistered = (parameter: Parameter): Parameter => {
        if (parameter.schema && typeof parameter.schema === 'object' && !('__absolute_uri__' in parameter.schema)) {
          dereference(parameter.schema, lookup, new URL(base), `/x-parameter-schemas/${registered++}`);
        }
        return parameter;
      };
      const prefix = new URL(document.servers?.[0]?.url ?? 'https://x.invalid/').pathname.replace(/\/$/, '');
      for (const [path, item] of Object.entries(document.paths)) {
        const shared = ((item.parameters as unknown[]) ?? []).map((parameter) => withSchemaRegistered(resolve(parameter) as Parameter));
        for (const method of HTTP_METHODS) {
          const operation = item[method] as JsonObject | undefined;
          if (!operation) continue;
          const own = ((operation.parameters as unknown[]) ?? []).map((parameter) => withSchemaRegistered(resolve(parameter) as Parameter));
          const parameters = [
            ...shared.filter((parameter) => !own.some((o) => o.name === parameter.name && o.in === parameter.in)),
            ...own,
          ];
          const requestBody = resolve(operation.requestBody as JsonObject | undefined);
          const responses: Record<string, Schema | undefined> = {};
          for (const [status, response] of Object.entries((operation.responses as JsonObject) ?? {})) {
            const content = (resolve(response) as JsonObject | undefined)?.content as JsonObject | undefined;
            responses[status] = (content?.['application/json'] as JsonObject | undefined)?.schema as Schema | undefined;
          }
          const template = `${prefix}${path}`;
          const { pattern, names } = pathPattern(template);
          this.operations.push({
            method: method.toUpperCase(),
            template,
            operationId: String(operation.operationId ?? `${method} ${template}`),
            secured: ((operation.security ?? document.security ?? []) as unknown[]).length > 0,
            parameters,
            body: requestBody
              ? {
                  required: requestBody.required === true,
                  schema: ((requestBody.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema as
                    Schema | undefined,
                }
              : undefined,
            responses,
            document: loaded,
            pattern,
            pathNames: names,
          });
        }
      }
    }
    // A fixed path wins over a template that would also match it (`/sources/initiateOAuth`
    // before `/sources/{sourceId}`).
    this.operations.sort((a, b) => a.pathNames.length - b.pathNames.length);
  }

  /** The operation for a method and path, or undefined when the description has none. */
  find(method: string, pathname: string): OperationMatch | undefined {
    for (const operation of this.operations) {
      if (operation.method !== method.toUpperCase()) continue;
      const match = operation.pattern.exec(pathname);
      if (!match) continue;
      const pathParams: Record<string, string> = {};
      operation.pathNames.forEach((name, index) => {
        pathParams[name] = decodeURIComponent(match[index + 1] ?? '');
      });
      return { operation, pathParams };
    }
    return undefined;
  }

  private check(operation: Operation, value: unknown, schema: Schema | undefined, label: string): string[] {
    if (!schema) return [];
    const result = validate(value, schema, '2020-12', operation.document.lookup, false);
    return result.valid ? [] : describeFailures(result.errors, '').map((line) => `${label} ${line}`);
  }

  /**
   * Every way the request breaks the operation's description, one line each (empty when it
   * conforms). `body` is undefined when the request had none.
   */
  checkRequest(match: OperationMatch, query: URLSearchParams, body: unknown): string[] {
    const { operation, pathParams } = match;
    const failures: string[] = [];
    for (const parameter of operation.parameters) {
      const schema = operation.document.resolve(parameter.schema) as JsonObject | undefined;
      if (parameter.in === 'path') {
        failures.push(
          ...this.check(
            operation,
            fromQueryText([pathParams[parameter.name] ?? ''], schema),
            parameter.schema,
            `path parameter ${parameter.name}:`,
          ).map((line) => line.replace(': the value:', ':')),
        );
      } else if (parameter.in === 'query') {
        const values = query.getAll(parameter.name);
        if (values.length === 0) {
          if (parameter.required) failures.push(`query parameter ${parameter.name} is required`);
          continue;
        }
        failures.push(
          ...this.check(operation, fromQueryText(values, schema), parameter.schema, `query parameter ${parameter.name}:`).map((line) =>
            line.replace(': the value:', ':'),
          ),
        );
      }
    }
    // Airbyte ignores query parameters it does not know; a misspelt one is refused here so that
    // a test fails instead of a filter silently doing nothing.
    for (const name of new Set(query.keys())) {
      if (!operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === name)) {
        failures.push(`query parameter ${name} is not one the description defines for ${operation.method} ${operation.template}`);
      }
    }
    if (operation.body) {
      if (body === undefined) {
        if (operation.body.required || operation.body.schema) failures.push('request body is required (JSON)');
      } else {
        failures.push(...this.check(operation, body, operation.body.schema, 'request body:'));
      }
    } else if (body !== undefined) {
      failures.push(`request body is not expected by ${operation.method} ${operation.template}`);
    }
    return failures;
  }

  /** How an answer breaks the operation's description for its status (empty when it conforms). */
  checkResponse(operation: Operation, status: number, body: unknown): string[] {
    const statusKey = String(status);
    if (!(statusKey in operation.responses) && !('default' in operation.responses)) {
      return status < 400 ? [`status ${status} is not one the description lists for ${operation.operationId}`] : [];
    }
    const schema = operation.responses[statusKey] ?? operation.responses.default;
    if (!schema)
      return body === undefined || status >= 400
        ? []
        : [`a body was sent where the description has none for ${operation.operationId} ${status}`];
    if (body === undefined) return [`no body was sent where the description requires one for ${operation.operationId} ${status}`];
    return this.check(operation, body, schema, `response of ${operation.operationId} ${status}:`);
  }
}

/** Validates a value against one schema of its own (the token endpoint's documented shape). */
export function checkAgainst(schema: Schema, value: unknown, label: string): string[] {
  const result = validate(value, schema, '2020-12', dereference(schema), false);
  return result.valid ? [] : describeFailures(result.errors).map((line) => `${label} ${line}`);
}
