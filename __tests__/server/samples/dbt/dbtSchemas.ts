/**
 * dbt's own published JSON schemas (../shared/dbt-schemas, unmodified, used by path from the
 * repository root) as Ajv validators. They declare JSON Schema draft 2020-12, hence Ajv2020;
 * `strict: false` because dbt's schemas carry keywords Ajv's strict mode does not know.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export const SCHEMAS = path.resolve(__dirname, '../../../../../shared/dbt-schemas');

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

const compiled = new Map<string, ValidateFunction>();

export function dbtSchema(file: 'manifest/v12.json' | 'run-results/v6.json' | 'sources/v3.json' | 'catalog/v1.json'): ValidateFunction {
  let validate = compiled.get(file);
  if (!validate) {
    validate = ajv.compile(JSON.parse(readFileSync(path.join(SCHEMAS, file), 'utf8')) as Record<string, unknown>);
    compiled.set(file, validate);
  }
  return validate;
}

/** Readable validation errors (path, message, the offending keys) for a failing expectation. */
export function schemaErrors(validate: ValidateFunction, artifact: unknown): string[] {
  if (validate(artifact)) return [];
  return (validate.errors ?? [])
    .slice(0, 30)
    .map((error: ErrorObject) => `${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}
