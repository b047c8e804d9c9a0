// Seeds the demo organisations' knowledge base and FAQ (only while DEMO_DATA is on). Each
// article and entry carries a seed key unique in its organisation, so a restart adds only what
// is missing and never duplicates; an article an editor deleted is not brought back once the
// organisation has been seeded (the audit's `kb.seed` entry records that it was).
import { ensureOrganisation, hasAuditEntry, writeAudit } from '../../platform/store/audit.js';
import type { StoreDb } from '../../platform/store/openStore.js';
import { demoArticles, demoFaq } from './demoArticles.js';

const seeder = (organisation: string) => ({ organisation, subject: 'system', username: 'dataworks', roles: ['admin'] });

export async function seedKnowledge(db: StoreDb, organisations: readonly string[]): Promise<void> {
  for (const organisation of organisations) {
    await db.transaction().execute(async (tx) => {
      if (await hasAuditEntry(tx, organisation, 'kb.seed')) return;
      await ensureOrganisation(tx, organisation);
      for (const article of demoArticles) {
        await tx
          .insertInto('kb_articles')
          .values({
            organisation_id: organisation,
            title: article.title,
            body: article.body,
            category: article.category,
            tags: JSON.stringify(article.tags),
            tags_text: article.tags.join(' '),
            status: 'published',
            author_subject: 'system',
            author_username: 'dataworks',
            seed_key: article.key,
          })
          .onConflict((oc) => oc.columns(['organisation_id', 'seed_key']).doNothing())
          .execute();
      }
      for (const [position, entry] of demoFaq.entries()) {
        await tx
          .insertInto('faq_entries')
          .values({
            organisation_id: organisation,
            topic: entry.topic,
            question: entry.question,
            answer: entry.answer,
            position: position + 1,
            seed_key: entry.key,
          })
          .onConflict((oc) => oc.columns(['organisation_id', 'seed_key']).doNothing())
          .execute();
      }
      await writeAudit(tx, seeder(organisation), {
        action: 'kb.seed',
        target: organisation,
        details: { articles: demoArticles.length, faq: demoFaq.length },
      });
    });
  }
}
