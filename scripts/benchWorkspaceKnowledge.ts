/**
 * The knowledge side of `npm run bench:workspace` (scripts/bench-workspace.ts runs it): in one
 * organisation of a fresh store, BENCH_ARTICLES knowledge base articles (default 10,000) and
 * BENCH_QUESTIONS Hive questions (default 10,000, each with answers, a third accepted) are
 * seeded, then BENCH_SEARCHES searches of each (words, prefixes, "phrases", -exclusions, OR)
 * run through the areas' own query code, and BENCH_ASKS questions go to the help assistant's
 * retrieval. Prints median and p95 of each (aim p95 < 50 ms).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { listArticles } from '../server/src/features/knowledge/articlesStore.js';
import { listQuestions } from '../server/src/features/hive/hiveStore.js';
import { answerQuestion } from '../server/src/features/assistant/retrieval.js';
import { hiveSearchSource } from '../server/src/features/hive/helpSearch.js';
import { knowledgeSearchSources } from '../server/src/features/knowledge/helpSearch.js';
import type { Store } from '../server/src/platform/store/openStore.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const ASKS = Number(process.env.BENCH_ASKS ?? 100);
const ORGANISATION = 'bench-knowledge';
const CHUNK = 500;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Text as documentation reads: the portal's own terms now and then, among a large vocabulary
// of other words drawn with a Zipf-like (log-uniform) frequency, so a query matches a realistic
// share of the documents rather than nearly all of them.
const TOPIC_WORDS = (
  'snowflake warehouse credits cost idle query queries spilling dbt manifest artifacts upload service account exposure freshness source model ' +
  'test lineage catalog dashboard viewer connector airbyte sync schedule role grant user password key pair mfa edition lite admin ticket support ' +
  'notification email layout settings project health failing warning stale pipeline snapshot seed metric semantic incremental partition cluster ' +
  'storage retention budget forecast month invoice tag owner domain governance glossary classification incident alert slack webhook api endpoint'
).split(' ');
const FILLER = 'the a to of and in for with on when your this that it is be can how what why where from after before each every all'.split(
  ' ',
);

const SYLLABLES = 'ka lo mi ne su ta ri po de va lu ze mo fi ga be ho sa ti ru'.split(' ');
const VOCABULARY = Array.from({ length: 5000 }, (_, index) => {
  let word = '';
  for (let n = index + 1; n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return `${word}n`;
});

function word(next: () => number): string {
  const roll = next();
  if (roll < 0.06) return TOPIC_WORDS[Math.floor(next() * TOPIC_WORDS.length)] as string;
  if (roll < 0.4) return FILLER[Math.floor(next() * FILLER.length)] as string;
  return VOCABULARY[Math.floor(Math.pow(VOCABULARY.length, next())) - 1] as string;
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(word(next));
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)] as T;

async function seed(store: Store): Promise<void> {
  const next = random(13);
  const db = store.db;
  await db
    .insertInto('organisations')
    .values({ id: ORGANISATION, name: ORGANISATION })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db.deleteFrom('kb_articles').where('organisation_id', '=', ORGANISATION).execute();
  await db.deleteFrom('hive_questions').where('organisation_id', '=', ORGANISATION).execute();
  const categories = ['Warehouse', 'Data catalog', 'Integrations', 'Access', 'Support', 'Cost'];
  for (let start = 0; start < ARTICLES; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, ARTICLES - start) }, () => {
      const tags = [pick(next, TOPIC_WORDS), pick(next, TOPIC_WORDS)];
      const body = Array.from({ length: 6 }, () => sentence(next, 25 + Math.floor(next() * 30))).join('\n\n');
      return {
        organisation_id: ORGANISATION,
        title: sentence(next, 6).slice(0, -1),
        body,
        category: pick(next, categories),
        tags: JSON.stringify(tags),
        tags_text: tags.join(' '),
        status: next() < 0.9 ? ('published' as const) : ('draft' as const),
        author_subject: 'bench',
        author_username: 'bench',
      };
    });
    await db.insertInto('kb_articles').values(rows).execute();
  }
  for (let start = 0; start < QUESTIONS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, QUESTIONS - start) }, () => {
      const tags = [pick(next, TOPIC_WORDS)];
      return {
        organisation_id: ORGANISATION,
        title: `${sentence(next, 8).slice(0, -1)}?`,
        body: sentence(next, 40),
        tags: JSON.stringify(tags),
        tags_text: tags.join(' '),
        author_subject: 'asker',
        author_username: 'asker',
      };
    });
    const ids = await db.insertInto('hive_questions').values(rows).returning('id').execute();
    const answers = ids.flatMap(({ id }) =>
      Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({
        question_id: id,
        organisation_id: ORGANISATION,
        body: sentence(next, 35),
        author_subject: 'helper',
        author_username: 'helper',
      })),
    );
    const answerIds = await db.insertInto('hive_answers').values(answers).returning(['id', 'question_id']).execute();
    const firstAnswer = new Map<string, string>();
    for (const answer of answerIds) if (!firstAnswer.has(answer.question_id)) firstAnswer.set(answer.question_id, answer.id);
    for (const { id } of ids) {
      if (next() < 0.33)
        await db
          .updateTable('hive_questions')
          .set({ accepted_answer_id: firstAnswer.get(id) ?? null })
          .where('id', '=', id)
          .execute();
    }
  }
  await sql`ANALYZE kb_articles, hive_questions, hive_answers`.execute(db);
}

function queries(next: () => number): string[] {
  return Array.from({ length: SEARCHES }, (_, index) => {
    const a = pick(next, TOPIC_WORDS);
    const b = pick(next, TOPIC_WORDS);
    switch (index % 6) {
      case 0:
        return a;
      case 1:
        return a.slice(0, 3);
      case 2:
        return `${a} ${b}`;
      case 3:
        return `"${a} ${pick(next, FILLER)}"`;
      case 4:
        return `${a} -${b}`;
      default:
        return `${a} OR ${b}`;
    }
  });
}

async function timed(list: readonly string[], run: (q: string) => Promise<unknown>): Promise<number[]> {
  const timings: number[] = [];
  for (const q of list) {
    const start = performance.now();
    await run(q);
    timings.push(performance.now() - start);
  }
  return timings;
}

export async function knowledgeSearch(store: Store): Promise<void> {
  console.log('Knowledge base, Hive and the help assistant');
  const seeding = performance.now();
  await seed(store);
  console.log(
    `  seeded ${ARTICLES.toLocaleString('en')} articles and ${QUESTIONS.toLocaleString('en')} Hive questions with their answers in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const editor = { organisation: ORGANISATION, subject: 'bench-editor', username: 'editor', roles: ['user', 'admin'] };
  const list = queries(random(21));
  // One warm-up pass each, as a running portal would be.
  await timed(list.slice(0, 20), (q) => listArticles(store.db, editor, { q }));
  await timed(list.slice(0, 20), (q) => listQuestions(store.db, ORGANISATION, { q }));
  const articles = await timed(list, (q) => listArticles(store.db, editor, { q }));
  console.log(
    `  knowledge base search (${SEARCHES} queries: words, prefixes, "phrases", -exclusions, OR; page of 50 with highlights and category counts): median ${ms(percentile(articles, 0.5))}, p95 ${ms(percentile(articles, 0.95))} (aim p95 < 50 ms)`,
  );
  const questions = await timed(list, (q) => listQuestions(store.db, ORGANISATION, { q }));
  console.log(
    `  Hive search (questions and their answers, same queries): median ${ms(percentile(questions, 0.5))}, p95 ${ms(percentile(questions, 0.95))} (aim p95 < 50 ms)`,
  );
  const next = random(34);
  const asks = Array.from(
    { length: ASKS },
    () => `How do I ${pick(next, TOPIC_WORDS)} the ${pick(next, TOPIC_WORDS)} for my ${pick(next, TOPIC_WORDS)}?`,
  );
  let found = 0;
  const sources = [...knowledgeSearchSources(store.db), hiveSearchSource(store.db)];
  const answers = await timed(asks, async (q) => {
    if ((await answerQuestion(sources, ORGANISATION, editor.roles, q)).found) found += 1;
  });
  console.log(
    `  help assistant answer (${ASKS} questions, retrieval over articles, FAQ and accepted Hive answers; ${found} answered, ${ASKS - found} "nothing matches"): median ${ms(percentile(answers, 0.5))}, p95 ${ms(percentile(answers, 0.95))}`,
  );
}
