// Text a spreadsheet would run as a formula when it opens a CSV: a cell starting with = + - @,
// a tab or a carriage return. Such text is written with a leading apostrophe, so an exported
// name like `=HYPERLINK(…)` stays text (OWASP "CSV injection"). Only text is guarded: a
// negative number is data, not a formula. Pure, so the browser's exports can use it too.

const FORMULA_START = /^[=+\-@\t\r]/;

/** True when a spreadsheet would read `text` as a formula. */
export function startsFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/** `text`, with a leading apostrophe when a spreadsheet would otherwise run it as a formula. */
export function guardFormula(text: string): string {
  return startsFormula(text) ? `'${text}` : text;
}
