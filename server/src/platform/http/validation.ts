// Request validation: every route parses its params and body with a zod schema here, and a
// failure becomes a 400 naming the first offending field and why.
import type { z } from 'zod';
import type * as zm from 'zod/mini';
import { HttpError } from './errors.js';

type AnySchema = z.ZodType | zm.ZodMiniType;

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].filter(Boolean).join('.');
}

/** Parses `value` or throws a 400 HttpError; `prefix` names where the value came from (e.g. "settings"). */
export function parseOr400<S extends AnySchema>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  if (!issue) throw new HttpError(400, 'invalid_request', 'The request is not valid.');
  // Unknown keys are reported on the object; name the key itself so the caller can find it.
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = pathOf(prefix, [...issue.path, key]);
    throw new HttpError(400, 'invalid_request', `${field}: unknown field.`, field);
  }
  const field = pathOf(prefix, issue.path);
  const where = field || 'body';
  throw new HttpError(400, 'invalid_request', `${where}: ${issue.message}`, field || undefined);
}
