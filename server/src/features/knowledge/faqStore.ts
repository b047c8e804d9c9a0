// FAQ entries: short answers grouped by topic, managed by admins (the access table's rule),
// searchable with the platform's full-text search. Every write is audited in its transaction.
import { sql } from 'kysely';
import type { FaqEntry, FaqInput } from '@common/knowledge/knowledgeContract';
import { parseSearch } from '../../platform/search/index.js';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { RecordNotFoundError } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { FaqShelf } from '../../platform/ports/index.js';

const columns = ['id', 'topic', 'question', 'answer', 'position', 'updated_at', 'hive_question_id'] as const;

function toEntry(row: {
  id: string;
  topic: string;
  question: string;
  answer: string;
  position: number;
  updated_at: Date;
  hive_question_id: string | null;
}): FaqEntry {
  return {
    id: row.id,
    topic: row.topic,
    question: row.question,
    answer: row.answer,
    position: row.position,
    updatedAt: new Date(row.updated_at).toISOString(),
    hiveQuestionId: row.hive_question_id,
  };
}

export async function listFaq(db: StoreDb, organisation: string, q: string | undefined): Promise<FaqEntry[]> {
  const search = parseSearch(q);
  if ((q ?? '').trim() !== '' && !search.tsquery) return [];
  let query = db
    .selectFrom('faq_entries')
    .select([...columns])
    .where('organisation_id', '=', organisation);
  if (search.tsquery) query = query.where(sql<boolean>`document @@ to_tsquery('simple', ${search.tsquery})`);
  const rows = await query
    .orderBy(sql`lower(topic)`)
    .orderBy('position')
    .orderBy('created_at')
    .limit(500)
    .execute();
  return rows.map(toEntry);
}

export async function createFaq(
  db: StoreDb,
  actor: Actor,
  input: FaqInput,
  extra: { seedKey?: string; hiveQuestionId?: string } = {},
): Promise<FaqEntry> {
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const last = await tx
      .selectFrom('faq_entries')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('organisation_id', '=', actor.organisation)
      .where('topic', '=', input.topic)
      .executeTakeFirst();
    const row = await tx
      .insertInto('faq_entries')
      .values({
        organisation_id: actor.organisation,
        topic: input.topic,
        question: input.question,
        answer: input.answer,
        position: input.position ?? Number(last?.max ?? 0) + 1,
        seed_key: extra.seedKey ?? null,
        hive_question_id: extra.hiveQuestionId ?? null,
      })
      .returning([...columns])
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, { action: 'faq.create', target: row.id, details: { topic: input.topic, question: input.question } });
    return toEntry(row);
  });
}

export async function updateFaq(db: StoreDb, actor: Actor, id: string, patch: Partial<FaqInput>): Promise<FaqEntry> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('faq_entries')
      .set({ ...patch, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning([...columns])
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('FAQ entry');
    await writeAudit(tx, actor, { action: 'faq.update', target: id, details: { fields: Object.keys(patch) } });
    return toEntry(row);
  });
}

export async function deleteFaq(db: StoreDb, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('faq_entries')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning('question')
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('FAQ entry');
    await writeAudit(tx, actor, { action: 'faq.delete', target: id, details: { question: row.question } });
  });
}

/** The FAQ as Hive promotes answered questions into it (the FAQ port). */
export const faqShelf: FaqShelf = {
  async entryForQuestion(db, organisation, hiveQuestionId) {
    const row = await db
      .selectFrom('faq_entries')
      .select('id')
      .where('organisation_id', '=', organisation)
      .where('hive_question_id', '=', hiveQuestionId)
      .executeTakeFirst();
    return row?.id ?? null;
  },
  async addFromQuestion(db, entry) {
    const last = await db
      .selectFrom('faq_entries')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('organisation_id', '=', entry.organisation)
      .where('topic', '=', entry.topic)
      .executeTakeFirst();
    const row = await db
      .insertInto('faq_entries')
      .values({
        organisation_id: entry.organisation,
        topic: entry.topic,
        question: entry.question,
        answer: entry.answer,
        position: Number(last?.max ?? 0) + 1,
        hive_question_id: entry.hiveQuestionId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
};
