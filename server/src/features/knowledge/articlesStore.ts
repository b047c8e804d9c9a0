// Knowledge base articles: full-text search (the platform's), drafts for editors only, "was
// this helpful" votes (one row per user: voting again changes the vote, never adds one) and
// related articles. Every write is audited in its own transaction.
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { ArticleDetail, ArticleInput, ArticleListResponse, ArticleSummary, ArticleUpdate } from '@common/knowledge/knowledgeContract';
import { canEditKnowledge } from '@common/access/access';
import { highlight, highlightedExtract, markdownToPlain, parseSearch, queryWords, anyWordQuery } from '../../platform/search/index.js';
import { ensureOrganisation, writeAudit, type Actor } from '../../platform/store/audit.js';
import { RecordNotFoundError } from '../../platform/store/errors.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import type { StoreSchema } from '../../platform/store/schema.js';

/** Who reads or edits: the roles decide who may edit; the audit records the rest. */
type KnowledgeActor = Actor & { roles: readonly string[] };

const PAGE = 50;

interface ArticleRow {
  id: string;
  title: string;
  body: string;
  category: string;
  tags: string[];
  status: 'draft' | 'published';
  author_username: string;
  created_at: Date;
  updated_at: Date;
  yes: number | string;
  no: number | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toSummary(row: ArticleRow, words: readonly string[]): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    tags: row.tags,
    status: row.status,
    authorUsername: row.author_username,
    updatedAt: iso(row.updated_at),
    helpful: { yes: Number(row.yes), no: Number(row.no) },
    titleHighlight: highlight(row.title, words),
    extract: highlightedExtract(markdownToPlain(row.body), words),
  };
}

function articleQuery(db: StoreDb | Transaction<StoreSchema>, organisation: string) {
  return db
    .selectFrom('kb_articles as a')
    .select(['a.id', 'a.title', 'a.body', 'a.category', 'a.tags', 'a.status', 'a.author_username', 'a.created_at', 'a.updated_at'])
    .select([
      sql<number>`(SELECT count(*) FROM kb_votes v WHERE v.article_id = a.id AND v.helpful)`.as('yes'),
      sql<number>`(SELECT count(*) FROM kb_votes v WHERE v.article_id = a.id AND NOT v.helpful)`.as('no'),
    ])
    .where('a.organisation_id', '=', organisation);
}

export interface ArticleFilter {
  q?: string;
  category?: string;
  tag?: string;
  status?: 'published' | 'draft' | 'all';
}

interface ListSummary {
  categories: { value: string; count: number }[] | null;
  page: string[] | null;
}

/** The category counts and the page's ids, from one pass over the rows of `m` (id, category, updated_at, rank). */
function summaryOf(m: RawBuilder<unknown>, category: string | undefined) {
  const inCategory = category ? sql`m.category = ${category}` : sql`true`;
  return sql<ListSummary>`
    WITH m AS MATERIALIZED (${m})
    SELECT
      (SELECT json_agg(json_build_object('value', c.category, 'count', c.n) ORDER BY c.category) FROM (SELECT category, count(*)::int AS n FROM m GROUP BY category) c) AS categories,
      (SELECT json_agg(p.id) FROM (SELECT m.id FROM m WHERE ${inCategory} ORDER BY m.rank DESC, m.updated_at DESC, m.id LIMIT ${PAGE}) p) AS page`;
}

