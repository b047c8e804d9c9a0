// Editing a saved source's settings: the API shows each stored secret as the mask. The form shows
// such a secret blank ("set and hidden"), lets it stay blank (no longer required there) and, on
// saving, sends the mask back for a blank one, which the server reads as "keep the stored value";
// a typed value replaces (rotates) it.
import { SECRET_MASK } from '@common/integrations/integrationsRules';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Dot paths of the stored (masked) secrets in a config as the API answered it. */
export function maskedPaths(config: Json, prefix = ''): string[] {
  return Object.entries(config).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value === SECRET_MASK) return [path];
    return isObject(value) ? maskedPaths(value, path) : [];
  });
}

function readPath(config: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), config);
}

/** A copy of `config` with `path` set to `value` (`undefined` removes it). */
function writePath(config: Json, path: string, value: unknown): Json {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy = { ...config };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  copy[head] = writePath(isObject(config[head]) ? config[head] : {}, rest.join('.'), value);
  return copy;
}

/** The form's starting data: the config with its masks taken out (a secret field starts blank). */
export function withoutMasks(config: Json, paths: readonly string[]): Json {
  return paths.reduce((data, path) => writePath(data, path, undefined), config);
}

/** What is sent on save or test: each stored secret left blank comes back as the mask (keep it). */
export function withMasks(data: Json, paths: readonly string[]): Json {
  return paths.reduce((config, path) => {
    const value = readPath(config, path);
    return value === undefined || value === '' ? writePath(config, path, SECRET_MASK) : config;
  }, data);
}

function relax(schema: Json, parts: readonly string[]): Json {
  const [head, ...rest] = parts;
  if (head === undefined) return schema;
  const copy: Json = { ...schema };
  if (rest.length === 0 && Array.isArray(copy.required)) copy.required = copy.required.filter((name) => name !== head);
  const properties = copy.properties;
  if (rest.length > 0 && isObject(properties) && isObject(properties[head]))
    copy.properties = { ...properties, [head]: relax(properties[head], rest) };
  // The secret may sit in an option of a oneOf group (an auth method), which names its own required fields.
  for (const group of ['oneOf', 'anyOf'] as const) {
    const options = copy[group];
    if (Array.isArray(options)) copy[group] = options.map((option) => (isObject(option) ? relax(option, parts) : option));
  }
  return copy;
}

/** The spec with each stored secret no longer required: left blank, the stored value is kept. */
export function storedSecretsOptional(specification: Json, paths: readonly string[]): Json {
  return paths.reduce((schema, path) => relax(schema, path.split('.')), specification);
}
