// zod/mini ships without message texts (that keeps it small), so validation failures are
// turned into sentences here: the field, then what was wrong with it.
import type { core } from 'zod/mini';

function describe(issue: core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_union':
      return 'has an unsupported value';
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1 ? 'must not be empty' : `is too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `is too big (maximum ${String(issue.maximum)})`;
    default:
      return issue.message;
  }
}

/** The first problem, as "field: reason" (or just the reason for the object itself). */
export function describeFirstIssue(issues: readonly core.$ZodIssue[]): { field?: string; message: string } {
  const issue = issues[0];
  if (!issue) return { message: 'is invalid' };
  const field = issue.path.map(String).join('.') || undefined;
  // A custom message (set in the schema) beats the generic one.
  const message = issue.message && issue.message !== 'Invalid input' ? issue.message : describe(issue);
  return { field, message: issue.code === 'unrecognized_keys' ? describe(issue) : message };
}

/** Every problem, "field: reason; field: reason". */
export function describeIssues(error: { issues: readonly core.$ZodIssue[] }): string {
  return error.issues
    .map((issue) => {
      const { field, message } = describeFirstIssue([issue]);
      return field ? `${field}: ${message}` : message;
    })
    .join('; ');
}
