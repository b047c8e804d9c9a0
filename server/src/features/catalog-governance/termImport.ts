// CSV import of a glossary's terms (the columns of TERM_CSV_COLUMNS, lists separated by `;`).
// Every row is checked before anything is written: names, definitions, parents and related
// terms that exist in the file or the glossary, and a hierarchy without cycles. Any problem
// refuses the whole file with messages naming row and column; otherwise all rows are written in
// one transaction. A term whose name the glossary has is updated; a new one starts as Draft.
// The `status` column is written on export for people to read and ignored on import: statuses
// change only through review.
import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, termCreateBody, TERM_CSV_COLUMNS, type TermImportResponse } from '@common/catalog-governance/glossaryContract';
import { writeAudit, type Actor } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { GovernanceInputError, GovernanceNotFoundError } from './errors.js';

interface ImportRow {
  line: number;
  name: string;
  parent: string | null;
  definition: string;
  synonyms: string[];
  related: string[];
  owners: string[];
  reviewers: string[];
}

const PROBLEMS_SHOWN = 10;
const listOf = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

function readRows(text: string): ImportRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((cell) => cell.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
      trim: true,
    });
  } catch (error) {
    throw new GovernanceInputError('csv', `csv: the file is not valid CSV (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (records.length === 0) throw new GovernanceInputError('csv', 'csv: the file has no rows under its header.');
  if (records.length > IMPORT_MAX_ROWS) throw new GovernanceInputError('csv', `csv: at most ${IMPORT_MAX_ROWS} rows per file.`);
  const header = Object.keys(records[0] ?? {});
  const unknown = header.filter((column) => !(TERM_CSV_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0)
    throw new GovernanceInputError('csv', `csv: unknown column ${unknown.join(', ')}; the columns are ${TERM_CSV_COLUMNS.join(', ')}.`);
  for (const required of ['name', 'definition'])
    if (!header.includes(required)) throw new GovernanceInputError('csv', `csv: the header has no ${required} column.`);

  const problems: string[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    // Line 1 is the header.
    const line = index + 2;
    const candidate = {
      name: record.name ?? '',
      definition: record.definition ?? '',
      synonyms: listOf(record.synonyms),
      owners: listOf(record.owners),
      reviewers: listOf(record.reviewers),
    };
    const checked = termCreateBody.safeParse(candidate);
    if (!checked.success) {
      for (const issue of checked.error.issues.slice(0, 3))
        problems.push(`row ${line}, column ${String(issue.path[0] ?? 'name')}: ${issue.message}`);
      return;
    }
    const key = checked.data.name.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) problems.push(`row ${line}, column name: "${checked.data.name}" is already on row ${earlier}.`);
    seen.set(key, line);
    rows.push({
      line,
      name: checked.data.name,
      parent: record.parent?.trim() || null,
      definition: checked.data.definition,
      synonyms: checked.data.synonyms,
      related: listOf(record.related),
      owners: checked.data.owners,
      reviewers: checked.data.reviewers,
    });
  });
  if (problems.length > 0) throw tooMany(problems);
  return rows;
}

function tooMany(problems: string[]): GovernanceInputError {
  const more = problems.length > PROBLEMS_SHOWN ? ` (and ${problems.length - PROBLEMS_SHOWN} more)` : '';
  return new GovernanceInputError('csv', `csv: nothing was imported. ${problems.slice(0, PROBLEMS_SHOWN).join('; ')}${more}.`);
}

/** The first cycle in a name → parent map, as a path of names, or null. */
function firstCycle(parents: Map<string, string | null>, display: Map<string, string>): string[] | null {
  const done = new Set<string>();
  for (const start of parents.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let at: string | null | undefined = start;
    while (at && !done.has(at)) {
      if (onPath.has(at)) return [...path.slice(path.indexOf(at)), at].map((key) => display.get(key) ?? key);
      onPath.add(at);
      path.push(at);
      at = parents.get(at) ?? null;
    }
    for (const key of path) done.add(key);
  }
  return null;
}

export async function importTerms(db: StoreDb, actor: Actor, glossaryId: string, csv: string): Promise<TermImportResponse> {
  const rows = readRows(csv);
  return db.transaction().execute(async (tx) => {
    const glossary = await tx
      .selectFrom('glossaries')
      .select('name')
      .where('organisation_id', '=', actor.organisation)
      .where('id', '=', glossaryId)
      .forUpdate()
      .executeTakeFirst();
    if (!glossary) throw new GovernanceNotFoundError('glossary');
    const existing = await tx
      .selectFrom('glossary_terms')
      .select(['id', 'name', 'parent_id'])
      .where('glossary_id', '=', glossaryId)
      .execute();
    const byName = new Map(existing.map((term) => [term.name.toLowerCase(), term]));
    const nameOfId = new Map(existing.map((term) => [term.id, term.name.toLowerCase()]));
    const display = new Map<string, string>([
      ...existing.map((term) => [term.name.toLowerCase(), term.name] as const),
      ...rows.map((row) => [row.name.toLowerCase(), row.name] as const),
    ]);
    const known = (name: string) => display.has(name.toLowerCase());

    const problems: string[] = [];
    for (const row of rows) {
      if (row.parent && !known(row.parent))
        problems.push(`row ${row.line}, column parent: no term "${row.parent}" in the file or the glossary.`);
      if (row.parent?.toLowerCase() === row.name.toLowerCase())
        problems.push(`row ${row.line}, column parent: a term cannot be its own parent.`);
      for (const related of row.related) {
        if (!known(related)) problems.push(`row ${row.line}, column related: no term "${related}" in the file or the glossary.`);
        else if (related.toLowerCase() === row.name.toLowerCase())
          problems.push(`row ${row.line}, column related: a term cannot be related to itself.`);
      }
    }
    // The hierarchy after the import: the glossary's parents, with the file's in their place.
    const parents = new Map<string, string | null>(
      existing.map((term) => [term.name.toLowerCase(), term.parent_id ? (nameOfId.get(term.parent_id) ?? null) : null]),
    );
    for (const row of rows) parents.set(row.name.toLowerCase(), row.parent?.toLowerCase() ?? null);
    const cycle = problems.length === 0 ? firstCycle(parents, display) : null;
    if (cycle) problems.push(`column parent: the hierarchy would have a cycle (${cycle.join(' → ')}).`);
    if (problems.length > 0) throw tooMany(problems);

    let created = 0;
    let updated = 0;
    const ids = new Map(existing.map((term) => [term.name.toLowerCase(), term.id]));
    const now = new Date();
    for (const row of rows) {
      const values = {
        name: row.name,
        definition: row.definition,
        synonyms: JSON.stringify(row.synonyms),
        owners: JSON.stringify(row.owners),
        reviewers: JSON.stringify(row.reviewers),
        updated_at: now,
      };
      const current = byName.get(row.name.toLowerCase());
      if (current) {
        await tx.updateTable('glossary_terms').set(values).where('id', '=', current.id).execute();
        updated += 1;
      } else {
        const inserted = await tx
          .insertInto('glossary_terms')
          .values({ ...values, organisation_id: actor.organisation, glossary_id: glossaryId, created_by: actor.username })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(row.name.toLowerCase(), inserted.id);
        await tx
          .insertInto('glossary_term_events')
          .values({ term_id: inserted.id, actor: actor.username, from_status: null, to_status: 'draft', comment: 'Imported from CSV' })
          .execute();
        created += 1;
      }
    }
    // Parents and relations once every term of the file has its id.
    const fileIds = rows.map((row) => ids.get(row.name.toLowerCase()) as string);
    // The file says each of its terms' related terms in full: their old relations go first.
    await tx
      .deleteFrom('glossary_term_relations')
      .where((eb) => eb.or([eb('term_a', 'in', fileIds), eb('term_b', 'in', fileIds)]))
      .execute();
    for (const row of rows) {
      const id = ids.get(row.name.toLowerCase()) as string;
      await tx
        .updateTable('glossary_terms')
        .set({ parent_id: row.parent ? (ids.get(row.parent.toLowerCase()) ?? null) : null })
        .where('id', '=', id)
        .execute();
      const pairs = [...new Set(row.related.map((name) => ids.get(name.toLowerCase()) as string))].map((other) =>
        other < id ? { term_a: other, term_b: id } : { term_a: id, term_b: other },
      );
      if (pairs.length > 0)
        await tx
          .insertInto('glossary_term_relations')
          .values(pairs)
          .onConflict((oc) => oc.columns(['term_a', 'term_b']).doNothing())
          .execute();
    }
    await writeAudit(tx, actor, {
      action: 'catalog.glossary.import',
      target: glossaryId,
      details: { glossary: glossary.name, created, updated },
    });
    return { created, updated };
  });
}
