// The glossary's CSV export, in the columns its import reads (TERM_CSV_COLUMNS; lists joined
// with `;`), written with the browser's CSV writer (src/components/csv.ts).
import { TERM_CSV_COLUMNS, type TermRecord } from '@common/catalog-governance/glossaryContract';
import { toCsv } from '../../../../components/csv';

export function termsCsv(terms: readonly TermRecord[]): string {
  const names = new Map(terms.map((term) => [term.id, term.name]));
  return toCsv(
    TERM_CSV_COLUMNS,
    terms.map((term) => [
      term.name,
      term.parentId ? (names.get(term.parentId) ?? '') : '',
      term.definition,
      term.synonyms.join(';'),
      term.related.map((related) => related.name).join(';'),
      term.owners.join(';'),
      term.reviewers.join(';'),
      term.status,
    ]),
  );
}
