// The organisation's help content as the help assistant searches it. The knowledge base, FAQ and
// Hive each add a source here; the assistant asks those the caller may open (the access table)
// instead of reading their tables.
import type { AssistantSource } from '@common/assistant/assistantContract';
import type { AppRouteId } from '@common/paths';
import { defineExtensionPoint } from './portRegistry.js';

/** One document a search found: its title, its text (markdown) and the search engine's rank. */
export interface HelpCandidate {
  source: AssistantSource;
  id: string;
  title: string;
  text: string;
  rank: number;
}

export interface HelpSearchSource {
  /** The page whose readers may see these documents. */
  route: AppRouteId;
  /** The best `limit` documents for a PostgreSQL full-text query (`to_tsquery('simple', …)` text). */
  search(organisation: string, tsquery: string, limit: number): Promise<HelpCandidate[]>;
}

export const helpSearchSources = defineExtensionPoint<HelpSearchSource>('help search sources');
