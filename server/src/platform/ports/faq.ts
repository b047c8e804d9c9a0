// The FAQ as Hive promotes answered questions into it (the knowledge area, which keeps the FAQ,
// provides it). Both calls take the caller's transaction, so a promotion and its audit entry are
// written together or not at all.
import type { StoreDb } from '../store/openStore.js';
import { definePort } from './portRegistry.js';

export interface FaqShelf {
  /** The FAQ entry made from a Hive question, if there is one. */
  entryForQuestion(db: StoreDb, organisation: string, hiveQuestionId: string): Promise<string | null>;
  /** Adds an entry at the end of its topic; returns its id. */
  addFromQuestion(
    db: StoreDb,
    entry: { organisation: string; topic: string; question: string; answer: string; hiveQuestionId: string },
  ): Promise<string>;
}

export const faqPort = definePort<FaqShelf>('faq');
