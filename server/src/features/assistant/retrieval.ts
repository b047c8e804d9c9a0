// The help assistant's retrieval: the question's significant words are looked up (any of them,
// as prefixes) with the platform's full-text search in the knowledge base, the FAQ and accepted
// Hive answers the caller may read; each candidate's best paragraph is scored by how many of the
// words it and its title hold, and only passages holding enough of them are answered with —
// otherwise the assistant says plainly that nothing matches.
import { sql } from 'kysely';
import { canOpen } from '@common/access/access';
import type { AskResponse, AssistantPassage, AssistantSource } from '@common/assistant/assistantContract';
import { faqEntryPath, hiveQuestionPath, knowledgeArticlePath } from '@common/paths';
import { anyWordQuery, highlightedExtract, markdownToPlain, significantWords } from '../../platform/search/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';

const CANDIDATES = 8;
const ANSWERS = 3;
const PASSAGE_LENGTH = 320;

interface Candidate {
  source: AssistantSource;
  id: string;
  title: string;
  text: string;
  rank: number;
}

const wordsIn = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const holds = (textWords: Set<string>, word: string) => [...textWords].some((w) => w.startsWith(word));

/** How many of the words a passage needs: all of one or two, at least half of more. */
export function wordsNeeded(count: number): number {
  return count <= 2 ? count : Math.ceil(count / 2);
}

function bestPassage(candidate: Candidate, words: readonly string[]): { score: number; matched: number; paragraph: string } {
  const titleWords = wordsIn(candidate.title);
  const paragraphs = markdownToPlain(candidate.text)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  let best = { score: -1, matched: 0, paragraph: paragraphs[0] ?? '' };
  for (const paragraph of paragraphs.length > 0 ? paragraphs : ['']) {
    const paragraphWords = wordsIn(paragraph);
    let matched = 0;
    let score = 0;
    for (const word of words) {
      const inTitle = holds(titleWords, word);
      const inParagraph = holds(paragraphWords, word);
      if (inTitle || inParagraph) matched += 1;
      score += (inTitle ? 2 : 0) + (inParagraph ? 1 : 0);
    }
    if (score > best.score) best = { score, matched, paragraph };
  }
  return best;
}

const linkOf = (candidate: Candidate) =>
  candidate.source === 'article'
    ? knowledgeArticlePath(candidate.id)
    : candidate.source === 'faq'
      ? faqEntryPath(candidate.id)
      : hiveQuestionPath(candidate.id);

async function candidates(db: StoreDb, organisation: string, roles: readonly string[], tsquery: string): Promise<Candidate[]> {
  const q = sql`to_tsquery('simple', ${tsquery})`;
  const lookups: Promise<Candidate[]>[] = [];
  if (canOpen(roles, 'knowledgebase')) {
    lookups.push(
      db
        .selectFrom('kb_articles')
        .select(['id', 'title', 'body'])
        .select(sql<number>`ts_rank(document, ${q})`.as('rank'))
        .where('organisation_id', '=', organisation)
        .where('status', '=', 'published')
        .where(sql<boolean>`document @@ ${q}`)
        .orderBy('rank', 'desc')
        .limit(CANDIDATES)
        .execute()
        .then((rows) => rows.map((r) => ({ source: 'article' as const, id: r.id, title: r.title, text: r.body, rank: Number(r.rank) }))),
    );
  }
  if (canOpen(roles, 'faq')) {
    lookups.push(
      db
        .selectFrom('faq_entries')
        .select(['id', 'question', 'answer'])
        .select(sql<number>`ts_rank(document, ${q})`.as('rank'))
        .where('organisation_id', '=', organisation)
        .where(sql<boolean>`document @@ ${q}`)
        .orderBy('rank', 'desc')
        .limit(CANDIDATES)
        .execute()
        .then((rows) => rows.map((r) => ({ source: 'faq' as const, id: r.id, title: r.question, text: r.answer, rank: Number(r.rank) }))),
    );
  }
  if (canOpen(roles, 'hive')) {
    // Only answers the asker accepted: an open question's answers are not yet known to help.
    lookups.push(
      db
        .selectFrom('hive_questions as q')
        .innerJoin('hive_answers as a', 'a.id', 'q.accepted_answer_id')
        .select(['q.id', 'q.title', 'a.body'])
        .select(sql<number>`ts_rank(q.document || a.document, ${q})`.as('rank'))
        .where('q.organisation_id', '=', organisation)
        .where(sql<boolean>`(q.document @@ ${q} OR a.document @@ ${q})`)
        .orderBy('rank', 'desc')
        .limit(CANDIDATES)
        .execute()
        .then((rows) => rows.map((r) => ({ source: 'hive' as const, id: r.id, title: r.title, text: r.body, rank: Number(r.rank) }))),
    );
  }
  return (await Promise.all(lookups)).flat();
}

export async function answerQuestion(db: StoreDb, organisation: string, roles: readonly string[], question: string): Promise<AskResponse> {
  const started = performance.now();
  const words = significantWords(question);
  const done = (passages: AssistantPassage[]): AskResponse => ({
    found: passages.length > 0,
    passages,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  });
  if (words.length === 0) return done([]);
  const needed = wordsNeeded(words.length);
  const scored = (await candidates(db, organisation, roles, anyWordQuery(words)))
    .map((candidate) => ({ candidate, ...bestPassage(candidate, words) }))
    .filter((entry) => entry.matched >= needed)
    .sort((a, b) => b.matched - a.matched || b.score - a.score || b.candidate.rank - a.candidate.rank);
  return done(
    scored.slice(0, ANSWERS).map(({ candidate, paragraph }) => ({
      source: candidate.source,
      id: candidate.id,
      title: candidate.title,
      text: highlightedExtract(paragraph, words, PASSAGE_LENGTH),
      link: linkOf(candidate),
    })),
  );
}
