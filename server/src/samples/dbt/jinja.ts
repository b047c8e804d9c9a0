/**
 * The Jinja the sample project uses, and only that: `{{ ref('model') }}`, `{{ ref('project', 'model') }}`
 * (dbt Mesh: a public model of a project listed in dependencies.yml) and
 * `{{ source('source', 'table') }}` in SQL, `{{ env_var('NAME') }}` in YAML values. Anything else
 * between `{{ }}` or `{% %}` is refused, so the project cannot quietly depend on macros this
 * builder does not run.
 */
import { ProjectError } from './yamlValues.js';

export type Reference =
  | { kind: 'ref'; name: string; /** The other project of a two-argument ref; absent for this project's own. */ project?: string }
  | { kind: 'source'; source: string; table: string };

const CALL = /\{\{\s*(ref|source)\(\s*'([^']+)'\s*(?:,\s*'([^']+)'\s*)?\)\s*\}\}/g;
const ANY_JINJA = /\{\{|\{%|\{#/;

/** `ref('x')` / `source('a', 'b')` as written in YAML (`to:`, `model:`, exposures' depends_on). */
export function parseReference(expression: string, file: string): Reference {
  const match = /^\s*(ref|source)\(\s*'([^']+)'\s*(?:,\s*'([^']+)'\s*)?\)\s*$/.exec(expression);
  if (!match) throw new ProjectError(file, `"${expression}" is not ref('…') or source('…', '…')`);
  return referenceOf(match[1], match[2], match[3], file);
}

function referenceOf(kind: string | undefined, first: string | undefined, second: string | undefined, file: string): Reference {
  if (kind === 'ref' && first && second === undefined) return { kind: 'ref', name: first };
  if (kind === 'ref' && first && second) return { kind: 'ref', project: first, name: second };
  if (kind === 'source' && first && second) return { kind: 'source', source: first, table: second };
  throw new ProjectError(file, `${kind ?? '?'}() takes ${kind === 'ref' ? 'a model, or a project and a model' : 'a source and a table'}`);
}

/** The references of a SQL file, in order of appearance (duplicates kept once). */
export function referencesIn(code: string, file: string): Reference[] {
  const found: Reference[] = [];
  const seen = new Set<string>();
  for (const match of code.matchAll(CALL)) {
    const reference = referenceOf(match[1], match[2], match[3], file);
    const key = JSON.stringify(reference);
    if (!seen.has(key)) found.push(reference);
    seen.add(key);
  }
  if (ANY_JINJA.test(code.replace(CALL, ''))) throw new ProjectError(file, 'uses Jinja other than ref() and source()');
  return found;
}

/** The SQL with each reference replaced by the relation `resolve` gives it. */
export function compileSql(code: string, file: string, resolve: (reference: Reference) => string): string {
  referencesIn(code, file);
  return code.replace(CALL, (_all, kind: string, first: string, second: string | undefined) =>
    resolve(referenceOf(kind, first, second, file)),
  );
}

/** A YAML value with `{{ env_var('NAME') }}` rendered from `vars`; an unknown variable is an error, as in dbt. */
export function renderEnvVars(value: string, vars: Readonly<Record<string, string>>, file: string): string {
  const rendered = value.replace(/\{\{\s*env_var\(\s*'([^']+)'\s*\)\s*\}\}/g, (_all, name: string) => {
    const found = vars[name];
    if (found === undefined) throw new ProjectError(file, `env var ${name} is not set`);
    return found;
  });
  if (ANY_JINJA.test(rendered)) throw new ProjectError(file, 'uses Jinja other than env_var()');
  return rendered;
}
