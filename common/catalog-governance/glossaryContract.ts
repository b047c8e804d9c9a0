// Glossary (GET/POST/PATCH/DELETE /api/catalog/governance/glossaries…, …/terms…): glossaries and
// their terms (definition in markdown, synonyms, related terms, owners, reviewers, a parent for
// the hierarchy), the review workflow, links to assets and columns, and CSV import.
// Related terms are symmetric and may form any graph; the parent/child hierarchy must be a
// tree, so a parent that would make a term its own ancestor is refused (409 naming the cycle).
import { z } from 'zod';
import { DEFINITION_MAX, IMPORT_ROWS_MAX, NAME_MAX, PEOPLE_MAX, RELATED_MAX, SYNONYMS_MAX, termStatuses } from './glossaryRules';

const name = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(NAME_MAX, `must be at most ${NAME_MAX} characters`)
  .regex(/^[^\r\n\t;,]+$/, 'must not contain line breaks, tabs, commas or semicolons');
const person = z.string().trim().min(1, 'must not be empty').max(255, 'must be at most 255 characters');
const people = z.array(person).max(PEOPLE_MAX, `must name at most ${PEOPLE_MAX} people`);
const uuid = (what: string) => z.uuid({ error: `must be a ${what} id` });

export const glossaryIdParams = z.strictObject({ glossaryId: uuid('glossary') });
export const termIdParams = z.strictObject({ termId: uuid('term') });

export const glossaryBody = z.strictObject({
  name,
  description: z.string().max(DEFINITION_MAX, `must be at most ${DEFINITION_MAX} characters`).default(''),
});
export type GlossaryBody = z.input<typeof glossaryBody>;

export const glossaryRecord = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  terms: z.number(),
  counts: z.record(z.enum(termStatuses), z.number()),
});
export type GlossaryRecord = z.infer<typeof glossaryRecord>;
export const glossaryListResponse = z.object({ glossaries: z.array(glossaryRecord), editor: z.boolean() });
export type GlossaryListResponse = z.infer<typeof glossaryListResponse>;

const termFields = {
  name,
  definition: z
    .string()
    .trim()
    .min(1, 'must not be empty: say what the term means')
    .max(DEFINITION_MAX, `must be at most ${DEFINITION_MAX} characters`),
  synonyms: z.array(name).max(SYNONYMS_MAX, `must list at most ${SYNONYMS_MAX} synonyms`).default([]),
  owners: people.default([]),
  reviewers: people.default([]),
  parentId: uuid('term').nullable().default(null),
  relatedIds: z.array(uuid('term')).max(RELATED_MAX, `must list at most ${RELATED_MAX} terms`).default([]),
};

export const termCreateBody = z.strictObject(termFields);
export type TermCreateBody = z.input<typeof termCreateBody>;
export const termUpdateBody = z.strictObject({
  name: termFields.name.optional(),
  definition: termFields.definition.optional(),
  synonyms: termFields.synonyms.optional(),
  owners: people.optional(),
  reviewers: people.optional(),
  parentId: uuid('term').nullable().optional(),
  relatedIds: z.array(uuid('term')).max(RELATED_MAX, `must list at most ${RELATED_MAX} terms`).optional(),
});
export type TermUpdateBody = z.input<typeof termUpdateBody>;

export const termListQuery = z.strictObject({
  status: z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(z.enum(termStatuses, { error: `must be one of ${termStatuses.join(', ')}` })).max(5),
    )
    .optional(),
  q: z.string().trim().min(1).max(200, 'must be at most 200 characters').optional(),
});

export const termLink = z.object({ nodeId: z.string(), columnName: z.string().nullable(), name: z.string(), resourceType: z.string() });
export type TermLink = z.infer<typeof termLink>;

export const termRecord = z.object({
  id: z.string(),
  glossaryId: z.string(),
  name: z.string(),
  definition: z.string(),
  synonyms: z.array(z.string()),
  owners: z.array(z.string()),
  reviewers: z.array(z.string()),
  status: z.enum(termStatuses),
  parentId: z.string().nullable(),
  related: z.array(z.object({ id: z.string(), name: z.string() })),
  links: z.number(),
  createdBy: z.string().nullable(),
  submittedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type TermRecord = z.infer<typeof termRecord>;

export const termListResponse = z.object({ glossary: glossaryRecord, terms: z.array(termRecord), editor: z.boolean() });
export type TermListResponse = z.infer<typeof termListResponse>;

export const termEvent = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  comment: z.string().nullable(),
});
export type TermEvent = z.infer<typeof termEvent>;
export const termDetailResponse = z.object({
  term: termRecord,
  links: z.array(termLink),
  history: z.array(termEvent),
  children: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TermDetailResponse = z.infer<typeof termDetailResponse>;

export const termTransitionBody = z.strictObject({
  to: z.enum(termStatuses, { error: `must be one of ${termStatuses.join(', ')}` }),
  comment: z.string().trim().max(2000, 'must be at most 2000 characters').optional(),
});
export type TermTransitionBody = z.infer<typeof termTransitionBody>;

export const termLinkBody = z.strictObject({
  nodeId: z.string().trim().min(1, 'must name an asset').max(1000),
  columnName: z.string().trim().min(1).max(1000).nullable().default(null),
});
export type TermLinkBody = z.input<typeof termLinkBody>;

/** CSV import: the file's text; every row is checked before anything is written. */
export const termImportBody = z.strictObject({ csv: z.string().min(1, 'must not be empty').max(2_000_000, 'must be at most 2 MB') });
export const termImportResponse = z.object({ created: z.number(), updated: z.number() });
export type TermImportResponse = z.infer<typeof termImportResponse>;
/** Columns of the CSV the glossary exports and imports (lists separated by `;`). */
export const TERM_CSV_COLUMNS = ['name', 'parent', 'definition', 'synonyms', 'related', 'owners', 'reviewers', 'status'] as const;
export const IMPORT_MAX_ROWS = IMPORT_ROWS_MAX;
