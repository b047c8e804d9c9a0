// A backstop for every route, whatever its schema: text the store cannot keep never reaches it.
// NUL characters (PostgreSQL's text refuses them) and unpaired UTF-16 surrogates (its JSON
// refuses them: an audit entry quoting a title would fail) in a body, query or path value answer
// 400 naming the field, as do bodies nested absurdly deep. Field rules (common/text/textRules.ts)
// say more about text people type; this makes sure no route, present or future, answers such
// input with a 500. It runs after the access checks and the schema, so it never says more to a
// caller than those would.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LONE_SURROGATE } from '@common/text/textRules';
import { HttpError } from './errors.js';

/** Far deeper than any request of the portal nests; a deeper one is refused before anything walks it recursively. */
export const BODY_DEPTH_MAX = 64;

const NUL = '\u0000';

interface Pending {
  value: unknown;
  path: string;
  depth: number;
}

/** The first problem in `value`: where (a dotted path) and what; null when there is none. Walks without recursion. */
export function unstorableText(value: unknown, root = ''): { field: string; message: string } | null {
  const stack: Pending[] = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop() as Pending;
    const field = path || 'body';
    if (typeof current === 'string') {
      if (current.includes(NUL)) return { field, message: `${field}: must not contain NUL characters.` };
      if (LONE_SURROGATE.test(current)) return { field, message: `${field}: must be text (it holds an unpaired UTF-16 surrogate).` };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= BODY_DEPTH_MAX) return { field, message: `${field}: nests more than ${BODY_DEPTH_MAX} levels deep.` };
    const entries = Array.isArray(current)
      ? current.map((item, index) => [String(index), item] as const)
      : Object.entries(current as Record<string, unknown>);
    for (const [key, item] of entries) {
      const keyProblem = key.includes(NUL) || LONE_SURROGATE.test(key);
      const itemPath = path ? `${path}.${key}` : key;
      if (keyProblem) return { field: path || 'body', message: `${path || 'body'}: a field name is not valid text.` };
      stack.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Whether there is nothing to walk: no value, or an object without a single key. */
const nothingIn = (part: unknown) => part === undefined || part === null || (typeof part === 'object' && isEmptyObject(part));
function isEmptyObject(value: object): boolean {
  for (const _key in value) return false;
  return true;
}

export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook that returns at once for the usual GET (no body, no query, no path values).
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      if (nothingIn(part)) continue;
      const problem = unstorableText(part);
      if (problem) return done(new HttpError(400, 'invalid_request', problem.message, problem.field));
    }
    done();
  });
}
