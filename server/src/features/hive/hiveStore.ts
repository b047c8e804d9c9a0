// Hive: the organisation's questions and answers. Votes are one row per user and question or
// answer (a primary key), so voting twice counts once; only the asker accepts an answer; an
// admin promotes a question with its accepted answer into the FAQ. Writes are audited in their transaction.
import { sql, type Transaction } from 'kysely';
import { canManageFaq } from '@common/access/access';
import type { AskQuestionInput, HiveSort, QuestionDetail, QuestionListResponse, QuestionSummary } from '@common/hive/hiveContract';
import { highlight, highlightedExtract, markdownToPlain, parseSearch } from '../../platform/search/index.js';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { InconsistentRequestError, RecordNotFoundError } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';
import type { FaqShelf } from '../../platform/ports/index.js';

export interface HiveActor extends Actor {
  roles: readonly string[];
}

type Db = StoreDb | Transaction<StoreSchema>;
const PAGE = 50;
const iso = (value: Date | string) => new Date(value).toISOString();

interface QuestionRow {
  id: string;
  title: string;
  body: string;
  tags: string[];
  author_subject: string;
  author_username: string;
  accepted_answer_id: string | null;
  created_at: Date;
  votes: number | string;
  answers: number | string;
}

function questions(db: Db, organisation: string) {
  return db
    .selectFrom('hive_questions as q')
    .select(['q.id', 'q.title', 'q.body', 'q.tags', 'q.author_subject', 'q.author_username', 'q.accepted_answer_id', 'q.created_at'])
    .select([
      sql<number>`(SELECT count(*) FROM hive_votes v WHERE v.target_id = q.id)`.as('votes'),
      sql<number>`(SELECT count(*) FROM hive_answers a WHERE a.question_id = q.id)`.as('answers'),
    ])
    .where('q.organisation_id', '=', organisation);
}

function toSummary(row: QuestionRow, words: readonly string[]): QuestionSummary {
  return {
    id: row.id,
    title: row.title,
    tags: row.tags,
    authorUsername: row.author_username,
    createdAt: iso(row.created_at),
    votes: Number(row.votes),
    answers: Number(row.answers),
    accepted: row.accepted_answer_id !== null,
    titleHighlight: highlight(row.title, words),
    extract: highlightedExtract(markdownToPlain(row.body), words),
  };
}

