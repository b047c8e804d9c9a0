// The spec form's JSON-schema validation, run by @cfworker/json-schema. rjsf's own validator
// (Ajv) compiles schemas into functions with `new Function`, which the portal's Content Security
// Policy forbids (no 'unsafe-eval'); this one interprets the schema instead. The server checks the
// config against the spec again and names the field it refuses.
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type RJSFSchema,
  type RJSFValidationError,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

type FormData = Record<string, unknown>;

/** Keywords that only say "something inside failed": the inner error is the one to show. */
const WRAPPERS = new Set([
  'properties',
  'items',
  'allOf',
  'anyOf',
  '$ref',
  'additionalProperties',
  'patternProperties',
  'dependencies',
  'if',
  'then',
  'else',
  'contains',
  'prefixItems',
]);

const validators = new WeakMap<object, Validator>();
function validatorFor(schema: RJSFSchema, rootSchema?: RJSFSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    // $refs in a sub-schema point into the root's definitions.
    const withDefinitions =
      rootSchema && rootSchema !== schema
        ? { definitions: rootSchema.definitions, $defs: (rootSchema as Schema).$defs, ...schema }
        : schema;
    // The validator marks up the schema it is given, and the spec from the store is frozen.
    validator = new Validator(JSON.parse(JSON.stringify(withDefinitions)) as Schema, '7', false);
    validators.set(schema, validator);
  }
  return validator;
}

/** `#/a/0/b` → `.a.0.b`, the property path rjsf places errors with. */
function propertyOf(unit: OutputUnit): string {
  const pointer = unit.instanceLocation.replace(/^#/, '');
  const path = pointer
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = unit.keyword === 'required' ? /required property "([^"]+)"/.exec(unit.error)?.[1] : undefined;
  if (missing) path.push(missing);
  return path.length ? `.${path.join('.')}` : '';
}

function messageOf(unit: OutputUnit): string {
  if (unit.keyword === 'required') return 'is required';
  return unit.error.replace(/^Instance /, 'Value ');
}

function errorsOf(schema: RJSFSchema, formData: unknown): RJSFValidationError[] {
  const result = validatorFor(schema).validate(formData ?? {});
  return result.errors
    .filter((unit) => !WRAPPERS.has(unit.keyword))
    .map((unit) => {
      const property = propertyOf(unit);
      const message = messageOf(unit);
      return {
        name: unit.keyword,
        property,
        message,
        stack: `${property.slice(1) || 'The form'}: ${message}`,
        schemaPath: unit.keywordLocation,
      };
    });
}

export const specValidator: ValidatorType<FormData, RJSFSchema> = {
  validateFormData(formData, schema, customValidate, transformErrors, uiSchema): ValidationData<FormData> {
    let errors = errorsOf(schema, formData);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const validation = { errors, errorSchema: toErrorSchema<FormData>(errors) };
    if (!customValidate) return validation;
    const handler = customValidate(formData, createErrorHandler<FormData>(formData ?? {}), uiSchema, validation.errorSchema);
    return validationDataMerge(validation, unwrapErrorHandler<FormData>(handler));
  },
  isValid(schema, formData, rootSchema) {
    try {
      return validatorFor(schema, rootSchema).validate(formData ?? {}).valid;
    } catch {
      return false;
    }
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: FormData) {
    try {
      return { errors: validatorFor(schema).validate(formData ?? {}).errors as Result[] };
    } catch (error) {
      return { validationError: error as Error };
    }
  },
};
