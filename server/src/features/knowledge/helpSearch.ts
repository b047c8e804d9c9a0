// The knowledge base's published articles and the FAQ as the help assistant searches them (the
// help search sources): ranked by PostgreSQL's full-text search on each row's search document.
import { sql } from 'kysely';
import type { HelpSearchSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export function knowledgeSearchSources(db: StoreDb): HelpSearchSource[] {
  const articles: HelpSearchSource = {
    route: 'knowledgebase',
    async search(organisation, tsquery, limit) {
      const q = sql`to_tsquery('simple', ${tsquery})`;
      const rows = await db
        .selectFrom('kb_articles')
        .select(['id', 'title', 'body'])
        .select(sql<number>`ts_rank(document, ${q})`.as('rank'))
        .where('organisation_id', '=', organisation)
        .where('status', '=', 'published')
        .where(sql<boolean>`document @@ ${q}`)
        .orderBy('rank', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ source: 'article' as const, id: r.id, title: r.title, text: r.body, rank: Number(r.rank) }));
    },
  };
  const faq: HelpSearchSource = {
    route: 'faq',
    async search(organisation, tsquery, limit) {
      const q = sql`to_tsquery('simple', ${tsquery})`;
      const rows = await db
        .selectFrom('faq_entries')
        .select(['id', 'question', 'answer'])
        .select(sql<number>`ts_rank(document, ${q})`.as('rank'))
        .where('organisation_id', '=', organisation)
        .where(sql<boolean>`document @@ ${q}`)
        .orderBy('rank', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ source: 'faq' as const, id: r.id, title: r.question, text: r.answer, rank: Number(r.rank) }));
    },
  };
  return [articles, faq];
}
