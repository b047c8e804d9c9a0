/**
 * One JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) per endpoint version, generated
 * from its parameter table. The same schema validates every call (ajv, values coerced from
 * query-string text by type) and describes the parameters in the OpenAPI document.
 */
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { EndpointParameter } from '@common/data-api/dataApiContract';
import { linearRegExpEngine } from '@common/text/linearRegExp';
import { DomainError } from '../../platform/errors/domainError.js';

export type JsonSchema = Record<string, unknown>;

function propertySchema(param: EndpointParameter): JsonSchema {
  const schema: JsonSchema = {};
  switch (param.type) {
    case 'string':
      schema.type = 'string';
      if (param.minLength !== null) schema.minLength = param.minLength;
      if (param.maxLength !== null) schema.maxLength = param.maxLength;
      if (param.pattern !== null) schema.pattern = param.pattern;
      break;
    case 'integer':
    case 'number':
      schema.type = param.type;
      if (param.minimum !== null) schema.minimum = param.minimum;
      if (param.maximum !== null) schema.maximum = param.maximum;
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'date':
      schema.type = 'string';
      schema.format = 'date';
      break;
    case 'timestamp':
      schema.type = 'string';
      schema.format = 'date-time';
      break;
    case 'enum':
      schema.type = 'string';
      schema.enum = [...param.values];
      break;
  }
  if (param.description) schema.description = param.description;
  if (param.default !== null) schema.default = param.default;
  return schema;
}

export function parameterJsonSchema(parameters: readonly EndpointParameter[]): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: Object.fromEntries(parameters.map((param) => [param.name, propertySchema(param)])),
    required: parameters.filter((param) => param.required).map((param) => param.name),
    additionalProperties: false,
  };
}

/** A call's parameters that do not fit the schema; `field` names the parameter. */
export class ParameterError extends DomainError {
  override readonly name = 'ParameterError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`, { status: 400, code: 'invalid_parameter', field });
  }
}

// Query-string text is coerced to each property's type; defaults fill what the caller left out.
// Patterns run on RE2 (linear time): a call never holds the server's one thread for long.
const ajv = new Ajv2020({ coerceTypes: true, useDefaults: true, allErrors: false, strict: false, code: { regExp: linearRegExpEngine } });
addFormats(ajv, ['date', 'date-time']);

const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      // Only a version saved before patterns were checked for RE2 can get here.
      throw new ParameterError(
        'parameters',
        `This endpoint version cannot validate its parameters (${error instanceof Error ? error.message : String(error)}); publish a new version with the pattern changed.`,
      );
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(key, validate);
  }
  return validate;
}

function describe(error: ErrorObject): ParameterError {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return new ParameterError(String(params.missingProperty), 'is required.');
  if (error.keyword === 'additionalProperties')
    return new ParameterError(String(params.additionalProperty), 'is not a parameter of this endpoint.');
  const field = error.instancePath.replace(/^\//, '') || 'parameters';
  const what: Record<string, string> = {
    type: `must be ${String(params.type) === 'integer' ? 'an integer' : `of type ${String(params.type)}`}.`,
    format: `must be a ${String(params.format) === 'date' ? 'date (YYYY-MM-DD)' : 'timestamp (ISO 8601, e.g. 2026-01-31T12:00:00Z)'}.`,
    minimum: `must be at least ${String(params.limit)}.`,
    maximum: `must be at most ${String(params.limit)}.`,
    minLength: `must be at least ${String(params.limit)} characters long.`,
    maxLength: `must be at most ${String(params.limit)} characters long.`,
    pattern: `must match the pattern ${String(params.pattern)}.`,
    enum: `must be one of ${((params.allowedValues as unknown[]) ?? []).join(', ')}.`,
  };
  return new ParameterError(field, what[error.keyword] ?? error.message ?? 'is not valid.');
}

/** Validates and coerces query-string values against a version's schema; throws ParameterError. */
export function validateParameters(schema: JsonSchema, input: Record<string, string>): Record<string, string | number | boolean> {
  const values: Record<string, unknown> = { ...input };
  const validate = validatorFor(schema);
  if (!validate(values)) throw describe(validate.errors?.[0] as ErrorObject);
  return values as Record<string, string | number | boolean>;
}
