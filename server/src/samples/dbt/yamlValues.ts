/**
 * Narrowing of parsed YAML (unknown) to the shapes the project reader expects. A value of the
 * wrong shape throws with the file and key, as dbt's parser would refuse the project.
 */
export type Yaml = Record<string, unknown>;

export class ProjectError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ProjectError';
  }
}

export function isRecord(value: unknown): value is Yaml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown, file: string, key: string): Yaml {
  if (value === undefined || value === null) return {};
  if (!isRecord(value)) throw new ProjectError(file, `${key} must be a mapping`);
  return value;
}

export function list(value: unknown, file: string, key: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProjectError(file, `${key} must be a list`);
  return value;
}

export function text(value: unknown, file: string, key: string): string {
  if (typeof value !== 'string' || value === '') throw new ProjectError(file, `${key} must be a non-empty text`);
  return value;
}

export function optionalText(value: unknown, file: string, key: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ProjectError(file, `${key} must be a text`);
  return value;
}

export function strings(value: unknown, file: string, key: string): string[] {
  if (typeof value === 'string') return [value];
  return list(value, file, key).map((item, index) => text(item, file, `${key}[${index}]`));
}

/** dbt's descriptions: a folded or literal block keeps a trailing newline; dbt keeps it too, we trim it. */
export function description(value: unknown, file: string, key: string): string {
  return (optionalText(value, file, key) ?? '').trim();
}
