// Lists people type into one field (names, ids, patterns): the entries between the separators,
// trimmed, without empty ones or repeats, in the order typed.
export function typedList(text: string, separators: RegExp): string[] {
  return [
    ...new Set(
      text
        .split(separators)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}
