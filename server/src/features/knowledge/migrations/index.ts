// The knowledge area's migrations of the portal store (its first tables were created with the
// platform's, migration 006). Names are numbered across the whole store (the next free number,
// see docs/architecture.md); never edit one that has shipped.
import type { Migration } from 'kysely';
import { kbArticleSearch } from './027_kb_article_search.js';

export const migrations: Record<string, Migration> = {
  '027_kb_article_search': kbArticleSearch,
};
