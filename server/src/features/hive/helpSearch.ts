// Hive's answered questions as the help assistant searches them (a help search source). Only
// answers the asker accepted count: an open question's answers are not yet known to help.
import { sql } from 'kysely';
import type { HelpSearchSource } from '../../platform/ports/index.js';
import type { StoreDb } from '../../platform/store/openStore.js';

export function hiveSearchSource(db: StoreDb): HelpSearchSource {
  return {
    route: 'hive',
    async search(organisation, tsquery, limit) {
      const q = sql`to_tsquery('simple', ${tsquery})`;
      const rows = await db
        .selectFrom('hive_questions as q')
        .innerJoin('hive_answers as a', 'a.id', 'q.accepted_answer_id')
        .select(['q.id', 'q.title', 'a.body'])
        .select(sql<number>`ts_rank(q.document || a.document, ${q})`.as('rank'))
        .where('q.organisation_id', '=', organisation)
        .where(sql<boolean>`(q.document @@ ${q} OR a.document @@ ${q})`)
        .orderBy('rank', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ source: 'hive' as const, id: r.id, title: r.title, text: r.body, rank: Number(r.rank) }));
    },
  };
}