export async function listQuestions(
  db: StoreDb,
  organisation: string,
  filter: { q?: string; tag?: string; sort?: HiveSort },
): Promise<QuestionListResponse> {
  const started = performance.now();
  const search = parseSearch(filter.q);
  if ((filter.q ?? '').trim() !== '' && !search.tsquery) return { questions: [], total: 0, tookMs: 0 };
  let list = questions(db, organisation);
  let count = db
    .selectFrom('hive_questions as q')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('q.organisation_id', '=', organisation);
  if (search.tsquery) {
    // A question matches by its own text or by any of its answers'.
    const match = sql<boolean>`(q.document @@ to_tsquery('simple', ${search.tsquery}) OR EXISTS (SELECT 1 FROM hive_answers a WHERE a.question_id = q.id AND a.document @@ to_tsquery('simple', ${search.tsquery})))`;
    list = list.where(match);
    count = count.where(match);
  }
  if (filter.tag) {
    list = list.where(sql<boolean>`q.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
    count = count.where(sql<boolean>`q.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  }
  if (filter.sort === 'unanswered') {
    list = list.where(sql<boolean>`NOT EXISTS (SELECT 1 FROM hive_answers a WHERE a.question_id = q.id)`);
    count = count.where(sql<boolean>`NOT EXISTS (SELECT 1 FROM hive_answers a WHERE a.question_id = q.id)`);
  }
  if (filter.sort === 'votes') list = list.orderBy(sql`votes`, 'desc');
  else if (search.tsquery && !filter.sort) list = list.orderBy(sql`ts_rank(q.document, to_tsquery('simple', ${search.tsquery}))`, 'desc');
  const [rows, total] = await Promise.all([
    list.orderBy('q.created_at', 'desc').orderBy('q.id').limit(PAGE).execute(),
    count.executeTakeFirst(),
  ]);
  return {
    questions: (rows as QuestionRow[]).map((row) => toSummary(row, search.words)),
    total: Number(total?.n ?? 0),
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

async function questionRow(db: Db, organisation: string, id: string): Promise<QuestionRow> {
  const row = (await questions(db, organisation).where('q.id', '=', id).executeTakeFirst()) as QuestionRow | undefined;
  if (!row) throw new RecordNotFoundError('question');
  return row;
}

export async function questionDetail(db: StoreDb, actor: HiveActor, id: string, faq: FaqShelf): Promise<QuestionDetail> {
  const row = await questionRow(db, actor.organisation, id);
  const [answers, myVotes, faqEntryId] = await Promise.all([
    db
      .selectFrom('hive_answers as a')
      .select(['a.id', 'a.body', 'a.author_username', 'a.created_at'])
      .select(sql<number>`(SELECT count(*) FROM hive_votes v WHERE v.target_id = a.id)`.as('votes'))
      .where('a.question_id', '=', id)
      .orderBy('a.created_at')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('hive_votes')
      .select('target_id')
      .where('organisation_id', '=', actor.organisation)
      .where('subject', '=', actor.subject)
      .execute(),
    faq.entryForQuestion(db, actor.organisation, id),
  ]);
  const voted = new Set(myVotes.map((vote) => vote.target_id));
  const answerList = answers
    .map((answer) => ({
      id: answer.id,
      body: answer.body,
      authorUsername: answer.author_username,
      createdAt: iso(answer.created_at),
      votes: Number(answer.votes),
      myVote: voted.has(answer.id),
      accepted: answer.id === row.accepted_answer_id,
    }))
    // The accepted answer first, then by votes, then oldest first.
    .sort((a, b) => Number(b.accepted) - Number(a.accepted) || b.votes - a.votes);
  return {
    ...toSummary(row, []),
    body: row.body,
    myVote: voted.has(id),
    mine: row.author_subject === actor.subject,
    canPromote: canManageFaq(actor.roles),
    faqEntryId,
    answerList,
  };
}

export async function askQuestion(db: StoreDb, actor: HiveActor, input: Required<AskQuestionInput>): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const row = await tx
      .insertInto('hive_questions')
      .values({
        organisation_id: actor.organisation,
        title: input.title,
        body: input.body,
        tags: JSON.stringify(input.tags),
        tags_text: input.tags.join(' '),
        author_subject: actor.subject,
        author_username: actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, { action: 'hive.question.create', target: row.id, details: { title: input.title } });
    return row.id;
  });
}

/** The new answer's id, and the question it answers (whose asker is told). */
export async function answerQuestion(
  db: StoreDb,
  actor: HiveActor,
  questionId: string,
  body: string,
): Promise<{ id: string; question: { title: string; askerSubject: string } }> {
  return db.transaction().execute(async (tx) => {
    const question = await questionRow(tx, actor.organisation, questionId);
    const row = await tx
      .insertInto('hive_answers')
      .values({
        question_id: questionId,
        organisation_id: actor.organisation,
        body,
        author_subject: actor.subject,
        author_username: actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('hive_questions')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', questionId)
      .execute();
    await writeAudit(tx, actor, { action: 'hive.answer.create', target: row.id, details: { question: questionId } });
    return { id: row.id, question: { title: question.title, askerSubject: question.author_subject } };
  });
}

/** Votes for (or takes back the vote on) a question or one of its answers; a second vote changes nothing. */
export async function vote(db: StoreDb, actor: HiveActor, questionId: string, answerId: string | null, on: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await questionRow(tx, actor.organisation, questionId);
    if (answerId) {
      const answer = await tx
        .selectFrom('hive_answers')
        .select('id')
        .where('id', '=', answerId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      if (!answer) throw new RecordNotFoundError('answer');
    }
    const target = answerId ?? questionId;
    const changed = on
      ? await tx
          .insertInto('hive_votes')
          .values({ target_id: target, organisation_id: actor.organisation, subject: actor.subject })
          .onConflict((oc) => oc.columns(['target_id', 'subject']).doNothing())
          .returning('target_id')
          .executeTakeFirst()
      : await tx
          .deleteFrom('hive_votes')
          .where('target_id', '=', target)
          .where('subject', '=', actor.subject)
          .returning('target_id')
          .executeTakeFirst();
    if (changed) await writeAudit(tx, actor, { action: on ? 'hive.vote' : 'hive.unvote', target, details: { question: questionId } });
  });
}

/** The asker marks one answer accepted (or none). */
export async function acceptAnswer(db: StoreDb, actor: HiveActor, questionId: string, answerId: string | null): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const question = await questionRow(tx, actor.organisation, questionId);
    if (question.author_subject !== actor.subject)
      throw new InconsistentRequestError('answerId', 'Only the person who asked may accept an answer.');
    if (answerId) {
      const answer = await tx
        .selectFrom('hive_answers')
        .select('id')
        .where('id', '=', answerId)
        .where('question_id', '=', questionId)
        .executeTakeFirst();
      if (!answer) throw new InconsistentRequestError('answerId', 'answerId: not an answer to this question.');
    }
    await tx
      .updateTable('hive_questions')
      .set({ accepted_answer_id: answerId, updated_at: sql<Date>`now()` })
      .where('id', '=', questionId)
      .execute();
    await writeAudit(tx, actor, { action: 'hive.accept', target: questionId, details: { answer: answerId } });
  });
}

/** Makes an FAQ entry of the question and its accepted answer (admins; once per question). */
export async function promoteToFaq(db: StoreDb, actor: HiveActor, questionId: string, topic: string, faq: FaqShelf): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const question = await questionRow(tx, actor.organisation, questionId);
    if (!question.accepted_answer_id)
      throw new InconsistentRequestError('question', 'Only a question with an accepted answer can become an FAQ entry.');
    if (await faq.entryForQuestion(tx, actor.organisation, questionId))
      throw new InconsistentRequestError('question', 'This question is already in the FAQ.');
    const answer = await tx
      .selectFrom('hive_answers')
      .select('body')
      .where('id', '=', question.accepted_answer_id)
      .executeTakeFirstOrThrow();
    const entryId = await faq.addFromQuestion(tx, {
      organisation: actor.organisation,
      topic,
      question: question.title,
      answer: answer.body.slice(0, 5000),
      hiveQuestionId: questionId,
    });
    await writeAudit(tx, actor, { action: 'hive.promote', target: questionId, details: { faqEntry: entryId, topic } });
    return entryId;
  });
}
