// A new source's name must differ from every saved source's (the server refuses a second one with
// the same name): the add-connector pages suggest a free one and say so before testing.

/** `wanted`, or `wanted 2`, `wanted 3`… whichever no saved source has yet. */
export function freeSourceName(wanted: string, taken: readonly string[]): string {
  const names = new Set(taken);
  if (!names.has(wanted)) return wanted;
  for (let number = 2; ; number += 1) {
    const candidate = `${wanted} ${number}`;
    if (!names.has(candidate)) return candidate;
  }
}

/** Why `name` cannot be a new source's name, or null when it can. */
export function sourceNameProblem(name: string, taken: readonly string[]): string | null {
  if (!name.trim()) return 'Give the source a name.';
  // As the store compares them: exactly, after the trim the API applies.
  return taken.includes(name.trim()) ? `A source named "${name.trim()}" already exists; choose another name.` : null;
}