/** Nothing typed: the organisation's articles (its own index), newest first. */
async function browseSummary(db: StoreDb, organisation: string, status: string, filter: ArticleFilter): Promise<ListSummary | undefined> {
  const conditions = [sql`a.organisation_id = ${organisation}`];
  if (status !== 'all') conditions.push(sql`a.status = ${status}`);
  if (filter.tag) conditions.push(sql`a.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  const m = sql`SELECT a.id, a.category, a.updated_at, 0 AS rank FROM kb_articles a WHERE ${sql.join(conditions, sql` AND `)}`;
  return (await summaryOf(m, filter.category).execute(db)).rows[0];
}

/**
 * A search: the organisation's matches found by the search index alone, ranked by their headings.
 *
 * Matching a row outside the index (a scan of the table, or of the organisation's rows by their
 * own index) reads that row's whole document, kilobytes stored out of line; the planner does not
 * count that cost, and on a table of some thousand articles it picks exactly that. So the matches
 * are taken where only the GIN index of organisation and document can find them (the status and
 * tag are checked after), in a transaction that turns sequential and plain index scans off for its
 * one statement. The rank is ts_rank over the stored heading (title A, tags and category B), a few
 * words in the row: articles whose title or tags hold the words come first, then the rest, newest
 * first. Only a "phrase" makes the index recheck its candidates' documents.
 */
async function searchSummary(
  db: StoreDb,
  organisation: string,
  status: string,
  tsquery: string,
  filter: ArticleFilter,
): Promise<ListSummary | undefined> {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const conditions = [sql`true`];
  if (status !== 'all') conditions.push(sql`h.status = ${status}`);
  if (filter.tag) conditions.push(sql`h.tags @> ${JSON.stringify([filter.tag])}::jsonb`);
  const m = sql`
    SELECT h.id, h.category, h.updated_at, ts_rank(h.heading, ${query}) AS rank
    FROM (SELECT a.id, a.category, a.updated_at, a.status, a.tags, a.heading FROM kb_articles a
          WHERE ARRAY[a.organisation_id] @> ARRAY[${organisation}::text] AND a.document @@ ${query} OFFSET 0) h
    WHERE ${sql.join(conditions, sql` AND `)}`;
  return db.transaction().execute(async (tx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(tx);
    await sql`SET LOCAL enable_indexscan = off`.execute(tx);
    return (await summaryOf(m, filter.category).execute(tx)).rows[0];
  });
}

export async function listArticles(db: StoreDb, actor: KnowledgeActor, filter: ArticleFilter): Promise<ArticleListResponse> {
  const started = performance.now();
  const editor = canEditKnowledge(actor.roles);
  const status = editor ? (filter.status ?? 'published') : 'published';
  const search = parseSearch(filter.q);
  const typed = (filter.q ?? '').trim() !== '';
  if (typed && !search.tsquery) return { articles: [], total: 0, categories: [], canEdit: editor, tookMs: 0 };

  const summary = search.tsquery
    ? await searchSummary(db, actor.organisation, status, search.tsquery, filter)
    : await browseSummary(db, actor.organisation, status, filter);
  const categories = summary?.categories ?? [];
  const pageIds = summary?.page ?? [];
  const rows =
    pageIds.length > 0 ? ((await articleQuery(db, actor.organisation).where('a.id', 'in', pageIds).execute()) as ArticleRow[]) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const total = filter.category
    ? (categories.find((c) => c.value === filter.category)?.count ?? 0)
    : categories.reduce((sum, c) => sum + c.count, 0);
  return {
    articles: pageIds
      .map((id) => byId.get(id))
      .filter((row): row is ArticleRow => row !== undefined)
      .map((row) => toSummary(row, search.words)),
    total,
    categories,
    canEdit: editor,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

async function related(db: StoreDb, organisation: string, row: ArticleRow): Promise<ArticleDetail['related']> {
  const words = queryWords(row.tags.join(' '));
  const rows = await db
    .selectFrom('kb_articles as a')
    .select(['a.id', 'a.title', 'a.category'])
    .where('a.organisation_id', '=', organisation)
    .where('a.status', '=', 'published')
    .where('a.id', '!=', row.id)
    .where((eb) =>
      words.length > 0
        ? eb.or([eb('a.category', '=', row.category), sql<boolean>`a.document @@ to_tsquery('simple', ${anyWordQuery(words)})`])
        : eb('a.category', '=', row.category),
    )
    .orderBy(words.length > 0 ? sql`ts_rank(a.document, to_tsquery('simple', ${anyWordQuery(words)}))` : sql`1`, 'desc')
    .orderBy('a.updated_at', 'desc')
    .limit(5)
    .execute();
  return rows;
}

export async function articleDetail(db: StoreDb, actor: KnowledgeActor, id: string): Promise<ArticleDetail> {
  const editor = canEditKnowledge(actor.roles);
  let query = articleQuery(db, actor.organisation).where('a.id', '=', id);
  if (!editor) query = query.where('a.status', '=', 'published');
  const row = (await query.executeTakeFirst()) as ArticleRow | undefined;
  if (!row) throw new RecordNotFoundError('article');
  const [mine, relatedList] = await Promise.all([
    db.selectFrom('kb_votes').select('helpful').where('article_id', '=', id).where('subject', '=', actor.subject).executeTakeFirst(),
    related(db, actor.organisation, row),
  ]);
  return {
    ...toSummary(row, []),
    body: row.body,
    createdAt: iso(row.created_at),
    myVote: mine ? mine.helpful : null,
    related: relatedList,
    canEdit: editor,
  };
}

const tagsText = (tags: readonly string[]) => tags.join(' ');

export async function createArticle(
  db: StoreDb,
  actor: KnowledgeActor,
  input: Required<ArticleInput>,
  seedKey: string | null = null,
): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await ensureOrganisation(tx, actor.organisation);
    const row = await tx
      .insertInto('kb_articles')
      .values({
        organisation_id: actor.organisation,
        title: input.title,
        body: input.body,
        category: input.category,
        tags: JSON.stringify(input.tags),
        tags_text: tagsText(input.tags),
        status: input.status,
        author_subject: actor.subject,
        author_username: actor.username,
        seed_key: seedKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(tx, actor, { action: 'kb.article.create', target: row.id, details: { title: input.title, status: input.status } });
    return row.id;
  });
}

export async function updateArticle(db: StoreDb, actor: KnowledgeActor, id: string, patch: ArticleUpdate): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .updateTable('kb_articles')
      .set({
        ...(patch.title === undefined ? {} : { title: patch.title }),
        ...(patch.body === undefined ? {} : { body: patch.body }),
        ...(patch.category === undefined ? {} : { category: patch.category }),
        ...(patch.tags === undefined ? {} : { tags: JSON.stringify(patch.tags), tags_text: tagsText(patch.tags) }),
        ...(patch.status === undefined ? {} : { status: patch.status }),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('article');
    await writeAudit(tx, actor, { action: 'kb.article.update', target: id, details: { fields: Object.keys(patch), status: patch.status } });
  });
}

export async function deleteArticle(db: StoreDb, actor: KnowledgeActor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('kb_articles')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .returning('title')
      .executeTakeFirst();
    if (!row) throw new RecordNotFoundError('article');
    await writeAudit(tx, actor, { action: 'kb.article.delete', target: id, details: { title: row.title } });
  });
}

/** One vote per user and article: the same vote again changes nothing, the other one replaces it. */
export async function voteOnArticle(db: StoreDb, actor: KnowledgeActor, id: string, helpful: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const article = await tx
      .selectFrom('kb_articles')
      .select('id')
      .where('id', '=', id)
      .where('organisation_id', '=', actor.organisation)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (!article) throw new RecordNotFoundError('article');
    const changed = await tx
      .insertInto('kb_votes')
      .values({ article_id: id, organisation_id: actor.organisation, subject: actor.subject, helpful })
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'subject'])
          .doUpdateSet({ helpful, voted_at: sql<Date>`now()` })
          .where('kb_votes.helpful', '!=', helpful),
      )
      .returning('article_id')
      .executeTakeFirst();
    if (changed) await writeAudit(tx, actor, { action: 'kb.article.vote', target: id, details: { helpful } });
  });
}
