// A connector's configuration against its spec (`connectionSpecification`, JSON Schema draft 7
// with Airbyte's annotations): validation that names the field at fault, and the handling of
// fields marked `airbyte_secret` — kept apart to be encrypted, masked whenever a config is shown,
// and masked in every log line of a run.
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { SECRET_MASK } from '@common/integrations/integrationsRules';
import { linearRegExpEngine } from '@common/text/linearRegExp';
import { DomainError } from '../../../platform/errors/domainError.js';

// What the browser sees in place of a secret: the pages send it back to keep a stored value.
export { SECRET_MASK };

/** Annotations Airbyte specs carry besides JSON Schema's own (known, so anything else still fails loudly). */
const AIRBYTE_KEYWORDS = [
  'airbyte_secret',
  'airbyte_hidden',
  'order',
  'group',
  'groups',
  'always_show',
  'multiline',
  'pattern_descriptor',
  'display_type',
  'airbyte_type',
  'x-speakeasy-param-sensitive',
];

/**
 * Airbyte specs give defaults inside `oneOf` options (the form shows them when the option is
 * chosen); Ajv cannot apply a default there and, in strict mode, refuses the whole schema. That
 * one complaint is let through; every other strict-mode complaint (unknown keywords…) still fails.
 */
const IGNORED_DEFAULT = /^strict mode: default is ignored for: /;
const strictLogger = {
  log: () => undefined,
  warn: (...messages: unknown[]) => {
    const message = messages.map(String).join(' ');
    if (!IGNORED_DEFAULT.test(message)) throw new Error(message);
  },
  error: (...messages: unknown[]) => {
    throw new Error(messages.map(String).join(' '));
  },
};

// A spec's `pattern`s (a registered program's spec is written by an organisation's administrator)
// run on RE2, in linear time; a spec pattern RE2 cannot run makes the spec invalid.
const ajv = new Ajv({
  allErrors: false,
  strict: true,
  strictSchema: 'log',
  logger: strictLogger,
  strictTypes: false,
  strictRequired: false,
  useDefaults: true,
  code: { regExp: linearRegExpEngine },
});
addFormats(ajv);
ajv.addVocabulary(AIRBYTE_KEYWORDS);

export class ConnectorConfigError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message, { status: 400, code: 'invalid_config', field: `config.${field}` });
    this.name = 'ConnectorConfigError';
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const extra =
    error.keyword === 'additionalProperties' ? String((error.params as { additionalProperty?: string }).additionalProperty ?? '') : '';
  return [base, missing || extra].filter(Boolean).join('.') || '(config)';
}

function describe(error: ErrorObject, field: string): string {
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'additionalProperties':
      return `${field} is not a setting of this connector.`;
    case 'oneOf':
      return `${field} must match exactly one of its options.`;
    default:
      return `${field} ${error.message ?? 'is not valid'}.`;
  }
}

/** Validates (filling defaults) and returns the config; throws ConnectorConfigError naming the field. */
export function validateConfig(specification: Json, config: unknown): Json {
  let validate;
  try {
    validate = ajv.compile(specification);
  } catch (error) {
    throw new ConnectorConfigError(
      '(spec)',
      `The connector's spec is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const copy = structuredClone(config ?? {}) as unknown;
  if (!isObject(copy)) throw new ConnectorConfigError('(config)', 'The configuration must be an object.');
  if (!validate(copy)) {
    // For oneOf groups ajv reports each branch's complaint first; the last error names the group.
    const errors = validate.errors ?? [];
    const error =
      errors.find((candidate) => candidate.keyword !== 'oneOf' && candidate.keyword !== 'const' && candidate.keyword !== 'if') ??
      errors.at(-1);
    const field = error ? fieldOf(error) : '(config)';
    throw new ConnectorConfigError(field, error ? describe(error, field) : 'The configuration is not valid.');
  }
  return copy;
}

/**
 * Paths (dot-separated) of the secret fields present in `config`, following the schema through
 * nested objects and the `oneOf` branch the config chose.
 */
export function secretPaths(specification: Json, config: Json, prefix = ''): string[] {
  const properties = isObject(specification.properties) ? specification.properties : {};
  const paths: string[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!isObject(schema) || !(name in config)) continue;
    const path = prefix ? `${prefix}.${name}` : name;
    const value = config[name];
    if (schema.airbyte_secret === true) {
      paths.push(path);
    } else if (isObject(value)) {
      paths.push(...secretPaths(schema, value, path));
      const branches = Array.isArray(schema.oneOf) ? schema.oneOf.filter(isObject) : [];
      const chosen = branches.find((branch) => ajv.validate(branch, value));
      if (chosen) paths.push(...secretPaths(chosen, value, path));
    }
  }
  return [...new Set(paths)];
}

const read = (config: Json, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), config);

function write(config: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = config;
  for (const key of keys) {
    if (!isObject(target[key])) target[key] = {};
    target = target[key] as Json;
  }
  target[last] = value;
}

/** The config with every secret replaced by the mask, for answers to the browser. */
export function maskConfig(specification: Json, config: Json): Json {
  const copy = structuredClone(config);
  for (const path of secretPaths(specification, config)) write(copy, path, SECRET_MASK);
  return copy;
}

/** Splits a config into what may be stored as it is and the secrets (by path) to encrypt. */
export function splitSecrets(specification: Json, config: Json): { plain: Json; secrets: Record<string, unknown> } {
  const plain = structuredClone(config);
  const secrets: Record<string, unknown> = {};
  for (const path of secretPaths(specification, config)) {
    secrets[path] = read(config, path);
    write(plain, path, SECRET_MASK);
  }
  return { plain, secrets };
}

/** The whole config again: the plain part with its secrets put back. */
export function joinSecrets(plain: Json, secrets: Record<string, unknown>): Json {
  const copy = structuredClone(plain);
  for (const [path, value] of Object.entries(secrets)) write(copy, path, value);
  return copy;
}

/**
 * An edited config where the browser sent the mask back for a secret it never saw: the stored
 * value is kept. A secret still masked with nothing stored is an error naming the field.
 */
export function keepStoredSecrets(specification: Json, edited: Json, stored: Record<string, unknown>): Json {
  const copy = structuredClone(edited);
  for (const path of secretPaths(specification, edited)) {
    if (read(edited, path) !== SECRET_MASK) continue;
    if (!(path in stored)) throw new ConnectorConfigError(path, `${path} is required.`);
    write(copy, path, stored[path]);
  }
  return copy;
}

/** Every secret value as text, to mask in a run's logs. */
export function secretValues(specification: Json, config: Json): string[] {
  return secretPaths(specification, config)
    .map((path) => read(config, path))
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String);
}
